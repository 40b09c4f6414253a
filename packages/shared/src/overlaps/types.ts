import type { Labels } from '../model/labels.js';
import type { ResourceRef } from '../model/refs.js';
import type { PodWithBudgets } from './live.js';

/** Which OpenKruise admission rule (validatePubConflict) rejects the pair. */
export type KruiseConflictRule = 'kruise-loose-selector' | 'kruise-target-ref';

/** Two PUBs of one namespace that OpenKruise's webhook would not admit side by side. */
export interface KruiseConflict {
  a: ResourceRef;
  b: ResourceRef;
  rule: KruiseConflictRule;
  /** The webhook's message when `b` is admitted after `a`. */
  message: string;
}

/**
 * Which rule flags a pair: shared live pods; static analysis of the selectors (a label set
 * matches both); OpenKruise's admission webhook (loose selector overlap, or the same targetRef).
 */
export type OverlapRule = 'live-pods' | 'static-analysis' | 'kruise-admission';

/** Two budgets of one namespace that select, or could select, the same pods. */
export interface BudgetOverlap {
  a: ResourceRef;
  b: ResourceRef;
  /** Every rule that flags this pair; a subset selector is flagged by static analysis but not by OpenKruise. */
  rules: OverlapRule[];
  /** Pods both select today (empty for a potential overlap). */
  sharedPods: ResourceRef[];
  /** A label set both selectors match, when static analysis found one. */
  witness?: Labels;
  /** Both are PodDisruptionBudgets: an eviction of a shared running pod fails with the 500. */
  evictionFails: boolean;
}

export interface OverlapReport {
  /** Pairs sharing live pods now. */
  live: BudgetOverlap[];
  /** Pairs whose selectors could share a pod (with a witness) although none does today. */
  potential: BudgetOverlap[];
  /** PUB pairs OpenKruise's admission rule flags, whether or not they share pods. */
  kruiseConflicts: KruiseConflict[];
  podsWithMultipleBudgets: PodWithBudgets[];
  /** Budgets whose selector does not parse; they select no pod. */
  invalidSelectors: { budget: ResourceRef; error: string }[];
  /**
   * Static analysis stopped at its cap: `potential` is incomplete and some live pairs may lack the
   * `static-analysis` rule. Happens when many selectors use unrelated label keys (they all overlap).
   */
  staticTruncated: boolean;
}
