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
    try {
      const r = await h.kubectl(['drain', 'node-a', '--timeout=8s', '--pod-selector=app=web']);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('node/node-a cordoned');
      expect(r.stderr).toContain(`error when evicting pods/"web-2" -n "shop" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`);
    } finally {
      clearInterval(ticker);
    }
    expect([h.store.get('pods', 'shop', 'web-1'), h.store.get('pods', 'shop', 'web-2')?.metadata.deletionTimestamp]).toStrictEqual([undefined, undefined]);
    const status = h.store.get('poddisruptionbudgets', 'shop', 'web')?.status as { disruptionsAllowed: number; disruptedPods: Record<string, string> };
    expect([status.disruptionsAllowed, Object.keys(status.disruptedPods)]).toStrictEqual([0, ['web-1']]);
    expect(h.store.get('nodes', undefined, 'node-a')?.spec).toStrictEqual({ podCIDR: '10.244.1.0/24', unschedulable: true });
  });
});
