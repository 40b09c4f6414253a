import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { drainableNow, type DrainableNow } from '../eviction/drainable-now.js';
import { Model } from './__fixtures__/changes.js';
import { NOW } from './__fixtures__/objects.js';
import { ClusterIndex } from './cluster-index.js';
import {
  hiddenWorld,
  withoutZookeeperPods,
  ZOOKEEPER_PODS_REFUSED,
} from './__fixtures__/hidden.js';
import { NodeCache } from './node-cache.js';

const drainable = (index: ClusterIndex) => (node: string) =>
  drainableNow({ index, node, now: index.now });

/** Every node worked out again from scratch: what the cache must always equal. */
const fresh = (index: ClusterIndex): Map<string, DrainableNow> =>
  new Map(index.nodeNames().map((node) => [node, drainable(index)(node)]));

describe('NodeCache of drainable now', () => {
  it('equals every node worked out from scratch after any sequence of changes, clock moves and fills', () => {
    // Op 9 moves the clock by `b` seconds (disruptedPods entries expire); op 10 fills up to `a % 4`
    // nodes (the BFF's slices after ready).
    const steps = fc.array(fc.tuple(fc.nat(10), fc.nat(1000), fc.nat(1000)), {
      minLength: 1,
      maxLength: 40,
    });
    fc.assert(
      fc.property(steps, fc.boolean(), fc.boolean(), (sequence, readEachTime, readFirst) => {
        const model = new Model();
        const index = model.fresh();
        const cache = new NodeCache({ index, compute: drainable(index) });
        if (readFirst) expect(cache.all()).toStrictEqual(fresh(index));
        let now = NOW.getTime();
        for (const [kind, a, b] of sequence) {
          if (kind === 10) {
            const before = cache.computations;
            const full = cache.fill(a % 4);
            expect(cache.computations - before).toBeLessThanOrEqual(a % 4);
            if (full) {
              // Every node current: reading them all works nothing out again.
              const filled = cache.computations;
              expect(cache.all()).toStrictEqual(fresh(index));
              expect(cache.computations).toBe(filled);
            }
            continue;
          }
          if (kind === 9) {
            now += b * 1000;
            cache.after(undefined, index.evaluate(new Date(now)));
          } else {
            const change = model.change([kind, a, b]);
            if (!change) continue;
            cache.before(change);
            cache.after(change, index.apply(change, new Date(now)));
          }
          if (readEachTime) expect(cache.all()).toStrictEqual(fresh(index));
        }
        expect(cache.all()).toStrictEqual(fresh(index));
      }),
      { numRuns: 150 },
    );
  });

  it('fills in slices of at most the given count, then has every node and works none out again', () => {
    const model = new Model();
    const index = model.fresh();
    const cache = new NodeCache({ index, compute: drainable(index) });
    const nodes = index.nodeNames().length;
    const slices: number[] = [];
    for (let full = false; !full;) {
      const before = cache.computations;
      full = cache.fill(3);
      slices.push(cache.computations - before);
    }
    expect(slices).toStrictEqual([
      ...Array.from({ length: Math.floor(nodes / 3) }, () => 3),
      ...(nodes % 3 === 0 ? [] : [nodes % 3]),
    ]);
    expect(cache.fill(3)).toBe(true);
    expect(cache.all()).toStrictEqual(fresh(index));
    expect(cache.computations).toBe(nodes);
  });

  it('records which budgets each node read as it fills, so the next change reads no node', () => {
    const model = new Model();
    const index = model.fresh();
    const cache = new NodeCache({ index, compute: (node) => index.podsOnNode(node).length });
    while (!cache.fill(2));
    const reads = vi.spyOn(index, 'podsOnNodeWithBudgets');
    const change = model.change([1, 0, 0]);
    if (!change) throw new Error('the shop world has pods');
    cache.before(change);
    cache.after(change, index.apply(change));
    expect(reads).not.toHaveBeenCalled();
    // After `all` instead, the same change records every node's reads.
    const other = new NodeCache({ index, compute: (node) => index.podsOnNode(node).length });
    other.all();
    const next = model.change([1, 1, 0]);
    if (!next) throw new Error('the shop world has pods');
    other.before(next);
    other.after(next, index.apply(next));
    expect(reads).toHaveBeenCalledTimes(index.nodeNames().length);
  });

  it('works out again only the nodes a change can reach', () => {
    const model = new Model();
    const index = model.fresh();
    const cache = new NodeCache({ index, compute: drainable(index) });
    cache.all();
    const cold = cache.computations;
    expect(cold).toBe(index.nodeNames().length);
    // Nothing changed: nothing is worked out again.
    cache.all();
    expect(cache.computations).toBe(cold);
    // A Node object's change reaches that node only.
    const node = model.base.nodes[0];
    if (!node) throw new Error('the shop world has nodes');
    const relabelled = { type: 'upsert' as const, object: { ...node, labels: { pool: 'x' } } };
    cache.before(relabelled);
    cache.after(relabelled, index.apply(relabelled));
    cache.all();
    expect(cache.computations).toBe(cold + 1);
    // A pod's change reaches its node and the nodes whose pods share a budget with it.
    const change = model.change([1, 0, 0]);
    if (!change) throw new Error('the shop world has pods');
    const pod = index.pod(change.object as { namespace: string; name: string });
    const sharing = new Set<string>();
    for (const b of pod ? (index.coveringEvaluations(pod) ?? []) : [])
      for (const p of b.pods) if (p.nodeName !== undefined) sharing.add(p.nodeName);
    if (pod?.nodeName !== undefined) sharing.add(pod.nodeName);
    const before = cache.computations;
    cache.before(change);
    cache.after(change, index.apply(change));
    expect(cache.all()).toStrictEqual(fresh(index));
    expect(cache.computations - before).toBeGreaterThan(0);
    expect(cache.computations - before).toBeLessThanOrEqual(sharing.size);
  });
});

describe('NodeCache after a change of visibility', () => {
  it('works every node out again: any of them may hold pods no longer visible', () => {
    const index = new ClusterIndex({ now: NOW }, withoutZookeeperPods(hiddenWorld()));
    const cache = new NodeCache({ index, compute: drainable(index) });
    const before = [...cache.all().values()].map((d) => d.state);
    const computed = cache.computations;
    cache.visibilityChanged();
    cache.after(undefined, index.setVisibility(ZOOKEEPER_PODS_REFUSED));
    const after = cache.all();
    expect([
      before,
      [...after.values()].map((d) => d.state),
      cache.computations - computed,
    ]).toStrictEqual([
      ['drainable', 'drainable', 'drainable'],
      ['unknown', 'unknown', 'unknown'],
      3,
    ]);
    expect(after).toStrictEqual(fresh(index));
  });
});
