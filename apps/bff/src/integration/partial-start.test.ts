import { ManualClock } from '@pdbscope/sim/clock';
import type { ClusterResponse } from '@pdbscope/shared/api';
import { afterEach, describe, expect, it } from 'vitest';
import { getJson, startHarness, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/**
 * The BFF's clock held still: no backoff, retry or probe ever fires, so being ready shows that
 * nothing waited for one (a refused source that held readiness until it was retried, a 403 that
 * was retried before falling back would never get there).
 */
const stillClock = () => new ManualClock(new Date('2026-11-21T19:00:00Z'));

describe('start-up with part of the cluster refused', () => {
  it('is ready without waiting for any timer when one namespace’s pods are refused', async () => {
    const harness = (h = await startHarness({
      clock: stillClock(),
      beforeBff: (sim) => sim.faults.forbidIn('pods', 'zookeeper'),
    }));
    await harness.bff.ready();
    const cluster = (await getJson<ClusterResponse>(harness.bff, '/api/cluster')).body;
    expect([
      cluster.ready,
      cluster.notVisible,
      cluster.sources.filter((s) => s.id.startsWith('pods')).some((s) => s.id === 'pods'),
      cluster.sources.find((s) => s.id === 'pods@zookeeper')?.state,
    ]).toStrictEqual([
      true,
      ['not visible: no permission to list pods in zookeeper'],
      false,
      'refused',
    ]);
  });

  it('is ready without waiting for any timer when nothing is refused either (the reference)', async () => {
    const harness = (h = await startHarness({ clock: stillClock() }));
    await harness.bff.ready();
    const cluster = (await getJson<ClusterResponse>(harness.bff, '/api/cluster')).body;
    expect([cluster.ready, cluster.notVisible]).toStrictEqual([true, undefined]);
  });
});
