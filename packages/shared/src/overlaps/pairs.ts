import type { Budget } from '../model/budget.js';
import type { ResourceRef } from '../model/refs.js';
import { pubConflict } from '../validation/pub.js';
import { refOf, type PodsOf } from './live.js';
import { selectorsIntersect } from './static.js';
import type { BudgetOverlap, OverlapRule } from './types.js';

/** The pods a budget selects, by name, made once per budget a page of pairs looks at. */
function podNames(budget: Budget, podsOf: PodsOf): Map<string, ResourceRef> {
  const out = new Map<string, ResourceRef>();
  for (const pod of podsOf(budget)) out.set(pod.name, refOf(pod));
  return out;
}

const usesSelector = (b: Budget): boolean =>
  !(b.kind === 'PodUnavailableBudget' && b.spec.targetRef);

/**
 * How two budgets of one namespace overlap, by every rule (live pods, static analysis, OpenKruise's
 * webhook), or undefined when they do not: the pair of a group, computed when it is asked for.
 */
export function overlapPair(
  a: Budget,
  b: Budget,
  podsOf: PodsOf,
  podsOfA: ReadonlyMap<string, ResourceRef> = podNames(a, podsOf),
): BudgetOverlap | undefined {
  const rules: OverlapRule[] = [];
  const sharedPods: ResourceRef[] = [];
  for (const pod of podsOf(b)) {
    const shared = podsOfA.get(pod.name);
    if (shared) sharedPods.push(shared);
  }
  if (sharedPods.length > 0) rules.push('live-pods');
  let witness: BudgetOverlap['witness'];
  if (usesSelector(a) && usesSelector(b)) {
    const r = selectorsIntersect(a.spec.selector, b.spec.selector);
    if (r.overlap) {
      rules.push('static-analysis');
      witness = r.witness;
    }
  }
  if (a.kind === 'PodUnavailableBudget' && b.kind === 'PodUnavailableBudget' && pubConflict(b, [a]))
    rules.push('kruise-admission');
  if (rules.length === 0) return undefined;
  return {
    a: refOf(a),
    b: refOf(b),
    rules,
    sharedPods,
    ...(witness !== undefined ? { witness } : {}),
    evictionFails: a.kind === 'PodDisruptionBudget' && b.kind === 'PodDisruptionBudget',
  };
}

/** Where a page of pairs stopped: the next pair to look at is (`i`, `j`) of the members' order. */
export interface PairCursor {
  i: number;
  j: number;
}

export interface PairsPage {
  pairs: BudgetOverlap[];
  /** Absent when every pair has been looked at. */
  next?: PairCursor;
}

/**
 * Overlapping pairs among `members` (a group's budgets, in its order), from `from` on, until
 * `limit` pairs are found or `maxChecks` pairs have been looked at: each page costs at most that,
 * however large the group.
 */
export function overlapPairsPage(input: {
  members: readonly Budget[];
  podsOf: PodsOf;
  from?: PairCursor;
  limit: number;
  maxChecks?: number;
}): PairsPage {
  const { members, podsOf } = input;
  let checks = input.maxChecks ?? 20_000;
  const pairs: BudgetOverlap[] = [];
  let i = input.from?.i ?? 0;
  let j = input.from?.j ?? i + 1;
  let namesOfI: Map<string, ResourceRef> | undefined;
  while (i < members.length - 1) {
    if (j >= members.length) {
      i++;
      j = i + 1;
      namesOfI = undefined;
      continue;
    }
    if (pairs.length >= input.limit || checks <= 0) return { pairs, next: { i, j } };
    checks--;
    const a = members[i] as Budget;
    namesOfI ??= podNames(a, podsOf);
    const pair = overlapPair(a, members[j] as Budget, podsOf, namesOfI);
    if (pair) pairs.push(pair);
    j++;
  }
  return { pairs };
}

/** The first `limit` overlaps of `budget` with the other members of its group, in their order. */
export function overlapsOfMember(input: {
  budget: Budget;
  members: readonly Budget[];
  podsOf: PodsOf;
  limit: number;
}): BudgetOverlap[] {
  const names = podNames(input.budget, input.podsOf);
  const out: BudgetOverlap[] = [];
  for (const other of input.members) {
    if (out.length >= input.limit) break;
    if (other === input.budget) continue;
    const pair = overlapPair(input.budget, other, input.podsOf, names);
    if (pair) out.push(pair);
  }
  return out;
}
