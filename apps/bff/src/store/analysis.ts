import {
  FINDING_RULES,
  budgetFactsFromEvaluations,
  effectiveBlocking,
  findingsByRule,
  mergeFindings,
  overlapsByNamespace,
  podExpectsBudget,
  refKey,
  unseenReason,
  type EvictionDecision,
  type Finding as EngineFinding,
  type PodView,
  type OverlapGroupReport,
  type WorkloadView,
} from '@pdbscope/shared';
import type { BudgetEvaluation, ClusterIndex } from '@pdbscope/shared/index';
import type { BudgetSummary } from '@pdbscope/shared/api';
import type { BudgetMarks } from '../views/rows.js';
import type { RowCounts } from './row-counts.js';

/** The cluster-wide analyses: overlaps and findings, with what the overview needs from them. */
export interface Analysis {
  overlaps: OverlapGroupReport;
  findings: EngineFinding[];
  marks: BudgetMarks;
  podsWithoutBudget: number;
  /** How long it worked (the sum of its slices), to space the next run. */
  tookMs: number;
  /** The longest time it held the event loop in one go. */
  longestSliceMs: number;
}

export interface AnalysisInput {
  index: ClusterIndex;
  /** Every namespace that has pods (the index lists pods by namespace). */
  namespaces: Iterable<string>;
  now: Date;
  /**
   * Milliseconds on a monotonic counter (default `performance.now`) that measure the work and end
   * the slices: a stopwatch, not the `Clock` (wall time and timers, which a test holds still).
   */
  stopwatch?: () => number;
  /** Findings the sources make themselves (the objects they could not read), after the rules' own. */
  sourceFindings?: readonly EngineFinding[];
}

function groupBy<T>(
  items: Iterable<T>,
  namespaceOf: (item: T) => string,
  order: Iterable<string>,
): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const namespace of order) out.set(namespace, []);
  for (const item of items) {
    const namespace = namespaceOf(item);
    const list = out.get(namespace);
    if (list) list.push(item);
    else out.set(namespace, [item]);
  }
  return out;
}

/**
 * The analysis as a sequence of steps, one per namespace (budgets select pods of their own
 * namespace, so overlaps and findings are computed per namespace and merged), returning the
 * result. Each step reads the index as it is then: a budget removed meanwhile is skipped, one
 * added meanwhile waits for the next run (the store marks the analysis stale on every change).
 */
