import type { Budget } from '../model/budget.js';
import { overlapGroupsCounted, type OverlapGroupReport } from './groups.js';
import type { PodsOf } from './live.js';
import { DEFAULT_MAX_STATIC_CHECKS } from './potential.js';

/**
 * Overlap groups one namespace at a time, so a caller can spread a large cluster over several
 * slices of work. Budgets only select pods of their own namespace and every rule (live sharing,
 * static analysis, OpenKruise conflicts) links budgets of one namespace, so the per-namespace
 * reports concatenate to what {@link overlapGroups} answers for all budgets listed namespace by
 * namespace in the same order; the cap on selector intersections is shared, as there.
 */
export interface OverlapsByNamespace {
  /** Analyses one namespace's budgets (all of them, none of another namespace); returns its part. */
  add(input: { budgets: readonly Budget[]; podsOf: PodsOf }): OverlapGroupReport;
  /** The merged report of every namespace added so far. */
  result(): OverlapGroupReport;
}

/** Starts a per-namespace overlap analysis with a cluster-wide cap on selector intersections. */
export function overlapsByNamespace(
  options: { maxStaticChecks?: number } = {},
): OverlapsByNamespace {
  const cap = options.maxStaticChecks ?? DEFAULT_MAX_STATIC_CHECKS;
  const parts: OverlapGroupReport[] = [];
  let checks = 0;
  return {
    add(input) {
      const { report, staticChecks } = overlapGroupsCounted({
        ...input,
        maxStaticChecks: cap - checks,
      });
      checks += staticChecks;
      parts.push(report);
      return report;
    },
    result: () => mergeOverlapReports(parts),
  };
}

/** Concatenates per-namespace reports in the order given; truncated when any part was. */
export function mergeOverlapReports(parts: readonly OverlapGroupReport[]): OverlapGroupReport {
  return {
    groups: parts.flatMap((p) => p.groups),
    podsWithMultipleBudgets: parts.flatMap((p) => p.podsWithMultipleBudgets),
    invalidSelectors: parts.flatMap((p) => p.invalidSelectors),
    staticTruncated: parts.some((p) => p.staticTruncated),
  };
}
