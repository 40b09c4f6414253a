import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOW, deployment, labelPdb, labelPub, node, pod } from '../index/__fixtures__/objects.js';
import { ClusterIndex } from '../index/cluster-index.js';
import type { Budget } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { WorkloadView } from '../model/workload.js';
import { generateCluster } from '../synthetic/generate.js';
import { clusterViews } from '../synthetic/views.js';
import { planDrain } from './drain.js';
import { DRAINABLE_NOW_OPTIONS, drainableNowByNode, type DrainableNow } from './drainable-now.js';
import { quickRefusals } from './drainable-quick.js';

const NODES = ['node-a', 'node-b', 'node-c'];

function index(parts: { pods: PodView[]; workloads?: WorkloadView[]; budgets?: Budget[] }) {
  return new ClusterIndex(
    { now: NOW },
    { nodes: NODES.map((n) => node(n)), workloads: [], budgets: [], ...parts },
  );
}

/** planDrain's first round, read as drainable now: the reference the fast path must equal. */
function fromPlan(idx: ClusterIndex, name: string): Pick<DrainableNow, 'state' | 'pods'> {
  const plan = planDrain({ index: idx, node: name, now: NOW, options: DRAINABLE_NOW_OPTIONS });
  if (plan.verdict === 'refused')
    return { state: 'refused', pods: plan.refusals.flatMap((r) => r.pods) };
  const first = plan.rounds[0];
  const left = (first?.steps ?? []).filter((s) => !s.decision.allowed && s.decision.code !== 404);
  return left.length === 0
    ? { state: 'drainable', pods: [] }
    : { state: 'stuck', pods: left.map((s) => s.pod) };
}

function expectEqualsPlanDrain(idx: ClusterIndex): Map<string, DrainableNow> {
  const all = drainableNowByNode({ index: idx, now: NOW });
  for (const name of idx.nodeNames()) {
    const got = all.get(name);
    expect({ node: name, state: got?.state, pods: got?.pods }).toStrictEqual({
      node: name,
      ...fromPlan(idx, name),
    });
  }
  return all;
}

