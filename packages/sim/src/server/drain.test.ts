import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedShop } from './__fixtures__/cluster.js';
import type { Harness } from './__fixtures__/harness.js';
import { startHarness } from './__fixtures__/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness(seedShop);
});

afterAll(async () => {
  await h.close();
});

describe('kubectl drain against the simulator (no controllers running)', () => {
  it('evicts what the budget allows and stops at the budget', async () => {
    // Time only moves for graceful deletions while kubectl waits for them.
    const ticker = setInterval(() => h.clock.advance(5_000), 100);
    let stderr = '';
    try {
      const r = await h.kubectl(['drain', 'node-a', '--timeout=15s', '--pod-selector=app=web']);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('node/node-a cordoned');
      stderr = r.stderr;
    } finally {
      clearInterval(ticker);
    }
    // kubectl evicts both pods of node-a concurrently: whichever comes first takes the one disruption.
    const left = ['web-1', 'web-2'].filter(
      (name) => h.store.get('pods', 'shop', name) !== undefined,
    );
    expect(left.length).toBe(1);
    const kept = left[0] ?? '';
    const evicted = kept === 'web-1' ? 'web-2' : 'web-1';
    expect(h.store.get('pods', 'shop', kept)?.metadata.deletionTimestamp).toBeUndefined();
    expect(stderr).toContain(
      `error when evicting pods/"${kept}" -n "shop" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
    );
    const status = h.store.get('poddisruptionbudgets', 'shop', 'web')?.status as {
      disruptionsAllowed: number;
      disruptedPods: Record<string, string>;
    };
    expect([status.disruptionsAllowed, Object.keys(status.disruptedPods)]).toStrictEqual([
      0,
      [evicted],
    ]);
    expect(h.store.get('nodes', undefined, 'node-a')?.spec).toStrictEqual({
      podCIDR: '10.244.1.0/24',
      unschedulable: true,
    });
  });
});
