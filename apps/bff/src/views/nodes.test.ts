import { ClusterIndex } from '@pdbscope/shared/index';
import { drainableNow } from '@pdbscope/shared/eviction';
import { describe, expect, it } from 'vitest';
import { zookeeper } from './__fixtures__/zookeeper.js';
import { nodeListRow, nodeRowCache } from './nodes.js';

const now = new Date('2026-11-21T19:40:00Z');

function index() {
  const { sts, pods, pdb } = zookeeper({ reported: { currentHealthy: 3, disruptionsAllowed: 1 } });
  return { idx: new ClusterIndex({ now }, { pods, budgets: [pdb], workloads: [sts] }), pods };
}

describe('the nodes list rows', () => {
  it('say for every node what kubectl drain would do now', () => {
    const { idx } = index();
    const rows = nodeRowCache(idx).all();
    expect([...rows.values()].map((r) => [r.name, r.drainableNow.state])).toStrictEqual(
      idx.nodeNames().map((name) => [name, drainableNow({ index: idx, node: name, now }).state]),
    );
    expect(rows.get(idx.nodeNames()[0] ?? '')).toStrictEqual(
      nodeListRow(idx, idx.nodeNames()[0] ?? ''),
    );
  });

  it('follow a change, working out again only the nodes it reaches', () => {
    const { idx, pods } = index();
    const cache = nodeRowCache(idx);
    const before = cache.all();
    expect([...before.values()].map((r) => r.drainableNow.state)).toStrictEqual([
      'drainable',
      'drainable',
      'drainable',
    ]);
    // One ZooKeeper pod stops being Ready: the budget allows nothing more, every other node is stuck.
    const [first] = pods;
    if (!first) throw new Error('three pods');
    const change = { type: 'upsert' as const, object: { ...first, ready: false } };
    const computed = cache.computations;
    cache.before(change);
    cache.after(change, idx.apply(change));
    const after = cache.all();
    expect([...after.values()].map((r) => r.drainableNow.state)).toStrictEqual([
      'drainable',
      'stuck',
      'stuck',
    ]);
    expect([...after.values()]).toStrictEqual(idx.nodeNames().map((n) => nodeListRow(idx, n)));
    expect(cache.computations - computed).toBe(3);
  });
});
