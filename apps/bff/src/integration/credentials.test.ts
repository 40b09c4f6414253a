import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourceState } from '@pdbscope/shared/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHarness, type Harness } from './harness.js';

let h: Harness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** An exec plugin that always prints the same token, whatever the API server thinks of it. */
function fixedTokenPlugin(token: string): string {
  dir = mkdtempSync(join(tmpdir(), 'pdbscope-stale-'));
  const script = join(dir, 'stale-plugin.mjs');
  writeFileSync(
    script,
    `#!${process.execPath}
process.stdout.write(JSON.stringify({
  apiVersion: 'client.authentication.k8s.io/v1',
  kind: 'ExecCredential',
  status: { token: ${JSON.stringify(token)} },
}));
`,
  );
  chmodSync(script, 0o755);
  return script;
}

describe('credentials the API server refuses (401)', () => {
  it('shows every source in the credentials state with the exec plugin to run, then recovers once they are valid', async () => {
    const script = fixedTokenPlugin('expired-token');
    const harness = (h = await startHarness({
      beforeBff: (sim) => sim.faults.acceptToken('pdbscope-sim'),
      kubeconfig: (sim) => `apiVersion: v1
kind: Config
clusters: [{ name: sim, cluster: { server: "${sim.url}", insecure-skip-tls-verify: true } }]
users:
  - name: exec
    user:
      exec: { apiVersion: client.authentication.k8s.io/v1, command: "${script}", interactiveMode: Never }
contexts: [{ name: sim, context: { cluster: sim, user: exec } }]
current-context: sim
`,
    }));
    const pods = await vi.waitFor(
      () => {
        const state = harness.bff.sources.states().find((s) => s.id === 'pods');
        expect(state?.state).toBe('credentials');
        return state;
      },
      { timeout: 10_000 },
    );
    expect(pods).toStrictEqual({
      id: 'pods',
      resource: 'v1 pods',
      state: 'credentials',
      reason: `the API server refused the credentials (401 Unauthorized): the token of user "exec" comes from its exec plugin; run \`${script}\` to check it issues a valid token (log in again if it fails)`,
      since: (pods as SourceState).since,
      objects: 0,
      forbiddenNamespaces: [],
    });
    expect(harness.bff.sources.states().every((s) => s.state === 'credentials')).toBe(true);
    // The credentials are valid again (the user logged in): it resumes by itself.
    harness.sim.faults.acceptToken('expired-token');
    await harness.bff.ready();
  });
});
