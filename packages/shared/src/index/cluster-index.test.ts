import { describe, expect, it } from 'vitest';
import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { NOW, pdb, pod, workload } from './__fixtures__/objects.js';
import { shopWorld } from './__fixtures__/shop.js';
import { ClusterIndex } from './cluster-index.js';
import type { BudgetDelta, PdbEvaluation } from './types.js';

const refs = (deltas: BudgetDelta[]) =>
  deltas.map((d) => `${d.type} ${d.ref.kind}/${d.ref.namespace}/${d.ref.name}`).sort();
const names = (pods: readonly PodView[]) => pods.map((p) => p.name);

function build(): ClusterIndex {
  return new ClusterIndex({ now: NOW }, shopWorld());
}

function pdbEval(index: ClusterIndex, namespace: string, name: string): PdbEvaluation {
  const ev = index.budget({ kind: 'PodDisruptionBudget', namespace, name });
  if (ev?.kind !== 'PodDisruptionBudget') throw new Error(`no PDB ${namespace}/${name}`);
  return ev;
}

describe('ClusterIndex', () => {
  it('selects each budget’s pods within its namespace and evaluates it', () => {
    const index = build();
    const web = pdbEval(index, 'shop', 'web');
    expect(names(web.pods)).toStrictEqual([
      'web-6d4f8c7b9-bnx2k',
      'web-6d4f8c7b9-cnx2k',
      'web-6d4f8c7b9-dnx2k',
    ]);
    expect({
      expected: web.sync.status.expectedPods,
      desired: web.sync.status.desiredHealthy,
      healthy: web.sync.status.currentHealthy,
      allowed: web.sync.status.disruptionsAllowed,
    }).toStrictEqual({ expected: 3, desired: 2, healthy: 3, allowed: 1 });
    expect(web.counts).toStrictEqual({ selected: 3, available: 3, unavailable: 0, disrupted: 0 });
    const api = pdbEval(index, 'shop', 'api');
    expect(api.counts).toStrictEqual({ selected: 5, available: 4, unavailable: 1, disrupted: 0 });
    expect(api.sync.status.disruptionsAllowed).toBe(1);
    expect(pdbEval(index, 'blog', 'web').sync.status.disruptionsAllowed).toBe(0);
    // NotIn matches pods without the key: every shop pod but the debug pod.
    expect(pdbEval(index, 'shop', 'not-debug').counts.selected).toBe(11);
    expect(index.counts()).toStrictEqual({
      pods: 14,
      budgets: 10,
      pdbs: 8,
      pubs: 2,
      workloads: 7,
      nodes: 3,
    });
  });

  it('carries a malformed budget’s error instead of throwing', () => {
    const index = build();
    const op = pdbEval(index, 'shop', 'broken-operator');
    expect({
      failed: op.sync.syncFailed,
      error: op.sync.error,
      selected: op.counts.selected,
    }).toStrictEqual({
      failed: true,
      error: '"Equals" is not a valid label selector operator',
      selected: 0,
    });
    const pct = pdbEval(index, 'shop', 'broken-percent');
    expect({
      failed: pct.sync.syncFailed,
      selected: pct.counts.selected,
      allowed: pct.sync.status.disruptionsAllowed,
    }).toStrictEqual({
      failed: true,
      selected: 5,
      allowed: 0,
    });
    expect(pct.sync.error).toContain('abc%');
  });

  it('evaluates PUBs by selector and by targetRef', () => {
    const index = build();
    const api = index.budget({ kind: 'PodUnavailableBudget', namespace: 'shop', name: 'api' });
    const web = index.budget({ kind: 'PodUnavailableBudget', namespace: 'shop', name: 'web' });
    expect(api?.kind === 'PodUnavailableBudget' && api.sync.status).toStrictEqual({
      observedGeneration: 1,
      disruptedPods: {},
      unavailablePods: {},
      unavailableAllowed: 0,
      currentAvailable: 4,
      desiredAvailable: 4,
      totalReplicas: 5,
    });
    expect(web?.counts).toStrictEqual({ selected: 3, available: 3, unavailable: 0, disrupted: 0 });
  });

  it('answers budgetsForPod with every matching PDB and the PUB', () => {
    const index = build();
    const covering = index.budgetsForPod({ namespace: 'shop', name: 'web-6d4f8c7b9-bnx2k' });
    expect({
      pdbs: covering.pdbs.map((b) => b.name),
      pubs: covering.pubs.map((b) => b.name),
    }).toStrictEqual({
      pdbs: ['not-debug', 'release', 'web'],
      pubs: ['web'],
    });
    expect(index.budgetsForPod({ namespace: 'shop', name: 'debug-7xk2p' })).toStrictEqual({
      pdbs: [],
      pubs: [],
    });
  });

  it('lists the pods on a node', () => {
    const index = build();
    expect(index.podsOnNode('node-c').map((p) => `${p.namespace}/${p.name}`)).toStrictEqual([
      'shop/api-6d4f8c7b9-dnx2k',
      'shop/web-6d4f8c7b9-dnx2k',
      'shop/zk-2',
    ]);
    expect(index.podsOnNode('node-z')).toStrictEqual([]);
  });

  it('names nodes known as objects and nodes known only from pods', () => {
    const world = shopWorld();
    const index = new ClusterIndex({ now: NOW }, { ...world, nodes: [] });
    expect(index.nodeNames()).toStrictEqual(['node-a', 'node-b', 'node-c']);
  });

  it('lists the namespaces that hold pods, and forgets one whose last pod is gone', () => {
    const index = build();
    const before = [...index.podNamespaces()].sort();
    for (const pod of [...index.podsInNamespace('blog')])
      index.apply({ type: 'delete', object: pod });
    expect({ before, after: [...index.podNamespaces()].sort() }).toStrictEqual({
      before: ['blog', 'shop'],
      after: ['shop'],
    });
  });

  it('re-evaluates only the budgets whose selectors match a pod’s old or new labels', () => {
    const index = build();
    const before = index.pod({ namespace: 'shop', name: 'web-6d4f8c7b9-bnx2k' });
    if (!before) throw new Error('missing pod');
    const notReady = { ...before, ready: false, resourceVersion: '201' };
    expect(refs(index.apply({ type: 'upsert', object: notReady }))).toStrictEqual([
      'changed PodDisruptionBudget/shop/not-debug',
      'changed PodDisruptionBudget/shop/release',
      'changed PodDisruptionBudget/shop/web',
      'changed PodUnavailableBudget/shop/web',
    ]);
    expect(pdbEval(index, 'shop', 'web').sync.status.disruptionsAllowed).toBe(0);
    // Relabelled from web to api: leaves web and release, joins api (PDB, broken PDB and PUB).
    const relabelled = {
      ...notReady,
      labels: { ...notReady.labels, 'app.kubernetes.io/name': 'api', tier: 'be' },
    };
    expect(refs(index.apply({ type: 'upsert', object: relabelled }))).toStrictEqual([
      'changed PodDisruptionBudget/shop/api',
      'changed PodDisruptionBudget/shop/broken-percent',
      'changed PodDisruptionBudget/shop/not-debug',
      'changed PodDisruptionBudget/shop/release',
      'changed PodDisruptionBudget/shop/web',
      'changed PodUnavailableBudget/shop/api',
      'changed PodUnavailableBudget/shop/web',
    ]);
    expect(pdbEval(index, 'shop', 'web').counts.selected).toBe(2);
    expect(pdbEval(index, 'shop', 'api').counts.selected).toBe(6);
    expect(refs(index.apply({ type: 'delete', object: relabelled }))).toStrictEqual([
      'changed PodDisruptionBudget/shop/api',
      'changed PodDisruptionBudget/shop/broken-percent',
      'changed PodDisruptionBudget/shop/not-debug',
      'changed PodUnavailableBudget/shop/api',
      'changed PodUnavailableBudget/shop/web',
    ]);
  });

  it('re-evaluates on a workload’s scale change only the budgets over its pods', () => {
    const index = build();
    const deltas = index.apply({
      type: 'upsert',
      object: workload({ namespace: 'shop', kind: 'Deployment', name: 'api', replicas: 8 }),
    });
    // not-debug has an integer minAvailable: it counts pods and never looks the Deployment up.
    expect(refs(deltas)).toStrictEqual([
      'changed PodDisruptionBudget/shop/api',
      'changed PodDisruptionBudget/shop/broken-percent',
      'changed PodUnavailableBudget/shop/api',
    ]);
    expect(pdbEval(index, 'shop', 'api').sync.status).toMatchObject({
      expectedPods: 8,
      desiredHealthy: 4,
      disruptionsAllowed: 0,
    });
  });

  it('re-selects only the budget that changed', () => {
    const index = build();
    const widened = pdb({
      namespace: 'shop',
      name: 'web',
      selector: { matchLabels: { 'app.kubernetes.io/instance': 'shop' } },
      maxUnavailable: 1,
      generation: 2,
    });
    expect(refs(index.apply({ type: 'upsert', object: widened }))).toStrictEqual([
      'changed PodDisruptionBudget/shop/web',
    ]);
    expect(pdbEval(index, 'shop', 'web').counts.selected).toBe(11);
    expect(
      index.budgetsForPod({ namespace: 'shop', name: 'zk-0' }).pdbs.map((b) => b.name),
    ).toStrictEqual(['not-debug', 'web', 'zk']);
    expect(refs(index.apply({ type: 'delete', object: widened }))).toStrictEqual([
      'removed PodDisruptionBudget/shop/web',
    ]);
    expect(
      index.budgetsForPod({ namespace: 'shop', name: 'zk-0' }).pdbs.map((b) => b.name),
    ).toStrictEqual(['not-debug', 'zk']);
    const fresh = pdb({ namespace: 'blog', name: 'all', selector: {}, minAvailable: 1 });
    expect(refs(index.apply({ type: 'upsert', object: fresh }))).toStrictEqual([
      'added PodDisruptionBudget/blog/all',
    ]);
    expect(pdbEval(index, 'blog', 'all').counts.selected).toBe(2);
  });

  it('picks a pod added after its budget', () => {
    const index = build();
    const extra = pod({
      namespace: 'shop',
      name: 'zk-3',
      labels: { 'app.kubernetes.io/name': 'zookeeper', 'app.kubernetes.io/instance': 'shop' },
      owner: { kind: 'StatefulSet', name: 'zk' },
      node: 'node-a',
    });
    expect(refs(index.apply({ type: 'upsert', object: extra }))).toStrictEqual([
      'changed PodDisruptionBudget/shop/not-debug',
      'changed PodDisruptionBudget/shop/zk',
    ]);
    expect(pdbEval(index, 'shop', 'zk').sync.status).toMatchObject({
      expectedPods: 4,
      currentHealthy: 4,
      disruptionsAllowed: 2,
    });
    expect(index.podsOnNode('node-a').map((p) => p.name)).toContain('zk-3');
  });

  it('re-evaluates a budget when its disruptedPods entry expires, and only then', () => {
    const index = build();
    const evicted = '2024-05-01T11:59:30Z';
    const withEntry: PdbView = pdb({
      namespace: 'shop',
      name: 'zk',
      selector: { matchLabels: { 'app.kubernetes.io/name': 'zookeeper' } },
      minAvailable: 2,
      disruptedPods: { 'zk-1': evicted },
    });
    index.apply({ type: 'upsert', object: withEntry });
    const at = pdbEval(index, 'shop', 'zk');
    expect({
      healthy: at.sync.status.currentHealthy,
      allowed: at.sync.status.disruptionsAllowed,
      recheckAtMs: at.recheckAtMs,
    }).toStrictEqual({
      healthy: 2,
      allowed: 0,
      recheckAtMs: Date.parse('2024-05-01T12:01:30Z'),
    });
    expect(index.evaluate(new Date('2024-05-01T12:01:00Z'))).toStrictEqual([]);
    expect(refs(index.evaluate(new Date('2024-05-01T12:01:30Z')))).toStrictEqual([
      'changed PodDisruptionBudget/shop/zk',
    ]);
    expect(pdbEval(index, 'shop', 'zk').sync.status.currentHealthy).toBe(3);
    expect(index.evaluate(new Date('2024-05-01T12:01:30Z'))).toStrictEqual([]);
    const after = index.evaluate(new Date('2024-05-01T12:01:31Z'));
    expect(refs(after)).toStrictEqual(['changed PodDisruptionBudget/shop/zk']);
    const final = pdbEval(index, 'shop', 'zk');
    expect({
      disrupted: final.sync.status.disruptedPods,
      events: final.sync.events.map((e) => e.reason),
      recheck: final.recheckAtMs,
    }).toStrictEqual({
      disrupted: {},
      events: ['NotDeleted'],
      recheck: undefined,
    });
    expect(index.evaluate(new Date('2024-05-01T12:05:00Z'))).toStrictEqual([]);
  });

  it('moves the clock before applying a change stamped later', () => {
    const index = build();
    const zk = pdb({
      namespace: 'shop',
      name: 'zk',
      selector: { matchLabels: { 'app.kubernetes.io/name': 'zookeeper' } },
      minAvailable: 2,
      disruptedPods: { 'zk-1': '2024-05-01T11:59:30Z' },
    });
    index.apply({ type: 'upsert', object: zk });
    const debug = index.pod({ namespace: 'shop', name: 'debug-7xk2p' });
    if (!debug) throw new Error('missing pod');
    const later = new Date('2024-05-01T12:05:00Z');
    const deltas = index.apply({ type: 'upsert', object: { ...debug, ready: false } }, later);
    // The expired entry re-evaluates zk; the debug pod belongs to no budget.
    expect(refs(deltas)).toStrictEqual(['changed PodDisruptionBudget/shop/zk']);
    expect(index.now).toBe(later);
    expect(pdbEval(index, 'shop', 'zk').evaluatedAtMs).toBe(later.getTime());
  });

  it('replaces everything on a relist and reports what was added, changed and removed', () => {
    const index = build();
    const world = shopWorld();
    const budgets = world.budgets
      .filter((b) => !(b.namespace === 'blog'))
      .concat(pdb({ namespace: 'blog', name: 'new', selector: {}, maxUnavailable: 1 }));
    const deltas = index.apply({ type: 'replaceAll', budgets });
    expect(refs(deltas).filter((d) => !d.startsWith('changed'))).toStrictEqual([
      'added PodDisruptionBudget/blog/new',
      'removed PodDisruptionBudget/blog/web',
    ]);
    expect(deltas.filter((d) => d.type === 'changed')).toHaveLength(9);
    expect(pdbEval(index, 'blog', 'new').counts.selected).toBe(2);
    expect(index.counts().pods).toBe(14);
  });

  it('while loading answers nothing, then evaluates every budget once with the custom kinds known at the end', () => {
    const owner = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'web' };
    const clones = ['web-a', 'web-b'].map((name) => pod({ name, labels: { app: 'web' }, owner }));
    const cloneSet = workload({
      apiVersion: owner.apiVersion,
      kind: 'CloneSet',
      name: 'web',
      replicas: 4,
    });
    const budget = pdb({
      name: 'web',
      selector: { matchLabels: { app: 'web' } },
      maxUnavailable: 1,
    });
    const index = new ClusterIndex({ now: NOW, loading: true });
    const during = [budget, ...clones, cloneSet].map((object) =>
      index.apply({ type: 'upsert', object }),
    );
    expect({ during, loading: index.loading, budgets: [...index.budgets()] }).toStrictEqual({
      during: [[], [], [], []],
      loading: true,
      budgets: [],
    });
    const deltas = index.finishLoading({
      now: NOW,
      apiResources: { 'apps.kruise.io/CloneSet': { resource: 'clonesets', scale: true } },
    });
    expect(refs(deltas)).toStrictEqual(['added PodDisruptionBudget/default/web']);
    const web = pdbEval(index, 'default', 'web');
    expect({ pods: names(web.pods), expected: web.sync.status.expectedPods }).toStrictEqual({
      pods: ['web-a', 'web-b'],
      expected: 4,
    });
    expect({ loading: index.loading, again: index.finishLoading({ now: NOW }) }).toStrictEqual({
      loading: false,
      again: [],
    });
  });
});
