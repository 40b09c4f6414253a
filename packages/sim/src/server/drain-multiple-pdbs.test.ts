import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../store/index.js';
import { pdb, seedShop } from './__fixtures__/cluster.js';
import type { Harness } from './__fixtures__/harness.js';
import { startHarness } from './__fixtures__/harness.js';

const MORE_THAN_ONE =
  'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';

/** The shop with a second budget over the same web pods (both allow a disruption). */
function seedOverlappingShop(store: ObjectStore): void {
  seedShop(store);
  const created = store.create(
    'poddisruptionbudgets',
    {
      ...pdb('web-all', { maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } }),
      status: {
        observedGeneration: 1,
        disruptionsAllowed: 1,
        currentHealthy: 3,
        desiredHealthy: 2,
        expectedPods: 3,
        disruptedPods: {},
      },
    },
    { preserveStatus: true },
  );
  if (!created.ok) throw new Error(`seed failed: ${JSON.stringify(created)}`);
}

let h: Harness;

beforeAll(async () => {
  h = await startHarness(seedOverlappingShop);
});

afterAll(async () => {
  await h.close();
});

describe('kubectl drain of pods under two PodDisruptionBudgets (the API server answers HTTP 500)', () => {
  it("prints kubectl's own error for each pod and exits 1 without waiting for them", async () => {
    // With a 201 kubectl would believe the pods evicted and wait until --timeout for them to go.
    const r = await h.kubectl(['drain', 'node-a', '--timeout=45s', '--pod-selector=app=web']);
    expect(r.code).toBe(1);
    for (const name of ['web-1', 'web-2'])
      expect(r.stderr).toContain(`error when evicting pods/"${name}" -n "shop": ${MORE_THAN_ONE}`);
    expect(r.stderr).not.toContain('timed out');
    expect(r.stderr).not.toContain('global timeout');
    const left = ['web-1', 'web-2'].map(
      (name) => h.store.get('pods', 'shop', name)?.metadata.deletionTimestamp ?? 'kept',
    );
    expect(left).toStrictEqual(['kept', 'kept']);
    const budgets = ['web', 'web-all'].map(
      (name) =>
        (
          h.store.get('poddisruptionbudgets', 'shop', name)?.status as {
            disruptionsAllowed: number;
          }
        ).disruptionsAllowed,
    );
    expect(budgets).toStrictEqual([1, 1]);
  });

  it('answers the eviction itself with an HTTP 500 status line and the Status body', async () => {
    const res = await fetch(`${h.server.url}/api/v1/namespaces/shop/pods/web-3/eviction`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        apiVersion: 'policy/v1',
        kind: 'Eviction',
        metadata: { name: 'web-3', namespace: 'shop' },
      }),
    });
    expect([res.status, await res.json()]).toStrictEqual([
      500,
      {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: MORE_THAN_ONE,
        code: 500,
      },
    ]);
  });
});