describe('drainableNowByNode', () => {
  it('names the stuck pods and their budget when a node holds more pods than the budget allows', () => {
    const web = deployment({
      name: 'web',
      replicas: 3,
      labels: { app: 'web' },
      nodes: ['node-a', 'node-a', 'node-b'],
    });
    const idx = index({
      ...web,
      budgets: [labelPdb({ name: 'web', matchLabels: { app: 'web' }, maxUnavailable: 1 })],
    });
    const all = drainableNowByNode({ index: idx, now: NOW });
    const a = all.get('node-a');
    const stuckPod = web.pods.filter((p) => p.nodeName === 'node-a')[1];
    expect(a).toStrictEqual({
      state: 'stuck',
      pods: [{ kind: 'Pod', namespace: stuckPod?.namespace, name: stuckPod?.name }],
      budgets: [{ kind: 'PodDisruptionBudget', namespace: 'default', name: 'web' }],
      reason: expect.stringContaining('429 (web)'),
    });
    expect(all.get('node-b')).toStrictEqual({
      state: 'drainable',
      pods: [],
      budgets: [],
      reason: '',
    });
    expect(all.get('node-c')).toStrictEqual({
      state: 'drainable',
      pods: [],
      budgets: [],
      reason: '',
    });
  });

  it('tracks every budget of a node with more budgets than it keeps in a list (20 here)', () => {
    // Each app has two pods on node-a and a budget allowing one: the second of each is refused.
    const apps = Array.from({ length: 20 }, (_, i) =>
      deployment({ name: `app${i}`, replicas: 2, labels: { app: `app${i}` }, nodes: ['node-a'] }),
    );
    const idx = index({
      pods: apps.flatMap((a) => a.pods),
      workloads: apps.flatMap((a) => a.workloads),
      budgets: apps.map((_, i) =>
        labelPdb({ name: `app${i}`, matchLabels: { app: `app${i}` }, maxUnavailable: 1 }),
      ),
    });
    const all = expectEqualsPlanDrain(idx);
    const a = all.get('node-a');
    expect({ state: a?.state, pods: a?.pods.length, budgets: a?.budgets }).toStrictEqual({
      state: 'stuck',
      pods: 20,
      budgets: apps
        .map((_, i) => ({ kind: 'PodDisruptionBudget', namespace: 'default', name: `app${i}` }))
        .sort((x, y) => (x.name < y.name ? -1 : 1)),
    });
  });

  it("stops at a PodUnavailableBudget's webhook once the node's earlier eviction used it up", () => {
    const web = deployment({
      name: 'web',
      replicas: 4,
      labels: { app: 'web' },
      nodes: ['node-a', 'node-a', 'node-b', 'node-c'],
    });
    const annotated = web.pods.map((p) => ({
      ...p,
      annotations: { ...p.annotations, 'pub.kruise.io/related-pub': 'web' },
    }));
    const idx = index({
      pods: annotated,
      workloads: web.workloads,
      budgets: [labelPub({ name: 'web', maxUnavailable: 1 })],
    });
    const second = annotated.filter((p) => p.nodeName === 'node-a')[1];
    const expected: DrainableNow = {
      state: 'stuck',
      pods: [{ kind: 'Pod', namespace: 'default', name: second?.name ?? '' }],
      budgets: [{ kind: 'PodUnavailableBudget', namespace: 'default', name: 'web' }],
      reason: `eviction of default/${second?.name} refused now, 403: admission webhook "vpodeviction.kb.io" denied the request: podunavailablebudget.policy.kruise.io "web" is forbidden: pub unavailable allowed is negative`,
    };
    expect(drainableNowByNode({ index: idx, now: NOW }).get('node-a')).toStrictEqual(expected);
    expect(
      drainableNowByNode({ index: idx, now: NOW, method: 'copy' }).get('node-a'),
    ).toStrictEqual(expected);
  });

  it('counts a pod whose disruptedPods entry expired since the index evaluated the budget', () => {
    const web = deployment({
      name: 'web',
      replicas: 5,
      labels: { app: 'web' },
      nodes: ['node-a', 'node-a', 'node-b', 'node-c', 'node-c'],
    });
    const evicted = web.pods[4]?.name ?? '';
    const idx = index({
      ...web,
      // Admitted 100 s before the index's time: disrupted then, expired 20 s after it.
      budgets: [
        labelPdb({
          name: 'web',
          maxUnavailable: 2,
          disruptedPods: { [evicted]: new Date(NOW.getTime() - 100_000).toISOString() },
        }),
      ],
    });
    expect(
      idx.budget({ kind: 'PodDisruptionBudget', namespace: 'default', name: 'web' }),
    ).toMatchObject({
      synced: { status: { currentHealthy: 4, disruptionsAllowed: 1 } },
    });
    // At the index's time node-a's second pod waits; 30 s later the entry is gone and both go.
    const at = (now: Date) =>
      drainableNowByNode({ index: idx, now, nodes: ['node-a'] }).get('node-a')?.state;
    expect(at(NOW)).toBe('stuck');
    expect(at(new Date(NOW.getTime() + 30_000))).toBe('drainable');
  });

  it('works a node out on a copy when a PDB whose sync failed lost a pod to an earlier eviction', () => {
    // No Deployment or ReplicaSet in the index: maxUnavailable needs their scale, the sync fails
    // and the fail-safe status allows no disruption.
    const web = deployment({
      name: 'web',
      replicas: 3,
      labels: { app: 'web' },
      nodes: ['node-a', 'node-a', 'node-b'],
    });
    // node-a's first pod has finished but still reads Ready: the handler lets it go without asking
    // the budget, while the controller counted it healthy.
    const [done, ready] = web.pods.filter((p) => p.nodeName === 'node-a');
    const pods = web.pods.map((p) => (p === done ? { ...p, phase: 'Succeeded' as const } : p));
    const idx = index({ pods, budgets: [labelPdb({ name: 'web', maxUnavailable: 1 })] });
    const ref = { kind: 'PodDisruptionBudget', namespace: 'default', name: 'web' };
    const evaluation = idx.budget(ref);
    expect(evaluation?.kind === 'PodDisruptionBudget' && evaluation.sync.syncFailed).toBe(true);
    // After that eviction a sync from the figures would count one healthy pod less and allow the
    // next one; the controller's sync fails again and its fail-safe keeps 0. The quick path cannot
    // know that, so it gives up on the node and the evictions run on a copy.
    const toEvict = idx.podsOnNodeSorted('node-a');
    expect(toEvict.map((e) => e.pod.name)).toStrictEqual([done?.name, ready?.name]);
    expect(quickRefusals({ index: idx, now: NOW, toEvict })).toBeUndefined();
    const expected: DrainableNow = {
      state: 'stuck',
      pods: [{ kind: 'Pod', namespace: 'default', name: ready?.name ?? '' }],
      budgets: [ref],
      reason: `eviction of default/${ready?.name} refused now, 429 (web): Cannot evict pod as it would violate the pod's disruption budget.`,
    };
    expect(drainableNowByNode({ index: idx, now: NOW }).get('node-a')).toStrictEqual(expected);
    expect(
      drainableNowByNode({ index: idx, now: NOW, method: 'copy' }).get('node-a'),
    ).toStrictEqual(expected);
    expectEqualsPlanDrain(idx);
  });

  it("refuses a node with a bare pod, in kubectl's words, unless --force", () => {
    const bare = pod({ name: 'bare', labels: {}, node: 'node-b' });
    const idx = index({ pods: [bare] });
    const b = drainableNowByNode({ index: idx, now: NOW }).get('node-b');
    expect(b).toStrictEqual({
      state: 'refused',
      pods: [{ kind: 'Pod', namespace: bare.namespace, name: 'bare' }],
      budgets: [],
      reason: `cannot delete Pods that declare no controller (use --force to override): ${bare.namespace}/bare`,
    });
    const forced = drainableNowByNode({ index: idx, now: NOW, options: { force: true } });
    expect(forced.get('node-b')?.state).toBe('drainable');
  });

  it("equals planDrain's first round on generated clusters", () => {
    for (const seed of [3, 11, 29]) {
      const idx = new ClusterIndex(
        { now: NOW },
        clusterViews(generateCluster({ seed, nodes: 12, pods: 400, budgets: 60 })),
      );
      const states = new Set([...expectEqualsPlanDrain(idx).values()].map((s) => s.state));
      expect(states.size).toBeGreaterThan(1);
    }
  });

  it("equals planDrain's first round on arbitrary deployments and budgets", () => {
    const appArb = fc.record({
      replicas: fc.integer({ min: 1, max: 5 }),
      offset: fc.integer({ min: 0, max: 2 }),
      budget: fc.oneof(
        fc.constant(undefined),
        fc.record({ maxUnavailable: fc.integer({ min: 0, max: 3 }) }),
        fc.record({ minAvailable: fc.integer({ min: 0, max: 5 }) }),
      ),
      overlap: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(appArb, { minLength: 1, maxLength: 3 }), (apps) => {
        const parts = apps.map((a, i) => {
          const labels = { app: `app${i}`, tier: 'all' };
          const d = deployment({
            name: `app${i}`,
            replicas: a.replicas,
            labels,
            nodes: [...NODES.slice(a.offset), ...NODES.slice(0, a.offset)],
          });
          const budgets = a.budget
            ? [labelPdb({ name: `app${i}`, matchLabels: { app: `app${i}` }, ...a.budget })]
            : [];
          if (a.overlap)
            budgets.push(
              labelPdb({ name: `all${i}`, matchLabels: { tier: 'all' }, maxUnavailable: 1 }),
            );
          return { ...d, budgets };
        });
        expectEqualsPlanDrain(
          index({
            pods: parts.flatMap((p) => p.pods),
            workloads: parts.flatMap((p) => p.workloads),
            budgets: parts.flatMap((p) => p.budgets),
          }),
        );
      }),
    );
  });
});
