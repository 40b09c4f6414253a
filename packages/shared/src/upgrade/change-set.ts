import { fixTarget } from '../api/fix-param.js';
import { refKey } from '../model/refs.js';
import { COST_ORDER, type Candidate } from './candidates.js';
import type { UpgradeChange } from './changes.js';
import { blockerOf, compareReach, reachOf } from './outcome.js';
import type { StuckPod, UpgradeForecast } from './types.js';

/** What a change sets: a later change of the same thing replaces the earlier one. */
export const changeTarget = (change: UpgradeChange): string => fixTarget(change);

/** What one change can act on to free the pod: a budget holding it, a drain flag, surge capacity. */
function blockers(p: StuckPod): string[] {
  if (p.reason === 'kubectl-refuses') return [`drain/${p.flag ?? 'force'}`];
  const budgets = p.budgets.map((b) => `budget/${refKey(b)}`);
  return p.reason === 'replacement-unschedulable' ? [...budgets, 'surge'] : budgets;
}

/**
 * Fewest more changes that could free all these pods: pods with nothing to act on in common each
 * need their own change, and a pod under k PodDisruptionBudgets needs k - 1 of them deleted; pods
 * that a change already made could free by going further (a budget lowered again, one more surge
 * node) need none. A lower bound (each change acts on one budget, flag or the surge), so a search
 * ordered by it never passes over a smaller combination.
 */
export function changesNeeded(
  pods: readonly StuckPod[],
  /** What changes made already set: changing one of them again adds no change. */
  made: Iterable<string> = [],
): number {
  const taken = new Set<string>(made);
  let needed = 0;
  for (const p of pods) {
    const keys = blockers(p);
    if (keys.some((k) => taken.has(k))) continue;
    needed += p.reason === 'multiple-budgets' ? Math.max(1, p.budgets.length - 1) : 1;
    for (const k of keys) taken.add(k);
  }
  return needed;
}

/** A set of changes, one per thing they set, in a fixed order (so one set, one forecast). */
export interface ChangeSet {
  parts: Candidate[];
  key: string;
  /** The dearest kind among its parts, then the sum of their kinds (COST_ORDER). */
  dearest: number;
  total: number;
  forecast?: UpgradeForecast;
  /** Its size plus the changes its stall still needs (its parent's until it is forecast). */
  bound: number;
}

const partRank = (c: Candidate): number =>
  Math.max(0, ...c.changes.map((ch) => COST_ORDER[ch.kind]));
const partTarget = (c: Candidate): string => c.changes.map(changeTarget).join('+');
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Cheapest kind first, then by what they set: the order the changes are applied and shown in. */
export function setOf(parts: readonly Candidate[], bound = 0): ChangeSet {
  const sorted = [...parts].sort(
    (a, b) => partRank(a) - partRank(b) || compareText(partTarget(a), partTarget(b)),
  );
  const ranks = sorted.map(partRank);
  return {
    parts: sorted,
    key: sorted.map((c) => JSON.stringify(c.changes)).join('\n'),
    dearest: Math.max(0, ...ranks),
    total: ranks.reduce((a, b) => a + b, 0),
    bound,
  };
}

/** The set with `c` added, replacing a part that sets the same thing. */
export function withPart(set: ChangeSet, c: Candidate): ChangeSet {
  const target = partTarget(c);
  return setOf([...set.parts.filter((p) => partTarget(p) !== target), c], set.bound);
}

export const changesOf = (set: ChangeSet): UpgradeChange[] => set.parts.flatMap((p) => p.changes);

/** Once forecast: its bound is its size plus what its own stall still needs. */
export function settle(set: ChangeSet, forecast: UpgradeForecast): void {
  set.forecast = forecast;
  const made = set.parts.flatMap((p) => p.changes.map(changeTarget));
  set.bound = set.parts.length + changesNeeded(blockerOf(forecast)?.pods ?? [], made);
}

/** Fewer changes, then cheaper (dearest kind, then all kinds), then a fixed order. */
export const byCost = (a: ChangeSet, b: ChangeSet): number =>
  a.parts.length - b.parts.length ||
  a.dearest - b.dearest ||
  a.total - b.total ||
  compareText(a.key, b.key);

/** Cost never falls as a set grows: nothing grown from `set` is smaller or cheaper than `found`. */
export const cannotBeat = (set: ChangeSet, found: ChangeSet): boolean =>
  set.bound > found.parts.length ||
  (set.bound === found.parts.length &&
    (set.dearest > found.dearest || (set.dearest === found.dearest && set.total >= found.total)));

/**
 * Search order: the lower bound on a completing set's size; then the largest sets (nearest to
 * completing, so one is found soon and bounds the rest); then the cheapest.
 */
export const bySearchOrder = (a: ChangeSet, b: ChangeSet): number =>
  a.bound - b.bound ||
  b.parts.length - a.parts.length ||
  a.dearest - b.dearest ||
  a.total - b.total ||
  compareText(a.key, b.key);

/** An answer kubectl never retries (500, 403): such a pod needs a change even if budgets recover. */
const neverRetried = (p: StuckPod): boolean =>
  p.reason === 'multiple-budgets' || p.reason === 'webhook-denied';

/**
 * How far a forecast gets, finer than `getsFurther`: completes; else fewer protected pods deleted;
 * else a later stop, then past kubectl's refusal (evicting), then fewer changes still needed,
 * then fewer pods stuck, then fewer refused for good (a pod under two budgets now under one that
 * waits: the hand-written budget removed, the operator's still to change).
 */
const progressOf = (f: UpgradeForecast): number[] =>
  reachOf(f, (b) => [
    b.reasons.includes('kubectl-refuses') ? 0 : 1,
    -changesNeeded(b.pods),
    -b.pods.length,
    -b.pods.filter(neverRetried).length,
  ]);

/** Positive when `a` gets further than `b`, negative when less far, 0 when as far. */
export const compareProgress = (a: UpgradeForecast, b: UpgradeForecast): number =>
  compareReach(progressOf(a), progressOf(b));

/** Furthest first, then fewer and cheaper changes. */
export function byProgress(a: ChangeSet, b: ChangeSet): number {
  const fa = a.forecast;
  const fb = b.forecast;
  if (!fa || !fb) return fa ? -1 : fb ? 1 : 0;
  return compareProgress(fb, fa) || byCost(a, b);
}
