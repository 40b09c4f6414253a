import { CLUSTER_AUTOSCALER_DEFAULTS } from '@pdbscope/shared/actors/cluster-autoscaler';
import { ClusterIndex } from '@pdbscope/shared/index';
import { podFromObject, type PodView } from '@pdbscope/shared';
import { NODE_LIST_REFS } from '@pdbscope/shared/api';
import { drainableNow } from '@pdbscope/shared/eviction';
import { describe, expect, it } from 'vitest';
import { zookeeper } from './__fixtures__/zookeeper.js';
import { nodeDetail, nodeListRow, nodeRowCache } from './nodes.js';
import { NO_MARKS } from './rows.js';

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

/** A pod without a controller (kubectl drain refuses it without --force), on worker-0. */
function barePod(i: number): PodView {
  const converted = podFromObject({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `debug-${i}`, namespace: 'data', uid: `debug-${i}`, resourceVersion: '300' },
    spec: { nodeName: 'worker-0' },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
  });
  if (!converted.ok) throw new Error(converted.error);
  return converted.value;
}

describe('a node row in the list and on the node page', () => {
  it('names the first few pods stopping a drain in the list, every one on the node page', () => {
    const { sts, pods, pdb } = zookeeper();
    const bare = [0, 1, 2, 3, 4].map(barePod);
    const idx = new ClusterIndex(
      { now },
      { pods: [...pods, ...bare], budgets: [pdb], workloads: [sts] },
    );
    const refs = bare.map((p) => ({ kind: 'Pod', namespace: 'data', name: p.name }));
    const listed = nodeListRow(idx, 'worker-0').drainableNow;
    const detail = nodeDetail({
      index: idx,
      name: 'worker-0',
      marks: NO_MARKS,
      actors: {
        priorityClasses: [],
        nodePools: [],
        nodeClaims: [],
        caOptions: CLUSTER_AUTOSCALER_DEFAULTS,
      },
      eventId: 'e1',
    });
    expect({ ...listed, reason: '' }).toStrictEqual({
      state: 'refused',
      pods: refs.slice(0, NODE_LIST_REFS),
      podCount: 5,
      budgets: [],
      budgetCount: 0,
      reason: '',
    });
    expect(detail?.node.drainableNow).toStrictEqual({ ...listed, pods: refs });
  });
});
