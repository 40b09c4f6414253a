import {
  analyzeOverlaps,
  evaluateFindings,
  refKey,
  budgetFactsFromEvaluations,
  type Finding as EngineFinding,
  type OverlapReport,
  type PodView,
} from '@pdbscope/shared';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { BudgetSummary } from '@pdbscope/shared/api';
import type { BudgetMarks } from '../views/rows.js';

/** The cluster-wide analyses: overlaps and findings, with what the overview needs from them. */
export interface Analysis {
  overlaps: OverlapReport;
  findings: EngineFinding[];
  marks: BudgetMarks;
  podsWithoutBudget: number;
  /** How long it took, to space the next run. */
  tookMs: number;
}

/** Owners whose pods are replicated and should have a budget (not Jobs, DaemonSets or static pods). */
const UNREPLICATED_OWNERS = new Set(['Job', 'DaemonSet', 'Node', 'CronJob']);

function* allPods(index: ClusterIndex, namespaces: Iterable<string>): IterableIterator<PodView> {
  for (const namespace of namespaces) yield* index.podsInNamespace(namespace);
}

/** Runs the overlap analysis and the findings catalogue over the whole index. */
export function analyze(input: {
  index: ClusterIndex;
  /** Every namespace that has pods (the index lists pods by namespace). */
  namespaces: Iterable<string>;
  now: Date;
  clock?: () => number;
}): Analysis {
  const { index, now } = input;
  const clock = input.clock ?? Date.now;
  const namespaces = [...input.namespaces];
  const started = clock();
  const evaluations = [...index.budgets()];
  const byKey = new Map(evaluations.map((e) => [refKey(e.ref), e]));
  const overlaps = analyzeOverlaps({
    budgets: evaluations.map((e) => e.budget),
    podsOf: (budget) => byKey.get(refKey(budget))?.pods ?? [],
  });
  const findings = evaluateFindings({
    now,
    budgets: budgetFactsFromEvaluations(evaluations),
    pods: allPods(index, namespaces),
    workloads: [...index.workloads()],
    overlaps,
  });
  const overlapping = new Set<string>();
  for (const pair of overlaps.live) {
    overlapping.add(refKey(pair.a));
    overlapping.add(refKey(pair.b));
  }
  const counts = new Map<string, number>();
  for (const f of findings) {
    const key = refKey(f.object);
    if (byKey.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let podsWithoutBudget = 0;
  for (const pod of allPods(index, namespaces)) {
    if (pod.controller && !UNREPLICATED_OWNERS.has(pod.controller.kind)) {
      const covering = index.budgetsForPod(pod);
      if (covering.pdbs.length === 0 && covering.pubs.length === 0) podsWithoutBudget++;
    }
  }
  return {
    overlaps,
    findings,
    marks: { overlapping, findings: counts },
    podsWithoutBudget,
    tookMs: clock() - started,
  };
}

/** The overview's summary from the rows and the last analysis. */
export function summarize(
  rows: Iterable<{
    flags: {
      blocking: boolean;
      overlap: boolean;
      findings: number;
      stale: boolean;
      mismatch: boolean;
    };
  }>,
  analysis: Pick<Analysis, 'overlaps' | 'podsWithoutBudget'> | undefined,
): BudgetSummary {
  const summary: BudgetSummary = {
    budgets: 0,
    blocking: 0,
    overlapping: 0,
    withFindings: 0,
    stale: 0,
    mismatched: 0,
    podsWithMultipleBudgets: analysis?.overlaps.podsWithMultipleBudgets.length ?? 0,
    podsWithoutBudget: analysis?.podsWithoutBudget ?? 0,
  };
  for (const { flags } of rows) {
    summary.budgets++;
    if (flags.blocking) summary.blocking++;
    if (flags.overlap) summary.overlapping++;
    if (flags.findings > 0) summary.withFindings++;
    if (flags.stale) summary.stale++;
    if (flags.mismatch) summary.mismatched++;
  }
  return summary;
}