function* analysisSteps(
  input: AnalysisInput,
): Generator<void, Omit<Analysis, 'tookMs' | 'longestSliceMs'>> {
  const { index, now } = input;
  const budgetsByNamespace = groupBy(index.budgets(), (e) => e.ref.namespace, input.namespaces);
  const workloadsByNamespace = groupBy<WorkloadView>(index.workloads(), (w) => w.namespace, []);
  const overlaps = overlapsByNamespace();
  const findingParts: EngineFinding[][][] = [];
  const overlapping = new Set<string>();
  const counts = new Map<string, number>();
  const blocked = new Map<string, string>();
  let podsWithoutBudget = 0;
  for (const [namespace, listed] of budgetsByNamespace) {
    yield;
    const evaluations = listed
      .map((e) => index.budget(e.ref))
      .filter((e): e is BudgetEvaluation => e !== undefined);
    const byKey = new Map(evaluations.map((e) => [refKey(e.ref), e]));
    const pods = [...index.podsInNamespace(namespace)];
    const report = overlaps.add({
      budgets: evaluations.map((e) => e.budget),
      podsOf: (budget) => byKey.get(refKey(budget))?.pods ?? [],
    });
    for (const shared of report.podsWithMultipleBudgets)
      for (const budget of shared.budgets) overlapping.add(refKey(budget));
    const part = findingsByRule({
      now,
      budgets: budgetFactsFromEvaluations(evaluations),
      pods,
      workloads: workloadsByNamespace.get(namespace) ?? [],
      overlaps: report,
      visibility: index.visibility,
    });
    findingParts.push(part);
    // A finding counts on every budget it is about (its object and related budgets), as the
    // detail page lists it on each.
    for (const f of part.flat()) {
      const keys = new Set([f.object, ...(f.related ?? [])].map(refKey));
      for (const key of keys) if (byKey.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const decided = new Map<PodView, EvictionDecision>();
    for (const e of evaluations) {
      const block = effectiveBlocking({
        budget: e.budget,
        pods: e.pods,
        budgetsOf: (pod) => index.budgetsForPod(pod),
        now,
        decided,
      });
      // A status that allows nothing is read by the row itself, so it is never stale.
      if (block !== undefined && block.cause !== 'allows-none')
        blocked.set(refKey(e.ref), block.reason);
    }
    // Where budgets are not visible, a pod may well have one.
    const budgetsSeen = unseenReason(index.visibility, 'budgets', namespace) === undefined;
    for (const pod of budgetsSeen ? pods : []) {
      if (podExpectsBudget(pod)) {
        const covering = index.budgetsForPod(pod);
        if (covering.pdbs.length === 0 && covering.pubs.length === 0) podsWithoutBudget++;
      }
    }
  }
  yield;
  const sourceFindings = input.sourceFindings ?? [];
  // As one more rule after the catalogue's: ordered by severity with the others.
  if (sourceFindings.length > 0)
    findingParts.push([...FINDING_RULES.map(() => []), [...sourceFindings]]);
  const findings = mergeFindings(findingParts);
  yield;
  return {
    overlaps: overlaps.result(),
    findings,
    marks: { overlapping, findings: counts, blocked },
    podsWithoutBudget,
  };
}

/** Runs the overlap analysis and the findings catalogue over the whole index in one go. */
export function analyze(input: AnalysisInput): Analysis {
  const stopwatch = input.stopwatch ?? (() => performance.now());
  const started = stopwatch();
  const steps = analysisSteps(input);
  let step = steps.next();
  while (!step.done) step = steps.next();
  const tookMs = stopwatch() - started;
  return { ...step.value, tookMs, longestSliceMs: tookMs };
}

/**
 * The same analysis in slices of about `sliceMs` (default 5; whole namespaces, never split: a slice
 * ends after the step that passes `sliceMs`, so it lasts up to `sliceMs` plus one namespace),
 * giving the event loop a turn between slices so that watch events and the event stream are not
 * held up by it.
 */
export async function analyzeInSlices(
  input: AnalysisInput & {
    sliceMs?: number;
    /** Resolves after pending I/O callbacks have run (default: setImmediate). */
    yieldToEvents?: () => Promise<void>;
  },
): Promise<Analysis> {
  const stopwatch = input.stopwatch ?? (() => performance.now());
  const sliceMs = input.sliceMs ?? 5;
  const yieldToEvents =
    input.yieldToEvents ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const steps = analysisSteps(input);
  let tookMs = 0;
  let longestSliceMs = 0;
  for (;;) {
    const sliceStart = stopwatch();
    let step = steps.next();
    while (!step.done && stopwatch() - sliceStart < sliceMs) step = steps.next();
    const took = stopwatch() - sliceStart;
    tookMs += took;
    longestSliceMs = Math.max(longestSliceMs, took);
    if (step.done) return { ...step.value, tookMs, longestSliceMs };
    await yieldToEvents();
  }
}

/** The overview's summary from the rows' counts and the last analysis. */
export function summarize(
  counts: RowCounts,
  analysis: Pick<Analysis, 'overlaps' | 'podsWithoutBudget'> | undefined,
): BudgetSummary {
  return {
    ...counts,
    podsWithMultipleBudgets: analysis?.overlaps.podsWithMultipleBudgets.length ?? 0,
    podsWithoutBudget: analysis?.podsWithoutBudget ?? 0,
  };
}
