import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOW, deployment, labelPdb, node } from '../index/__fixtures__/objects.js';
import type { ClusterView } from '../index/view.js';
import { clusterOf, KUBECTL_DEFAULTS, TIMINGS } from './__fixtures__/cluster.js';
import { candidatesFor, COST_ORDER } from './candidates.js';
import { changeTarget } from './change-set.js';
import { applyChanges, type UpgradeChange } from './changes.js';
import { checkCandidate } from './check.js';
import { searchCombination } from './combination.js';
import { forecastUpgrade, type ForecastUpgradeInput } from './forecast.js';

const NODES = ['node-a', 'node-b', 'node-c'];

/**
 * Up to three Deployments spread over three nodes that hold a few pods each, some pods not Ready,
 * each under one PDB, or none, or two (overlapping: 500 on eviction).
 */
const clusterArb = fc
  .record({
    podsPerNode: fc.integer({ min: 2, max: 6 }),
    maxUnavailable: fc.integer({ min: 1, max: 2 }),
    apps: fc.array(
      fc.record({
        replicas: fc.integer({ min: 1, max: 4 }),
        unready: fc.integer({ min: 0, max: 1 }),
        offset: fc.integer({ min: 0, max: 2 }),
        budget: fc.oneof(
          fc.constant(undefined),
          fc.record({ maxUnavailable: fc.integer({ min: 0, max: 2 }) }),
          fc.record({ minAvailable: fc.integer({ min: 0, max: 4 }) }),
        ),
        overlap: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(({ podsPerNode, maxUnavailable, apps }) => {
    const parts = apps.map((a, i) => {
      const labels = { app: `app${i}` };
      const d = deployment({
        name: `app${i}`,
        replicas: a.replicas,
        unready: Math.min(a.unready, a.replicas - 1),
        labels,
        nodes: [...NODES.slice(a.offset), ...NODES.slice(0, a.offset)],
      });
      const budgets = a.budget
        ? [
            labelPdb({ name: `app${i}`, matchLabels: labels, ...a.budget }),
            ...(a.overlap
              ? [labelPdb({ name: `app${i}-copy`, matchLabels: labels, maxUnavailable: 1 })]
              : []),
          ]
        : [];
      return { ...d, budgets };
    });
    return {
      maxUnavailable,
      pods: parts.flatMap((p) => p.pods),
      workloads: parts.flatMap((p) => p.workloads),
      budgets: parts.flatMap((p) => p.budgets),
      nodeViews: NODES.map((n) => node(n, true, { allocatable: { pods: `${podsPerNode}` } })),
    };
  });

/**
 * Every change the search could make, worked out independently of it: per budget, every lower
 * minAvailable (or higher maxUnavailable), deleting it, and its Deployment scaled up by one; up to
 * as many surge nodes as the pool has.
 */
function universe(index: ClusterView): UpgradeChange[] {
  const out: UpgradeChange[] = NODES.map((_, i) => ({ kind: 'surge', maxSurge: i + 1 }));
  for (const ev of index.budgets()) {
    if (ev.kind !== 'PodDisruptionBudget') continue;
    const pods = ev.pods.length;
    const { desiredHealthy, expectedPods, disruptionsAllowed } = ev.synced.status;
    // Allowing more is not always better (more evicted at once may wait for room), so every value.
    if (ev.budget.spec.minAvailable !== undefined && desiredHealthy > 0) {
      for (let value = 0; value < desiredHealthy; value++)
        out.push({ kind: 'budget-spec', budget: ev.ref, field: 'minAvailable', value });
    } else {
      for (let value = disruptionsAllowed + 1; value <= expectedPods; value++)
        out.push({ kind: 'budget-spec', budget: ev.ref, field: 'maxUnavailable', value });
    }
    out.push({ kind: 'remove-budget', budget: ev.ref });
    const template = ev.pods[0];
    const name = ev.ref.name.replace(/-copy$/, '');
    if (template && name === ev.ref.name) {
      out.push({
        kind: 'scale',
        workload: { kind: 'Deployment', namespace: 'default', name },
        replicas: pods + 1,
        template: { kind: 'Pod', namespace: template.namespace, name: template.name },
      });
    }
  }
  return out;
}

const rank = (c: UpgradeChange) => COST_ORDER[c.kind];
const costOf = (changes: readonly UpgradeChange[]) => ({
  size: changes.length,
  dearest: Math.max(0, ...changes.map(rank)),
  total: changes.reduce((n, c) => n + rank(c), 0),
});
/** The search's order for applying a set's changes (the scaled pods' names follow it). */
const ordered = (changes: UpgradeChange[]) =>
  [...changes].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (changeTarget(a) < changeTarget(b) ? -1 : changeTarget(a) > changeTarget(b) ? 1 : 0),
  );

/** Sets of `k` of the options, at most one change of each thing. */
function* setsOf(
  options: readonly UpgradeChange[],
  k: number,
  from = 0,
): Generator<UpgradeChange[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = from; i < options.length; i++) {
    const first = options[i];
    if (!first) continue;
    for (const rest of setsOf(options, k - 1, i + 1))
      if (!rest.some((c) => changeTarget(c) === changeTarget(first))) yield [first, ...rest];
  }
}

/** Every set, smallest first: the cost of the cheapest of the smallest that complete, if any. */
function bruteForce(input: ForecastUpgradeInput, maxChanges: number) {
  const options = universe(input.index);
  for (let k = 1; k <= maxChanges; k++) {
    let best: ReturnType<typeof costOf> | undefined;
    for (const set of setsOf(options, k)) {
      const cost = costOf(set);
      if (
        best &&
        (cost.dearest > best.dearest || (cost.dearest === best.dearest && cost.total >= best.total))
      )
        continue;
      if (forecastUpgrade(applyChanges(input, ordered(set))).verdict === 'completes') best = cost;
    }
    if (best) return best;
  }
  return undefined;
}

describe('searchCombination properties', () => {
  it('finds the fewest, then cheapest, changes that complete, as a brute force over all sets does', () => {
    fc.assert(
      fc.property(clusterArb, (parts) => {
        const input: ForecastUpgradeInput = {
          index: clusterOf(parts),
          nodes: NODES,
          strategy: { maxUnavailable: parts.maxUnavailable, maxSurge: 0 },
          drain: KUBECTL_DEFAULTS,
          timings: TIMINGS,
          now: NOW,
        };
        const stalled = forecastUpgrade(input);
        fc.pre(stalled.stall !== undefined);
        const singles = candidatesFor(input, stalled.stall?.pods ?? []).map((c) =>
          checkCandidate(input, stalled, c),
        );
        const search = searchCombination(input, stalled, singles, {
          maxChanges: 4,
          maxForecasts: 5_000,
          maxFurthestChanges: 4,
          maxFurthestForecasts: 0,
        });
        const expected = bruteForce(input, 4);

        const found =
          search.found?.outcome === 'completes'
            ? costOf(search.found.candidate.changes)
            : undefined;
        expect(found).toStrictEqual(expected);
        if (found) expect(search.proof).toMatchObject({ fewestChanges: true, exhaustive: true });
        if (search.found)
          expect(forecastUpgrade(applyChanges(input, search.found.candidate.changes)).verdict).toBe(
            search.found.outcome === 'completes' ? 'completes' : 'stalls',
          );
      }),
      { numRuns: 40 },
    );
  });
});
