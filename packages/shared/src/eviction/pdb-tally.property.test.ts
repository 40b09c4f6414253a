import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyPdbPods } from '../budgets/classify.js';
import { syncPdb } from '../budgets/sync.js';
import { laneCounts } from '../index/evaluate.js';
import { NOW, labelPdb, node, pdb } from '../index/__fixtures__/objects.js';
import { ClusterIndex } from '../index/cluster-index.js';
import type { PdbView } from '../model/budget.js';
import type { ResourceRef } from '../model/refs.js';
import { PlanState } from './plan-state.js';
import { applyPlanOps, planOpArb, shopPods } from './__fixtures__/plan-ops.js';

const limitArb = fc.oneof(
  fc.record({ minAvailable: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ minAvailable: fc.constantFrom('0%', '50%', '100%') }),
  fc.record({ maxUnavailable: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ maxUnavailable: fc.constantFrom('25%', '50%', '100%') }),
  fc.constant({}),
);

/** How long ago an eviction wrote a disruptedPods entry: 120 s is the expiry boundary itself. */
const agoArb = fc.option(fc.constantFrom(0, 30, 119, 120, 121, 300), { nil: undefined });

const clusterArb = fc.record({
  web: fc.integer({ min: 1, max: 6 }),
  webUnready: fc.integer({ min: 0, max: 2 }),
  db: fc.integer({ min: 0, max: 3 }),
  bare: fc.integer({ min: 0, max: 2 }),
  /** Pods whose ReplicaSet no finder resolves: the sync fails, naming one of them. */
  orphans: fc.integer({ min: 0, max: 1 }),
  webLimit: limitArb,
  allLimit: limitArb,
  dbLimit: limitArb,
  disrupted: fc.array(agoArb, { minLength: 4, maxLength: 4 }),
  source: fc.constantFrom('recomputed' as const, 'stored' as const),
  /** A what-if spec for the web budget (a fix), synced on first use. */
  changedWeb: fc.option(limitArb, { nil: undefined }),
});

type Cluster = typeof clusterArb extends fc.Arbitrary<infer T> ? T : never;

function build(c: Cluster) {
  const tier = { tier: 'shop' };
  const { web, db, loose } = shopPods(c);
  const pods = [...web.pods, ...db.pods, ...loose];
  const disruptedPods: Record<string, string> = {};
  c.disrupted.forEach((ago, i) => {
    const p = pods[i];
    if (ago !== undefined && p)
      disruptedPods[p.name] = new Date(NOW.getTime() - ago * 1000)
        .toISOString()
        .replace('.000Z', 'Z');
  });
  const budgets = [
    labelPdb({ name: 'web', ...c.webLimit }),
    labelPdb({ name: 'db', ...c.dbLimit }),
    pdb({ name: 'shop', selector: { matchLabels: tier }, disruptedPods, ...c.allLimit }),
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
  const changed = c.changedWeb && labelPdb({ name: 'web', ...c.changedWeb });
  return { index, pods, budgets, changed };
}

/**
 * Every resync of the plan (inside evictInPlan too) is checked against a sync from scratch:
 * syncPdb and classifyPdbPods over the plan's pod list, from the status before the resync.
 */
function checkedResyncs(state: PlanState): { checked: number } {
  const seen = { checked: 0 };
  const incremental = state.resync.bind(state);
  state.resync = (ref: ResourceRef): void => {
    const before = state.budget(ref);
    const pods = state.podsOf(ref);
    incremental(ref);
    if (before.kind !== 'PodDisruptionBudget') return;
    const sync = syncPdb({ pdb: before, pods, workloads: state.workloads, now: NOW });
    const after: PdbView = { ...before, status: sync.status };
    expect(state.state(ref)).toStrictEqual({
      kind: 'PodDisruptionBudget',
      ref: expect.anything() as unknown,
      status: sync.status,
      counts: laneCounts(classifyPdbPods({ pdb: after, pods, now: NOW })),
      syncFailed: sync.syncFailed,
    });
    seen.checked++;
  };
  return seen;
}

describe('PDB tallies in a plan', () => {
  it('give, after any sequence of evictions, replacements and readiness, what a full resync gives', () => {
    fc.assert(
      fc.property(clusterArb, fc.array(planOpArb, { maxLength: 25 }), (c, ops) => {
        const { index, pods, budgets: all, changed } = build(c);
        const state = new PlanState(index, NOW, c.source, {
          ...(changed ? { budgets: new Map([['PodDisruptionBudget/default/web', changed]]) } : {}),
        });
        const seen = checkedResyncs(state);
        applyPlanOps({ state, pods, ops, budgetKind: 'PodDisruptionBudget', all });
        expect(seen.checked).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
