import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { laneCounts } from '../index/evaluate.js';
import { NOW, labelPub, node, pub } from '../index/__fixtures__/objects.js';
import { ClusterIndex } from '../index/cluster-index.js';
import type { PubView } from '../model/budget.js';
import type { ResourceRef } from '../model/refs.js';
import { RELATED_PUB_ANNOTATION } from '../pub/admit.js';
import { syncPub } from '../pub/sync.js';
import { PlanState } from './plan-state.js';
import { applyPlanOps, planOpArb, shopPods } from './__fixtures__/plan-ops.js';

const limitArb = fc.oneof(
  fc.record({ minAvailable: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ minAvailable: fc.constantFrom('0%', '50%', '100%') }),
  fc.record({ maxUnavailable: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ maxUnavailable: fc.constantFrom('25%', '50%', '100%', 'x%') }),
  fc.constant({}),
);

/** How long ago an entry was written: 10 s and 20 s are the two maps' expiry boundaries. */
const agoArb = fc.option(fc.constantFrom(0, 5, 10, 11, 19, 20, 21, 300), { nil: undefined });

const clusterArb = fc.record({
  web: fc.integer({ min: 1, max: 6 }),
  webUnready: fc.integer({ min: 0, max: 2 }),
  db: fc.integer({ min: 0, max: 3 }),
  bare: fc.integer({ min: 0, max: 2 }),
  /** Pods whose ReplicaSet no finder resolves: they count no scale. */
  orphans: fc.integer({ min: 0, max: 1 }),
  /** Pods of the web Deployment annotated with the web PUB (its webhook judges their evictions). */
  annotated: fc.boolean(),
  webLimit: limitArb,
  allLimit: limitArb,
  dbLimit: limitArb,
  protectTotal: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
  disrupted: fc.array(agoArb, { minLength: 4, maxLength: 4 }),
  unavailable: fc.array(agoArb, { minLength: 4, maxLength: 4 }),
  source: fc.constantFrom('recomputed' as const, 'stored' as const),
});

type Cluster = typeof clusterArb extends fc.Arbitrary<infer T> ? T : never;

const ago = (seconds: number): string =>
  new Date(NOW.getTime() - seconds * 1000).toISOString().replace('.000Z', 'Z');

function build(c: Cluster) {
  const tier = { tier: 'shop' };
  const { web, db, loose } = shopPods(c);
  const webPods = c.annotated
    ? web.pods.map((p) => ({
        ...p,
        annotations: { ...p.annotations, [RELATED_PUB_ANNOTATION]: 'web' },
      }))
    : web.pods;
  const pods = [...webPods, ...db.pods, ...loose];
  const entries = (agos: readonly (number | undefined)[]): Record<string, string> => {
    const out: Record<string, string> = {};
    agos.forEach((seconds, i) => {
      const p = pods[i];
      if (seconds !== undefined && p) out[p.name] = ago(seconds);
    });
    return out;
  };
  const shop = pub({ name: 'shop', selector: { matchLabels: tier }, ...c.allLimit });
  const budgets: PubView[] = [
    labelPub({ name: 'web', ...c.webLimit }),
    // The StatefulSet's own pods, by targetRef; its scale is the expected count.
    pub({
      name: 'db',
      targetRef: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db' },
      ...c.dbLimit,
    }),
    {
      ...shop,
      spec: {
        ...shop.spec,
        ...(c.protectTotal !== undefined ? { protectTotalReplicas: c.protectTotal } : {}),
      },
      status: {
        ...shop.status,
        disruptedPods: entries(c.disrupted),
        unavailablePods: entries(c.unavailable),
      },
    },
  ];
  const index = new ClusterIndex(
    { now: NOW },
    {
      pods,
      workloads: [...web.workloads, ...db.workloads],
      budgets,
      nodes: [node('node-a'), node('node-b')],
    },
  );
  return { index, pods, budgets };
}

/**
 * Every resync of the plan (inside evictInPlan too) is checked against a reconcile from scratch:
 * syncPub over the plan's pod list, from the status before the resync.
 */
function checkedResyncs(state: PlanState): { checked: number } {
  const seen = { checked: 0 };
  const incremental = state.resync.bind(state);
  state.resync = (ref: ResourceRef): void => {
    const before = state.budget(ref);
    const pods = state.podsOf(ref);
    incremental(ref);
    if (before.kind !== 'PodUnavailableBudget') return;
    const sync = syncPub({ pub: before, pods, workloads: state.workloads, now: NOW });
    expect(state.state(ref)).toStrictEqual({
      kind: 'PodUnavailableBudget',
      ref: expect.anything() as unknown,
      status: sync.status,
      counts: laneCounts(sync.classification),
      syncFailed: sync.error !== undefined,
    });
    seen.checked++;
  };
  return seen;
}

describe('PUB tallies in a plan', () => {
  it('give, after any sequence of evictions, replacements and readiness, what a full reconcile gives', () => {
    fc.assert(
      fc.property(clusterArb, fc.array(planOpArb, { maxLength: 25 }), (c, ops) => {
        const { index, pods, budgets: all } = build(c);
        const state = new PlanState(index, NOW, c.source);
        const seen = checkedResyncs(state);
        applyPlanOps({ state, pods, ops, budgetKind: 'PodUnavailableBudget', all });
        expect(seen.checked).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
