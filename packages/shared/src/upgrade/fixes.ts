import { candidatesFor } from './candidates.js';
import type { UpgradeChange } from './changes.js';
import { byBenefit, checkCandidate, type CheckedCandidate } from './check.js';
import {
  COMBINATION_LIMITS,
  searchCombination,
  type CombinationLimits,
  type CombinationProof,
} from './combination.js';
import type { ForecastUpgradeInput } from './forecast.js';
import { blockerOf, forcedPodCount } from './outcome.js';
import { fixScript, fixYaml, type ChangeStep } from '../api/upgrade-script.js';
import { changeStep } from './patch.js';
import type { UpgradeForecast } from './types.js';

export interface UpgradeFix {
  id: string;
  title: string;
  /** What it costs while the upgrade runs (or for good). */
  cost: string;
  changes: UpgradeChange[];
  /** The forecast again with the change applied on a copy. */
  outcome: 'completes' | 'gets-further' | 'does-not-help';
  forecast: {
    verdict: UpgradeForecast['verdict'];
    steps: number;
    durationSeconds: number;
    stall?: string;
    /** For `fails`: the provider's message. */
    failure?: string;
    /** For `forces`: how many protected pods the provider still deletes. */
    forcedPods?: number;
  };
  /**
   * What a user would apply (never applied by pdbscope), one step per change: for an object an
   * operator writes, on its custom resource.
   */
  steps: ChangeStep[];
  /** The steps as one commented bash script, one command per change. */
  script: string;
  /** The steps as one multi-document YAML. */
  yaml: string;
  /** For a combination of changes: each part's title and cost, cheapest kind first. */
  parts?: { title: string; cost: string }[];
  /** For a combination: how far the search went, and whether it is the smallest. */
  search?: CombinationProof;
}

function toFix(
  input: ForecastUpgradeInput,
  checked: CheckedCandidate & { search?: CombinationProof },
  id: string,
): UpgradeFix {
  const { candidate: c, again } = checked;
  // A candidate holds one change, a combination one per part.
  const steps = c.changes.map((ch, i) =>
    changeStep(input.index, ch, {
      title: c.parts?.[i]?.title ?? c.title,
      ...(input.provider ? { provider: input.provider.provider } : {}),
    }),
  );
  return {
    id,
    title: c.title,
    cost: c.cost,
    changes: c.changes,
    outcome: checked.outcome,
    forecast: {
      verdict: again.verdict,
      steps: again.steps.length,
      durationSeconds: again.durationSeconds,
      ...(again.stall ? { stall: again.stall.summary } : {}),
      ...(again.failure ? { failure: again.failure.message } : {}),
      ...(again.forced ? { forcedPods: forcedPodCount(again) } : {}),
    },
    steps,
    script: fixScript(steps),
    yaml: fixYaml(steps),
    ...(c.parts ? { parts: c.parts } : {}),
    ...(checked.search ? { search: checked.search } : {}),
  };
}

export interface ProposeFixesOptions {
  /** Bounds on the search for a combination when no single change lets the upgrade complete. */
  combination?: CombinationLimits;
}

export interface ProposedFixes {
  fixes: UpgradeFix[];
  /** Forecasts run: one per single fix, then the combination search's. */
  forecasts: number;
}

/**
 * The smallest changes that would let a stalled upgrade go on (or a failed one, or one the
 * provider completes only by deleting protected pods), each checked by forecasting again on a
 * copy with the change applied; ranked: those that complete first, then those that get further
 * (for `forces`: fewer protected pods deleted), cheapest first within each. When no single change completes it, the combination with
 * the fewest changes that does comes first, or else the one that gets furthest (see
 * `searchCombination` for its bounds).
 */
export function planFixes(
  input: ForecastUpgradeInput,
  stalled: UpgradeForecast,
  options: ProposeFixesOptions = {},
): ProposedFixes {
  const blocker = blockerOf(stalled);
  if (!blocker) return { fixes: [], forecasts: 0 };
  const singles = candidatesFor(input, blocker.pods).map((c) => checkCandidate(input, stalled, c));
  const search = singles.some((s) => s.outcome === 'completes')
    ? undefined
    : searchCombination(input, stalled, singles, options.combination ?? COMBINATION_LIMITS);
  const combined = search?.found ? [{ ...search.found, search: search.proof }] : [];
  const fixes = [...combined, ...singles]
    .sort(byBenefit)
    .map((checked, i) => toFix(input, checked, `fix-${i + 1}`));
  return { fixes, forecasts: singles.length + (search?.proof.forecasts ?? 0) };
}

export const proposeFixes = (
  input: ForecastUpgradeInput,
  stalled: UpgradeForecast,
  options: ProposeFixesOptions = {},
): UpgradeFix[] => planFixes(input, stalled, options).fixes;
