import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusterIndex } from '../index/cluster-index.js';
import type { CoveringBudget } from '../index/types.js';
import type { Budget, PdbView, PubView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { generateCluster } from '../synthetic/generate.js';
import { clusterViews } from '../synthetic/views.js';
import { selectPodsForDrain } from './drain-filters.js';
import { DRAINABLE_NOW_OPTIONS, drainableNowByNode } from './drainable-now.js';
import { quickRefusals } from './drainable-quick.js';

const LISTED = new Date('2024-05-01T12:00:00Z');
const at = (ms: number): string => new Date(LISTED.getTime() + ms).toISOString();

/** What can happen to a pod between two syncs, as a live cluster shows it. */
const podChange = fc.constantFrom(
  'none',
  'none',
  'none',
  'not-ready',
  'terminating',
  'pending',
  'succeeded',
  'ready-succeeded',
  'annotated-pub',
  'owner-gone',
);

/** What a PDB's stored object can hold besides the generated one. */
const pdbChange = fc.constantFrom(
  'none',
  'none',
  'always-allow',
  'disrupted-entry',
  'old-entry',
  'min-available-int',
  'twin-pub',
  'pub-instead',
  'sync-fails',
);

function changePod(pod: PodView, change: string, pubNames: readonly string[]): PodView {
  switch (change) {
    case 'not-ready':
      return { ...pod, ready: false };
    case 'terminating':
      return { ...pod, deletionTimestamp: at(-5_000) };
    case 'pending':
      return { ...pod, phase: 'Pending', ready: false };
    case 'succeeded':
      return { ...pod, phase: 'Succeeded', ready: false };
    // The handler ignores budgets for a finished pod; the controller still counts it if Ready.
    case 'ready-succeeded':
      return { ...pod, phase: 'Succeeded', ready: true };
    // Its ReplicaSet was deleted: a PDB counting the scale of its controllers cannot sync.
    case 'owner-gone':
      return pod.controller === undefined
        ? pod
        : { ...pod, controller: { ...pod.controller, name: 'gone', uid: `gone-${pod.uid}` } };
    case 'annotated-pub': {
      const name = pubNames[pod.name.length % Math.max(1, pubNames.length)];
      return name === undefined
        ? pod
        : { ...pod, annotations: { ...pod.annotations, 'pub.kruise.io/related-pub': name } };
    }
    default:
      return pod;
  }
}

function changePdb(pdb: PdbView, change: string, members: readonly PodView[]): PdbView {
  const member = members[members.length - 1];
  switch (change) {
    case 'always-allow':
      return { ...pdb, spec: { ...pdb.spec, unhealthyPodEvictionPolicy: 'AlwaysAllow' } };
    case 'min-available-int':
      return { ...pdb, spec: { ...pdb.spec, maxUnavailable: undefined, minAvailable: 2 } };
    // An eviction 30 s ago (still counted) or 100 s ago (expires 20 s after the listing).
    case 'disrupted-entry':
    case 'old-entry':
      return member === undefined
        ? pdb
        : {
            ...pdb,
            status: {
              ...pdb.status,
              disruptedPods: {
                [member.name]: at(change === 'old-entry' ? -100_000 : -30_000),
              },
            },
          };
    default:
      return pdb;
  }
}

const clusterArb = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  nodes: fc.integer({ min: 2, max: 10 }),
  pods: fc.integer({ min: 10, max: 160 }),
  budgets: fc.integer({ min: 2, max: 30 }),
  podChanges: fc.array(podChange, { minLength: 160, maxLength: 160 }),
  pdbChanges: fc.array(pdbChange, { minLength: 30, maxLength: 30 }),
  // Asked when the index evaluated (the BFF's usual case) or 30 s later (entries expire between).
  laterMs: fc.constantFrom(0, 0, 30_000),
  force: fc.boolean(),
});

/** An OpenKruise budget over the PDB's pods (its webhook finds it by the pods' annotation). */
function twinPub(pdb: PdbView, maxUnavailable: number): PubView {
  return {
    kind: 'PodUnavailableBudget',
    apiVersion: 'policy.kruise.io/v1alpha1',
    namespace: pdb.namespace,
    name: `${pdb.name}-pub`,
    uid: `${pdb.uid}-pub`,
    generation: 1,
    resourceVersion: '1',
    labels: {},
    annotations: {},
    spec: { selector: pdb.spec.selector, maxUnavailable },
    status: {
      observedGeneration: 1,
      disruptedPods: {},
      unavailablePods: {},
      unavailableAllowed: 0,
      currentAvailable: 0,
      desiredAvailable: 0,
      totalReplicas: 0,
    },
  };
}

type ClusterCase = typeof clusterArb extends fc.Arbitrary<infer T> ? T : never;

