import { COST_ORDER, type Candidate } from './candidates.js';
import { applyChanges, type UpgradeChange } from './changes.js';
import { forecastUpgrade, type ForecastUpgradeInput } from './forecast.js';
import type { UpgradeForecast } from './types.js';

/** A candidate with the forecast it gets when applied on a copy. */
export interface CheckedCandidate {
  candidate: Candidate;
  again: UpgradeForecast;
  outcome: 'completes' | 'gets-further' | 'does-not-help';
}

const progress = (f: UpgradeForecast): number =>
  f.verdict === 'completes' ? Number.POSITIVE_INFINITY : (f.stall?.step ?? 0);

/** Later, or at the same step with fewer pods stuck (a scaled-up pod stuck instead is no help). */
export const getsFurther = (again: UpgradeForecast, before: UpgradeForecast): boolean =>
  progress(again) > progress(before) ||
  (progress(again) === progress(before) &&
    (again.stall?.pods.length ?? 0) < (before.stall?.pods.length ?? 0));

/** The dearest kind of change among a candidate's. */
export const costRank = (changes: readonly UpgradeChange[]): number =>
  Math.max(0, ...changes.map((c) => COST_ORDER[c.kind]));

/** Forecasts again with the candidate applied to `input` and says whether it helps. */
export function checkCandidate(
  input: ForecastUpgradeInput,
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

/** Completes first, then gets furthest (fewer pods stuck), then cheapest (fewer changes, kinds). */
export const byBenefit = (a: CheckedCandidate, b: CheckedCandidate): number =>
  OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome] ||
  progress(b.again) - progress(a.again) ||
  (a.again.stall?.pods.length ?? 0) - (b.again.stall?.pods.length ?? 0) ||
  a.candidate.changes.length - b.candidate.changes.length ||
  costRank(a.candidate.changes) - costRank(b.candidate.changes);
