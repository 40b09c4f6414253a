import type { ClusterResponse, ServerEvent } from '@pdbscope/shared/api';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allLive,
  converged,
  getJson,
  listen,
  simControl,
  startHarness,
  type Harness,
} from './harness.js';

let h: Harness;
const lines: { level: number; msg: string; cause?: string; reason?: string }[] = [];

beforeAll(async () => {
  h = await startHarness({
    logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
    tuning: { identityCheckMs: 200 },
  });
  await h.bff.ready();
});
afterAll(async () => {
  await h.close();
});

const identityChanged = (e: ServerEvent) => e.type === 'cluster-identity-changed';

/** Past the quiet time in which a second change counts as the first one. */
const quietTime = () => new Promise((resolve) => setTimeout(resolve, 5_100));

describe('the cluster identity', () => {
  it('a rewound resourceVersion: one identity event saying so, on /api/cluster too, every source relisted', async () => {
    const stream = listen(h.bff);
    await simControl(h.sim, '/_sim/faults/restart', { rewind: true });
    const event = await stream.next(identityChanged);
    await converged(h);
    stream.close();
    expect(event.type === 'cluster-identity-changed' && event.change).toStrictEqual({
      at: expect.any(String),
      cause: 'resource-version-rewound',
      reason: expect.stringMatching(
        /^resourceVersion went back from \d+ to \d+: the cluster was restored or replaced$/,
      ),
      sourceId: expect.any(String),
    });
    const cluster = await getJson<ClusterResponse>(h.bff, '/api/cluster');
    expect(cluster.body.identityChange).toStrictEqual(
      event.type === 'cluster-identity-changed' ? event.change : undefined,
    );
    // Every source went through a relist for it, whichever noticed first.
    const relisted = new Set(
      stream.events.flatMap((e) =>
        e.type === 'source-changed' && e.source.state === 'syncing' ? [e.source.id] : [],
      ),
    );
    expect([...relisted].sort()).toStrictEqual(
      h.bff.sources
        .states()
        .filter((s) => s.state !== 'absent')
        .map((s) => s.id)
        .sort(),
    );
    expect(stream.events.filter(identityChanged)).toHaveLength(1);
  });

  it('another cluster at the same address (new UIDs, versions moving on): the kube-system UID tells', async () => {
    await quietTime();
    const before = h.sim.store.get('namespaces', undefined, 'kube-system')?.metadata.uid;
    const stream = listen(h.bff);
    await simControl(h.sim, '/_sim/faults/restart', { newUids: true });
    const event = await stream.next(identityChanged);
    await converged(h);
    stream.close();
    const after = h.sim.store.get('namespaces', undefined, 'kube-system')?.metadata.uid;
    const reason = `the kube-system namespace changed its UID from ${before} to ${after}: another cluster answers at this address`;
    expect(event.type === 'cluster-identity-changed' && event.change).toStrictEqual({
      at: expect.any(String),
      cause: 'kube-system-uid-changed',
      reason,
      sourceId: 'namespaces/kube-system',
    });
    expect(
      lines
        .filter((l) => l.msg === 'the cluster was restored or replaced: relisting everything')
        .map((l) => [l.level, l.cause, l.reason])
        .at(-1),
    ).toStrictEqual([40, 'kube-system-uid-changed', reason]);
    await allLive(h.bff);
    const pod = [...(h.bff.store.index?.podsInNamespace('zookeeper') ?? [])][0];
    expect(pod?.uid).toBe(h.sim.store.get('pods', 'zookeeper', pod?.name ?? '')?.metadata.uid);
  });
});
