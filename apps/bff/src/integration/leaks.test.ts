import { Writable } from 'node:stream';
import { startSim, type SimHandle } from '@pdbscope/sim';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kubeConfigFromString, logWithoutUserinfo } from '../kube/kubeconfig.js';
import { startBff, type Bff } from '../server.js';

const PASSWORD = 's3cr3t-passw0rd-in-url';
const TOKEN = 'kubeconfig-bearer-token-9f8e7d';
const KEY = 'LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCmZha2Uta2V5LWJ5dGVzCg==';
const SECRETS = [PASSWORD, TOKEN, KEY, Buffer.from(KEY, 'base64').toString()];

let sim: SimHandle;
let bff: Bff;
const logs: string[] = [];

beforeAll(async () => {
  sim = await startSim({ port: 0, demo: true, activity: false, readyDelayMs: 0 });
  const server = sim.url.replace('http://', `http://admin:${PASSWORD}@`);
  const kubeconfig = `apiVersion: v1
kind: Config
clusters:
- name: c
  cluster: {server: "${server}", insecure-skip-tls-verify: true}
contexts:
- name: c
  context: {cluster: c, user: u}
current-context: c
users:
- name: u
  user: {token: "${TOKEN}", client-key-data: "${KEY}"}
`;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  bff = await startBff({
    source: { kind: 'cluster', cluster: kubeConfigFromString(kubeconfig) },
    logger: pino({ level: 'debug', formatters: { log: logWithoutUserinfo } }, sink),
    port: 0,
    tuning: { backoff: { initialMs: 20, maxMs: 200 } },
  });
});

afterAll(async () => {
  await bff.close();
  await sim.close();
});

async function text(path: string): Promise<string> {
  const res = await fetch(`${bff.url}${path}`);
  return `${res.status} ${JSON.stringify([...res.headers])} ${await res.text()}`;
}

describe('credentials never leave the BFF', () => {
  it('no answer and no log line holds any part of the kubeconfig secrets', async () => {
    // Whether or not the sources sync (the server URL carries userinfo), give them time to fail.
    await vi.waitFor(
      () => expect(bff.sources.states().every((s) => s.state !== 'syncing')).toBe(true),
      { timeout: 10_000 },
    );
    const answers = await Promise.all(
      [
        '/api/cluster',
        '/readyz',
        '/livez',
        '/healthz',
        '/api/budgets',
        '/api/nodes',
        '/api/findings',
        '/api/overlaps',
        '/api/openapi.json',
        '/nope',
      ].map(text),
    );
    const cluster = JSON.parse(answers[0]?.slice(answers[0].indexOf(' {') + 1) ?? '{}') as {
      server: string;
    };
    expect(cluster.server).toBe(sim.url);
    for (const secret of SECRETS) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      for (const line of logs) expect(line).not.toContain(secret);
    }
    expect(answers.join('\n')).not.toContain('admin:');
  });
});
