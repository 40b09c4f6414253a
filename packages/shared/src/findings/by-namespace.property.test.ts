import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusterIndex } from '../index/cluster-index.js';
import type { BudgetEvaluation } from '../index/types.js';
import { refKey } from '../model/refs.js';
import { overlapGroups, type OverlapGroupReport } from '../overlaps/groups.js';
import { overlapsByNamespace } from '../overlaps/by-namespace.js';
import { generateCluster } from '../synthetic/generate.js';
import { clusterViews } from '../synthetic/views.js';
import { budgetFactsFromEvaluations } from './from-evaluations.js';
import { evaluateFindings, findingsByRule, mergeFindings } from './table.js';
import type { Finding } from './types.js';

const NOW = new Date('2024-05-01T12:05:00Z');

/** The namespaces of pods and budgets, in order of first appearance, each with its budgets. */
function byNamespace(
  index: ClusterIndex,
  views: ReturnType<typeof clusterViews>,
): Map<string, BudgetEvaluation[]> {
  const out = new Map<string, BudgetEvaluation[]>();
  for (const pod of views.pods) if (!out.has(pod.namespace)) out.set(pod.namespace, []);
  for (const ev of index.budgets()) {
    const list = out.get(ev.ref.namespace);
    if (list) list.push(ev);
    else out.set(ev.ref.namespace, [ev]);
  }
  return out;
}

function wholeCluster(
  index: ClusterIndex,
  namespaces: Map<string, BudgetEvaluation[]>,
  maxStaticChecks: number,
): { overlaps: OverlapGroupReport; findings: Finding[] } {
  const evaluations = [...namespaces.values()].flat();
  const byKey = new Map(evaluations.map((e) => [refKey(e.ref), e]));
  const overlaps = overlapGroups({
    budgets: evaluations.map((e) => e.budget),
    podsOf: (b) => byKey.get(refKey(b))?.pods ?? [],
    maxStaticChecks,
  });
  const findings = evaluateFindings({
    now: NOW,
    budgets: budgetFactsFromEvaluations(evaluations),
    pods: [...namespaces.keys()].flatMap((ns) => [...index.podsInNamespace(ns)]),
    workloads: [...index.workloads()],
    overlaps,
  });
  return { overlaps, findings };
}

function perNamespace(
  index: ClusterIndex,
  namespaces: Map<string, BudgetEvaluation[]>,
  maxStaticChecks: number,
): { overlaps: OverlapGroupReport; findings: Finding[] } {
  const overlaps = overlapsByNamespace({ maxStaticChecks });
  const parts: Finding[][][] = [];
  const workloads = [...index.workloads()];
  for (const [namespace, evaluations] of namespaces) {
    const byKey = new Map(evaluations.map((e) => [refKey(e.ref), e]));
    const report = overlaps.add({
      budgets: evaluations.map((e) => e.budget),
      podsOf: (b) => byKey.get(refKey(b))?.pods ?? [],
    });
    parts.push(
      findingsByRule({
        now: NOW,
        budgets: budgetFactsFromEvaluations(evaluations),
        pods: index.podsInNamespace(namespace),
        workloads: workloads.filter((w) => w.namespace === namespace),
        overlaps: report,
      }),
    );
  }
  return { overlaps: overlaps.result(), findings: mergeFindings(parts) };
}

describe('overlaps and findings namespace by namespace', () => {
  it('merge to the whole-cluster answer on generated clusters, static-check cap included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 50, max: 600 }),
        fc.integer({ min: 2, max: 6 }),
        fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constant(100_000)),
        (seed, pods, namespaces, maxStaticChecks) => {
          const views = clusterViews(
            generateCluster({ seed, pods, nodes: 8, budgets: Math.ceil(pods / 8), namespaces }),
          );
          const index = new ClusterIndex({ now: NOW }, views);
          const grouped = byNamespace(index, views);
          expect(perNamespace(index, grouped, maxStaticChecks)).toStrictEqual(
            wholeCluster(index, grouped, maxStaticChecks),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('finds something to compare on the generated clusters (overlaps, findings, a truncated static search)', () => {
    const views = clusterViews(
      generateCluster({ seed: 3, pods: 600, nodes: 8, budgets: 80, namespaces: 4 }),
    );
    const index = new ClusterIndex({ now: NOW }, views);
    const merged = perNamespace(index, byNamespace(index, views), 2);
    expect({
      live: merged.overlaps.groups.some((g) => g.sharedPods.length > 0),
      findings: new Set(merged.findings.map((f) => f.severity)).size > 1,
      truncated: merged.overlaps.staticTruncated,
    }).toStrictEqual({ live: true, findings: true, truncated: true });
  });
});
