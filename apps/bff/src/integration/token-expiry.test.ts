import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type SimHandle } from '@pdbscope/sim';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kubeConfigFromString } from '../kube/kubeconfig.js';
import { startBff, type Bff } from '../server.js';
import { freshList, indexContents, simControl } from './harness.js';

const TOKEN_TTL_MS = 1_500;

let sim: SimHandle;
let bff: Bff;
let dir: string;

/**
 * An exec plugin as cloud providers ship them: each run gets a new token from the issuer (here the
 * simulator's token fault, which then accepts it for TOKEN_TTL_MS) and prints an ExecCredential
 * with its expiry; every token issued is appended to `tokens`.
 */
function writePlugin(simUrl: string): string {
  const script = join(dir, 'plugin.mjs');
  writeFileSync(
    script,
    `#!${process.execPath}
import { appendFileSync } from 'node:fs';
const token = 'exec-' + Math.random().toString(36).slice(2);
const res = await fetch(${JSON.stringify(`${simUrl}/_sim/faults/tokens`)}, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ token, ttlMs: ${TOKEN_TTL_MS} }),
});
const { expirationTimestamp } = await res.json();
appendFileSync(${JSON.stringify(join(dir, 'tokens'))}, token + '\\n');
process.stdout.write(JSON.stringify({
  apiVersion: 'client.authentication.k8s.io/v1',
  kind: 'ExecCredential',
  status: { token, expirationTimestamp },
}));
`,
  );
  chmodSync(script, 0o755);
  return script;
}

const issued = (): string[] =>
  readFileSync(join(dir, 'tokens'), 'utf8')
    .split('\n')
    .filter((t) => t !== '');

async function converged(): Promise<void> {
  await vi.waitFor(
    async () => {
      const index = bff.store.index;
      if (!index) throw new Error('not ready');
      expect(indexContents(index, bff.store.namespaces())).toStrictEqual(await freshList(sim));
    },
    { timeout: 15_000, interval: 100 },
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pdbscope-token-'));
  sim = await startSim({ port: 0, demo: true, activity: false, readyDelayMs: 0 });
  // The test's own fresh lists use the simulator's kubeconfig token, accepted for good.
  sim.faults.acceptToken('pdbscope-sim');
  const plugin = writePlugin(sim.url);
  const kubeconfig = `apiVersion: v1
kind: Config
clusters: [{ name: sim, cluster: { server: "${sim.url}", insecure-skip-tls-verify: true } }]
users:
  - name: exec
    user:
      exec: { apiVersion: client.authentication.k8s.io/v1, command: "${plugin}", interactiveMode: Never }
contexts: [{ name: sim, context: { cluster: sim, user: exec } }]
current-context: sim
`;
  bff = await startBff({
    source: { kind: 'cluster', cluster: kubeConfigFromString(kubeconfig) },
    logger: pino({ level: 'silent' }),
    port: 0,
    tuning: {
      backoff: { initialMs: 20, maxMs: 200 },
      watchTimeoutSeconds: 30,
      watchdogMs: 60_000,
      listPageSize: 5,
    },
  });
  await bff.ready();
});

afterAll(async () => {
  await bff.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the BFF with an exec plugin whose tokens expire', () => {
  it('stays live across token expiry: a paged relist with a new token', async () => {
    await converged();
    const first = issued()[0] ?? '';
    await new Promise((resolve) => setTimeout(resolve, TOKEN_TTL_MS + 200));
    // The first token is refused now, as kube-apiserver refuses an expired one.
    const refused = await fetch(`${sim.url}/api/v1/pods`, {
      headers: { Authorization: `Bearer ${first}` },
    });
    await refused.arrayBuffer();
    // Every watch ends with 410: each source relists, in pages of 5, after its token expired.
    await simControl(sim, '/_sim/faults/expire-watches');
    await simControl(sim, '/_sim/pods/zookeeper/zookeeper-2/ready', { ready: false });
    await converged();
    await vi.waitFor(
      () =>
        expect(
          bff.store.sourceStates().filter((s) => s.state !== 'live' && s.state !== 'absent'),
        ).toStrictEqual([]),
      { timeout: 10_000 },
    );
    expect([refused.status, issued().length >= 2]).toStrictEqual([401, true]);
  });
});
