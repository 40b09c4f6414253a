import type { Budget } from '../model/budget.js';
import { inStableOrder } from './stable-order.js';
import type { LabelSelector } from '../model/labels.js';
import type { ResourceRef } from '../model/refs.js';
import { refKey } from '../model/refs.js';
import { kruiseConflicts } from './kruise.js';
import type { BudgetOverlap, OverlapReport } from './types.js';
import { liveSharing, refOf, type PodsOf } from './live.js';
import { staticOverlapPairs, type SelectorEntry } from './potential.js';

/** The selector static analysis compares, or undefined for a PUB that resolves pods through targetRef. */
function staticSelectorOf(budget: Budget): LabelSelector | null | undefined | 'target' {
  if (budget.kind === 'PodUnavailableBudget' && budget.spec.targetRef) return 'target';
  return budget.spec.selector;
}

const pairKey = (a: ResourceRef, b: ResourceRef): string => {
  const [x, y] = [refKey(a), refKey(b)].sort();
  return `${x}\u0000${y}`;
};

/**
 * Every overlap among the budgets: live sharing through the index's selections (`podsOf`), static
 * selector overlap with a witness, and OpenKruise's conflict rules, merged per pair with the rules
 * that flag it.
 */
export function analyzeOverlaps(input: OverlapsInput): OverlapReport {
  return overlapsCounted(input).report;
}

export interface OverlapsInput {
  budgets: readonly Budget[];
  podsOf: PodsOf;
  /** Cap on statically overlapping pairs (default DEFAULT_MAX_STATIC_PAIRS); live sharing is never capped. */
  maxStaticPairs?: number;
}

/** The report and how many static pairs it found (counted against the cap by a per-namespace run). */
export function overlapsCounted(input: OverlapsInput): {
  report: OverlapReport;
  staticPairs: number;
} {
  // Budgets in a stable order (kind, namespace, name), never the order they arrived in: which
  // budget of a pair is `a` (the subject of its finding, and its id) depends on it.
  const budgets = inStableOrder(input.budgets);
  const pairs = new Map<string, BudgetOverlap>();
  const get = (a: ResourceRef, b: ResourceRef): BudgetOverlap => {
    const key = pairKey(a, b);
    let pair = pairs.get(key);
    if (!pair) {
      const evictionFails = a.kind === 'PodDisruptionBudget' && b.kind === 'PodDisruptionBudget';
      pairs.set(key, (pair = { a, b, rules: [], sharedPods: [], evictionFails }));
    }
    return pair;
  };

  const live = liveSharing({ budgets, podsOf: input.podsOf });
  for (const p of live.pairs) {
    const pair = get(p.a, p.b);
    pair.rules.push('live-pods');
    pair.sharedPods = p.sharedPods;
  }

  const entries: SelectorEntry<ResourceRef>[] = [];
  for (const budget of budgets) {
    const selector = staticSelectorOf(budget);
    if (selector !== 'target')
      entries.push({ item: refOf(budget), namespace: budget.namespace, selector });
  }
  const statics = staticOverlapPairs(
    entries,
    input.maxStaticPairs !== undefined ? { maxPairs: input.maxStaticPairs } : {},
  );
  for (const p of statics.pairs) {
    const pair = get(p.a, p.b);
    pair.rules.push('static-analysis');
    pair.witness = p.witness;
  }

  const pubs = budgets.filter((b) => b.kind === 'PodUnavailableBudget');
  const conflicts = kruiseConflicts(pubs);
  for (const c of conflicts) get(c.a, c.b).rules.push('kruise-admission');

  const all = [...pairs.values()];
  const report: OverlapReport = {
    live: all.filter((p) => p.sharedPods.length > 0),
    potential: all.filter((p) => p.sharedPods.length === 0 && p.witness !== undefined),
    kruiseConflicts: conflicts,
    podsWithMultipleBudgets: live.podsWithMultipleBudgets,
    invalidSelectors: statics.invalid.map(({ item, error }) => ({ budget: item, error })),
    staticTruncated: statics.truncated,
  };
  return { report, staticPairs: statics.pairs.length };
}
