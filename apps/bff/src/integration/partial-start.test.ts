import { ManualClock } from '@pdbscope/sim/clock';
import type { ClusterResponse } from '@pdbscope/shared/api';
import type { SimHandle } from '@pdbscope/sim';
import { performance } from 'node:perf_hooks';
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

/** Milliseconds from the BFF's start to its readiness, on a real clock, after `setUp` on the sim. */
async function timeToReady(setUp: (sim: SimHandle) => void): Promise<number> {
  let started = 0;
  const harness = (h = await startHarness({
    beforeBff: (sim) => {
      setUp(sim);
      started = performance.now();
    },
  }));
  await harness.bff.ready();
  const elapsed = performance.now() - started;
  await harness.close();
  h = undefined;
  return elapsed;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

describe('start-up time with one namespace refused', () => {
  it('is within twice the time with nothing refused, both measured in this run', async () => {
    // Interleaved, so that a slow moment of a shared machine falls on both; the median of each.
    const none: number[] = [];
    const refused: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      none.push(await timeToReady(() => undefined));
      refused.push(await timeToReady((sim) => sim.faults.forbidIn('pods', 'zookeeper')));
    }
    const ratio = median(refused) / median(none);
    console.info(
      `ready: ${median(none).toFixed(0)} ms with nothing refused, ${median(refused).toFixed(0)} ms with pods@zookeeper refused (ratio ${ratio.toFixed(2)})`,
    );
    expect(ratio).toBeLessThan(2);
  }, 60_000);
});
