import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SimHandle } from '@pdbscope/sim';

export interface ExecPluginUser {
  /** A kubeconfig for the simulator whose user is the exec plugin. */
  kubeconfig: string;
  /** Every token the plugin issued, oldest first. */
  issued(): string[];
  /** Removes the plugin's directory. */
  remove(): void;
}

/**
 * An exec plugin as cloud providers ship them (EKS, GKE, AKS): each run gets a new token from the
 * issuer (here the simulator's token fault, which accepts it for `ttlMs`) and prints an
 * ExecCredential with its expiry. The simulator's own kubeconfig token stays accepted for good, so
 * the tests' fresh lists keep working.
 */
export function execPluginUser(sim: SimHandle, ttlMs: number): ExecPluginUser {
  const dir = mkdtempSync(join(tmpdir(), 'pdbscope-token-'));
  sim.faults.acceptToken('pdbscope-sim');
  const script = join(dir, 'plugin.mjs');
  const tokens = join(dir, 'tokens');
  writeFileSync(tokens, '');
  writeFileSync(
    script,
    `#!${process.execPath}
import { appendFileSync } from 'node:fs';
const token = 'exec-' + Math.random().toString(36).slice(2);
const res = await fetch(${JSON.stringify(`${sim.url}/_sim/faults/tokens`)}, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ token, ttlMs: ${ttlMs} }),
});
const { expirationTimestamp } = await res.json();
appendFileSync(${JSON.stringify(tokens)}, token + '\\n');
process.stdout.write(JSON.stringify({
  apiVersion: 'client.authentication.k8s.io/v1',
  kind: 'ExecCredential',
  status: { token, expirationTimestamp },
}));
`,
  );
  chmodSync(script, 0o755);
  return {
    kubeconfig: `apiVersion: v1
kind: Config
clusters: [{ name: sim, cluster: { server: "${sim.url}", insecure-skip-tls-verify: true } }]
users:
  - name: exec
    user:
      exec: { apiVersion: client.authentication.k8s.io/v1, command: "${script}", interactiveMode: Never }
contexts: [{ name: sim, context: { cluster: sim, user: exec } }]
current-context: sim
`,
    issued: () =>
      readFileSync(tokens, 'utf8')
        .split('\n')
        .filter((t) => t !== ''),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
