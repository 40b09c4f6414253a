import { createServer } from 'node:net';
import { kubeconfigFor, startSim, type SimHandle } from '@pdbscope/sim';
import type { ClusterResponse, HealthResponse } from '@pdbscope/shared/api';
import { pino } from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { kubeConfigFromString } from '../kube/kubeconfig.js';
import { startBff, type Bff } from '../server.js';
import { getJson } from './harness.js';

/** A port nothing listens on (taken, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let bff: Bff | undefined;
let sim: SimHandle | undefined;

afterAll(async () => {
  await bff?.close();
  await sim?.close();
});

describe('starting while the API server cannot be reached', () => {
  it('serves the page with every source degraded and why, retries, and is ready after the first sync', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const kubeconfig = kubeconfigFor(url);
    bff = await startBff({
      source: { kind: 'cluster', cluster: kubeConfigFromString(kubeconfig) },
      logger: pino({ level: 'silent' }),
      port: 0,
      tuning: { backoff: { initialMs: 20, maxMs: 200 } },
    });
    const cluster = await getJson<ClusterResponse>(bff, '/api/cluster');
    expect(cluster.status).toBe(200);
    expect(
      cluster.body.sources.map((s) => [s.id, s.state, s.reason?.replace(/: .*$/, ': …')]),
    ).toStrictEqual(
      [
        'deployments.apps',
        'nodes',
        'poddisruptionbudgets.policy',
        'pods',
        'replicasets.apps',
        'replicationcontrollers',
        'statefulsets.apps',
      ].map((id) => [id, 'degraded', 'the API server cannot be reached: …']),
    );
    expect(cluster.body.sources[0]?.reason).toMatch(/ECONNREFUSED/);
    const notReady = await getJson<HealthResponse>(bff, '/readyz');
    expect(notReady.status).toBe(503);
    sim = await startSim({ port, demo: true, activity: false, readyDelayMs: 0 });
    await bff.ready();
    const live = await getJson<ClusterResponse>(bff, '/api/cluster');
    await vi.waitFor(async () => {
      const now = await getJson<ClusterResponse>(bff!, '/api/cluster');
      expect(
        now.body.sources.filter((s) => s.state !== 'live' && s.state !== 'absent'),
      ).toStrictEqual([]);
    });
    expect(live.body.sources.map((s) => s.id)).toContain('podunavailablebudgets.policy.kruise.io');
    expect((await fetch(`${bff.url}/readyz`)).status).toBe(200);
  });
});
