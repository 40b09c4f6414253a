import type { Budget } from '../model/budget.js';
import { overlapsCounted } from './analyze.js';
import type { PodsOf } from './live.js';
import { DEFAULT_MAX_STATIC_PAIRS } from './potential.js';
import type { OverlapReport } from './types.js';

/**
 * Overlap analysis one namespace at a time, so a caller can spread a large cluster over several
 * slices of work. Budgets only select pods of their own namespace and every rule (live sharing,
 * static pairs, OpenKruise conflicts) compares budgets of one namespace, so the per-namespace
 * reports concatenate to what {@link analyzeOverlaps} answers for all budgets listed namespace by
 * namespace in the same order; the static-pair cap is shared across the namespaces, as there.
 */
export interface OverlapsByNamespace {
  /** Analyses one namespace's budgets (all of them, none of another namespace); returns its part. */
  add(input: { budgets: readonly Budget[]; podsOf: PodsOf }): OverlapReport;
  /** The merged report of every namespace added so far. */
  result(): OverlapReport;
}

/** Starts a per-namespace overlap analysis with a cluster-wide cap on static pairs. */
export function overlapsByNamespace(
  options: { maxStaticPairs?: number } = {},
): OverlapsByNamespace {
  const cap = options.maxStaticPairs ?? DEFAULT_MAX_STATIC_PAIRS;
  const parts: OverlapReport[] = [];
  let staticPairs = 0;
  return {
    add(input) {
      const { report, staticPairs: found } = overlapsCounted({
        ...input,
        maxStaticPairs: cap - staticPairs,
      });
      staticPairs += found;
      parts.push(report);
      return report;
    },
    result: () => mergeOverlapReports(parts),
  };
}

/** Concatenates per-namespace reports in the order given; truncated when any part was. */
export function mergeOverlapReports(parts: readonly OverlapReport[]): OverlapReport {
  return {
    live: parts.flatMap((p) => p.live),
    potential: parts.flatMap((p) => p.potential),
    kruiseConflicts: parts.flatMap((p) => p.kruiseConflicts),
    podsWithMultipleBudgets: parts.flatMap((p) => p.podsWithMultipleBudgets),
    invalidSelectors: parts.flatMap((p) => p.invalidSelectors),
    staticTruncated: parts.some((p) => p.staticTruncated),
  };
}
