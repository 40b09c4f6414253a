import { COST_ORDER, type Candidate } from './candidates.js';
import { applyChanges, type UpgradeChange } from './changes.js';
import { forecastUpgrade, type ForecastUpgradeInput } from './forecast.js';
import { compareReach, reachOf } from './outcome.js';
import type { UpgradeForecast } from './types.js';

/** A candidate with the forecast it gets when applied on a copy. */
export interface CheckedCandidate {
  candidate: Candidate;
  again: UpgradeForecast;
  outcome: 'completes' | 'gets-further' | 'does-not-help';
}

/** Completes; else deletes fewer protected pods; else stops later, or as late with fewer pods stuck. */
const reach = (f: UpgradeForecast): number[] => reachOf(f, (b) => [-b.pods.length]);

/** Further by `reach` (a scaled-up pod stuck instead is no help: as many pods stuck). */
export const getsFurther = (again: UpgradeForecast, before: UpgradeForecast): boolean =>
  compareReach(reach(again), reach(before)) > 0;

/** The dearest kind of change among a candidate's. */
export const costRank = (changes: readonly UpgradeChange[]): number =>
  Math.max(0, ...changes.map((c) => COST_ORDER[c.kind]));

/** Forecasts again with the candidate applied to `input` and says whether it helps. */
export function checkCandidate(
  input: ForecastUpgradeInput,
  /** The forecast without it (stalled, failed, or forcing). */
  stalled: UpgradeForecast,
  candidate: Candidate,
): CheckedCandidate {
  const again = forecastUpgrade(applyChanges(input, candidate.changes));
  const outcome =
    again.verdict === 'completes'
      ? 'completes'
      : getsFurther(again, stalled)
        ? 'gets-further'
        : 'does-not-help';
  return { candidate, again, outcome };
}

const OUTCOME_ORDER = { completes: 0, 'gets-further': 1, 'does-not-help': 2 } as const;

/** A change whose operator's field is not known only says where to make it: after the others. */
const onlyNamesOperator = (c: Candidate): number => (c.managed === 'operator' ? 1 : 0);

/**
 * Completes first, then those made where they can be (not only "managed by X: change it there"),
 * then gets furthest (`reach`), then cheapest (fewer changes, kinds).
 */
export const byBenefit = (a: CheckedCandidate, b: CheckedCandidate): number =>
  OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome] ||
  onlyNamesOperator(a.candidate) - onlyNamesOperator(b.candidate) ||
  compareReach(reach(b.again), reach(a.again)) ||
  a.candidate.changes.length - b.candidate.changes.length ||
  costRank(a.candidate.changes) - costRank(b.candidate.changes);
