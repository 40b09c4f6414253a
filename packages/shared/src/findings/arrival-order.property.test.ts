import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusterIndex } from '../index/cluster-index.js';
import { refKey } from '../model/refs.js';
import { analyzeOverlaps } from '../overlaps/analyze.js';
import { overlapGroups } from '../overlaps/groups.js';
import { generateCluster } from '../synthetic/generate.js';
import { clusterViews, type ClusterViews } from '../synthetic/views.js';
import { budgetFactsFromEvaluations } from './from-evaluations.js';
import { evaluateFindings } from './table.js';

const NOW = new Date('2024-05-01T12:05:00Z');

/** `items` in the order of `keys` (one random number per item). */
function permuted<T>(items: readonly T[], keys: readonly number[]): T[] {
  return items
    .map((item, i) => ({ item, key: keys[i % Math.max(1, keys.length)] ?? 0, i }))
    .sort((x, y) => x.key - y.key || x.i - y.i)
    .map((x) => x.item);
}

/** Overlaps and findings of an index that received the objects in this order. */
function analysed(views: ClusterViews) {
  const index = new ClusterIndex({ now: NOW }, views);
  const evaluations = [...index.budgets()];
  const byKey = new Map(evaluations.map((e) => [refKey(e.ref), e]));
  const selections = {
    budgets: evaluations.map((e) => e.budget),
    podsOf: (b: (typeof evaluations)[number]['budget']) => byKey.get(refKey(b))?.pods ?? [],
  };
  const pairs = analyzeOverlaps(selections);
  const overlaps = overlapGroups(selections);
  const findings = evaluateFindings({
    now: NOW,
    budgets: budgetFactsFromEvaluations(evaluations),
    pods: views.pods,
    workloads: [...index.workloads()],
    overlaps,
  });
  const pairKey = (p: { a: unknown; b: unknown }) => JSON.stringify([p.a, p.b]);
  return {
    live: [...pairs.live].sort((x, y) => pairKey(x).localeCompare(pairKey(y))),
    podsWithMultipleBudgets: overlaps.podsWithMultipleBudgets,
    groups: overlaps.groups.map((g) => [g.id, g.budgets, g.sharedPods]).sort(),
    findings: [...findings].sort((x, y) => x.id.localeCompare(y.id)),
  };
}

describe('findings do not depend on the order objects arrived in', () => {
  it('the same subjects, ids and pairs for any order of budgets and pods', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.integer(), { minLength: 1, maxLength: 64 }),
        fc.array(fc.integer(), { minLength: 1, maxLength: 64 }),
        (seed, budgetOrder, podOrder) => {
          const views = clusterViews(
            generateCluster({ seed, pods: 200, nodes: 6, budgets: 40, namespaces: 2 }),
          );
          const shuffled: ClusterViews = {
            ...views,
            budgets: permuted(views.budgets, budgetOrder),
            pods: permuted(views.pods, podOrder),
          };
          expect(analysed(shuffled)).toStrictEqual(analysed(views));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('has pods under several budgets to attribute on these clusters', () => {
    const views = clusterViews(
      generateCluster({ seed: 7, pods: 200, nodes: 6, budgets: 40, namespaces: 2 }),
    );
    expect(analysed(views).findings.some((f) => f.kind === 'pods-under-multiple-budgets')).toBe(
      true,
    );
  });
});
