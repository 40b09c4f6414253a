import { budgetFactsFromEvaluations } from '../findings/from-evaluations.js';
import { findingsByRule, mergeFindings } from '../findings/table.js';
import type { Finding } from '../findings/types.js';
import type { BudgetEvaluation } from '../index/types.js';
import type { ClusterView } from '../index/view.js';
import type { Budget } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { WorkloadView } from '../model/workload.js';
import { overlapGroups, type OverlapGroupReport } from '../overlaps/groups.js';

/** Findings and overlaps of some namespaces: every rule and every overlap stays in its namespace. */
export interface NamespaceReport {
  budgets: BudgetEvaluation[];
  findings: Finding[];
  overlaps: OverlapGroupReport;
}

/** The findings and overlap groups of these namespaces of the cluster, as `evaluate` gives them. */
export function reportNamespaces(
  view: ClusterView,
  namespaces: readonly string[],
): NamespaceReport {
  const wanted = new Set(namespaces);
  const budgets: BudgetEvaluation[] = [];
  for (const ev of view.budgets()) if (wanted.has(ev.ref.namespace)) budgets.push(ev);
  const podsOf = new Map<Budget, readonly PodView[]>(budgets.map((e) => [e.budget, e.pods]));
  const overlaps = overlapGroups({
    budgets: budgets.map((e) => e.budget),
    podsOf: (b) => podsOf.get(b) ?? [],
  });
  const workloads: WorkloadView[] = [];
  for (const w of view.workloads()) if (wanted.has(w.namespace)) workloads.push(w);
  const parts = [...wanted].sort().map((ns) =>
    findingsByRule({
      now: view.now,
      budgets: budgetFactsFromEvaluations(budgets.filter((e) => e.ref.namespace === ns)),
      pods: view.podsInNamespace(ns),
      workloads: workloads.filter((w) => w.namespace === ns),
      overlaps: {
        ...overlaps,
        groups: overlaps.groups.filter((g) => g.namespace === ns),
        podsWithMultipleBudgets: overlaps.podsWithMultipleBudgets.filter(
          (p) => p.pod.namespace === ns,
        ),
        invalidSelectors: overlaps.invalidSelectors.filter((s) => s.budget.namespace === ns),
      },
    }),
  );
  return { budgets, findings: mergeFindings(parts), overlaps };
}