function changedIndex(c: ClusterCase): ClusterIndex {
  const views = clusterViews(
    generateCluster({ seed: c.seed, nodes: c.nodes, pods: c.pods, budgets: c.budgets }),
  );
  const pubNames = views.budgets
    .filter((b) => b.kind === 'PodUnavailableBudget')
    .map((b) => b.name);
  const pods = views.pods.map((p, i) => changePod(p, c.podChanges[i] ?? 'none', pubNames));
  const budgets: Budget[] = [];
  const twins: PubView[] = [];
  const changeOf = new Map<Budget, string>();
  views.budgets.forEach((b, i) => {
    const change = c.pdbChanges[i] ?? 'none';
    changeOf.set(b, change);
    if (b.kind !== 'PodDisruptionBudget') budgets.push(b);
    else if (change === 'twin-pub' || change === 'pub-instead') {
      twins.push(twinPub(b, 1 + (i % 2)));
      if (change === 'twin-pub') budgets.push(b);
    } else if (change === 'sync-fails') {
      // Room for every disruption: a sync from the figures would allow the next one.
      const spec = { ...b.spec, minAvailable: undefined, maxUnavailable: '100%' };
      const orphaned: PdbView = { ...b, spec };
      changeOf.set(orphaned, change);
      budgets.push(orphaned);
    } else budgets.push(b);
  });
  // Which pods each budget selects; the PUBs' pods carry the annotation OpenKruise writes.
  const first = new ClusterIndex(
    { now: LISTED },
    { ...views, pods, budgets: [...budgets, ...twins] },
  );
  const members = (b: Budget): readonly PodView[] => first.budget(b)?.pods ?? [];
  const annotated = new Map<PodView, string>();
  for (const twin of twins) for (const pod of members(twin)) annotated.set(pod, twin.name);
  // 'sync-fails': the PDB's workloads are gone (its sync fails, the fail-safe allows nothing) and
  // its first pod has finished while still Ready (evicted without asking, counted healthy).
  const orphaned = new Map<PodView, 'first' | 'other'>();
  for (const b of budgets)
    if (changeOf.get(b) === 'sync-fails')
      members(b).forEach((pod, i) => orphaned.set(pod, i === 0 ? 'first' : 'other'));
  const final = pods.map((p) => {
    const name = annotated.get(p);
    const orphan = orphaned.get(p);
    const q: PodView =
      orphan === undefined || p.controller === undefined
        ? p
        : {
            ...p,
            controller: { ...p.controller, name: 'gone', uid: `gone-${p.uid}` },
            ...(orphan === 'first' ? { phase: 'Succeeded' as const, ready: true } : {}),
          };
    return name === undefined
      ? q
      : { ...q, annotations: { ...q.annotations, 'pub.kruise.io/related-pub': name } };
  });
  const changed = budgets.map((b) => {
    if (b.kind !== 'PodDisruptionBudget') return b;
    const change = changeOf.get(b) ?? 'none';
    // The status the controller wrote while the workloads still existed (maxUnavailable 100%: no
    // pod needs to stay): the fail-safe keeps its figures.
    if (change === 'sync-fails') {
      const expectedPods = members(b).length;
      const currentHealthy = members(b).filter((p) => p.ready).length;
      return {
        ...b,
        status: {
          ...b.status,
          observedGeneration: b.generation,
          expectedPods,
          currentHealthy,
          desiredHealthy: 0,
          disruptionsAllowed: currentHealthy,
        },
      };
    }
    return changePdb(b, change, members(b));
  });
  return new ClusterIndex(
    { now: LISTED },
    { ...views, pods: final, budgets: [...changed, ...twins] },
  );
}

describe('drainable now on the index figures', () => {
  it('equals the evictions run on a copy of the cluster, for every node of changed generated clusters', () => {
    const used = { figures: 0, copy: 0, stuck: 0, syncFailed: 0 };
    fc.assert(
      fc.property(clusterArb, (c) => {
        const index = changedIndex(c);
        const now = new Date(LISTED.getTime() + c.laterMs);
        const options = { force: c.force };
        const fast = drainableNowByNode({ index, now, options });
        const copy = drainableNowByNode({ index, now, options, method: 'copy' });
        expect(fast).toStrictEqual(copy);
        for (const node of index.nodeNames()) {
          const onNode = index.podsOnNodeSorted(node);
          const selection = selectPodsForDrain(
            onNode.map((e) => e.pod),
            { ...DRAINABLE_NOW_OPTIONS, ...options },
          );
          if (selection.refusals.length > 0) continue;
          const toEvict = onNode.filter((e) => selection.toEvict.includes(e.pod));
          if (quickRefusals({ index, now, toEvict })) used.figures++;
          else {
            used.copy++;
            const failed = ({ evaluation: e }: CoveringBudget): boolean =>
              e?.kind === 'PodDisruptionBudget' && e.sync.syncFailed;
            if (toEvict.some((e) => e.budgets.some(failed))) used.syncFailed++;
          }
          if (fast.get(node)?.state === 'stuck') used.stuck++;
        }
      }),
      { numRuns: 120 },
    );
    // The property must exercise both ways, and nodes that stay stuck.
    expect(used.figures).toBeGreaterThan(200);
    expect(used.copy).toBeGreaterThan(0);
    expect(used.stuck).toBeGreaterThan(50);
    // Nodes given up on because a PDB whose sync failed lost a pod (see afterEviction).
    expect(used.syncFailed).toBeGreaterThan(0);
  });
});
