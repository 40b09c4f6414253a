import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSim, type SimHandle } from '@pdbscope/sim';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kubeConfigFromString } from '../kube/kubeconfig.js';
import { startBff, type Bff } from '../server.js';
import { freshList, indexContents } from './harness.js';

/** Test-only certificates: a CA, the server's for 127.0.0.1, client-a and client-b (see kube/client-cert.test.ts). */
const tlsDir = fileURLToPath(new URL('../__fixtures__/tls/', import.meta.url));
const pem = (name: string) => readFileSync(join(tlsDir, name), 'utf8');

let sim: SimHandle;
let bff: Bff;
let dir: string;
const use = (client: 'a' | 'b') => writeFileSync(join(dir, 'current'), client);

/**
 * An exec plugin that issues client certificates with a short life (as some providers' plugins
 * do): it prints the one named in `current`, valid for a second, and logs each it issued.
 */
function kubeconfig(): string {
  const script = join(dir, 'cert-plugin.mjs');
  writeFileSync(
    script,
    `#!${process.execPath}
import { appendFileSync, readFileSync } from 'node:fs';
const client = readFileSync(${JSON.stringify(join(dir, 'current'))}, 'utf8');
const read = (f) => readFileSync(${JSON.stringify(tlsDir)} + f, 'utf8');
appendFileSync(${JSON.stringify(join(dir, 'issued'))}, client + '\\n');
process.stdout.write(JSON.stringify({
  apiVersion: 'client.authentication.k8s.io/v1',
  kind: 'ExecCredential',
  status: {
    clientCertificateData: read('client-' + client + '.crt'),
    clientKeyData: read('client-' + client + '.key'),
    expirationTimestamp: new Date(Date.now() + 1000).toISOString(),
  },
}));
`,
  );
  chmodSync(script, 0o755);
  return `apiVersion: v1
kind: Config
clusters: [{ name: sim, cluster: { server: "${sim.url}", certificate-authority-data: "${Buffer.from(pem('ca.crt')).toString('base64')}" } }]
users:
  - name: cert-exec
    user:
      exec: { apiVersion: client.authentication.k8s.io/v1, command: "${script}", interactiveMode: Never }
contexts: [{ name: sim, context: { cluster: sim, user: cert-exec } }]
current-context: sim
`;
}

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
  dir = mkdtempSync(join(tmpdir(), 'pdbscope-cert-'));
  use('a');
  sim = await startSim({
    port: 0,
    demo: true,
    activity: false,
    readyDelayMs: 0,
    tls: { cert: pem('server.crt'), key: pem('server.key'), ca: pem('ca.crt') },
  });
  bff = await startBff({
    source: { kind: 'cluster', cluster: kubeConfigFromString(kubeconfig()) },
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

describe('the BFF over TLS with an exec plugin that rotates client certificates', () => {
  it('moves to the new certificate when the old one is revoked: every source live again', async () => {
    await converged();
    use('b');
    sim.faults.revokeClientCert('client-a');
    // Every watch ends with 410: each source relists, in pages, and watches again.
    sim.faults.expireWatches();
    sim.faults.setPodReady('zookeeper', 'zookeeper-2', false);
    await converged();
    await vi.waitFor(
      () =>
        expect(
          bff.store.sourceStates().filter((s) => s.state !== 'live' && s.state !== 'absent'),
        ).toStrictEqual([]),
      { timeout: 10_000 },
    );
    const issued = readFileSync(join(dir, 'issued'), 'utf8').split('\n');
    expect([issued[0], issued.includes('b')]).toStrictEqual(['a', true]);
  });
});
