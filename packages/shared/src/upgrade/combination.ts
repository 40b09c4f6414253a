import { candidatesFor, type Candidate } from './candidates.js';
import { applyChanges } from './changes.js';
import {
  byCost,
  byProgress,
  bySearchOrder,
  cannotBeat,
  changesOf,
  compareProgress,
  setOf,
  settle,
  withPart,
  type ChangeSet,
} from './change-set.js';
import type { CheckedCandidate } from './check.js';
import { blockerOf } from './outcome.js';
import { forecastUpgrade, type ForecastUpgradeInput } from './forecast.js';
import type { UpgradeForecast } from './types.js';

/** How far the search for a combination may go: each forecast is a whole upgrade simulated again. */
export interface CombinationLimits {
  /** The smallest combination is searched for among those of at most this many changes… */
  maxChanges: number;
  /** …with at most this many forecasts beyond the single fixes' own. */
  maxForecasts: number;
  /** Beyond those, one change per stall is added while it gets further, up to this many changes… */
  maxFurthestChanges: number;
  /** …with at most this many more forecasts. */
  maxFurthestForecasts: number;
}

export const COMBINATION_LIMITS: CombinationLimits = {
  maxChanges: 4,
  maxForecasts: 32,
  maxFurthestChanges: 12,
  maxFurthestForecasts: 16,
};

/** How a combination was found. */
export interface CombinationProof {
  /**
   * No combination with fewer changes completes (among the changes tried, up to `maxChanges`);
   * and none as small is cheaper when the search also ran to its end (`exhaustive`).
   */
  fewestChanges: boolean;
  exhaustive: boolean;
  /** Forecasts the search ran beyond the single fixes'. */
  forecasts: number;
  maxChanges: number;
}

export interface CombinationSearch {
  proof: CombinationProof;
  /**
   * The combination that completes with the fewest changes (then cheapest); else one found beyond
   * `maxChanges` that completes; else the one that gets furthest, when it has more than one change
   * and gets further than every single fix.
   */
  found?: CheckedCandidate;
}

function merged(parts: readonly Candidate[]): Candidate {
  const [only] = parts;
  if (parts.length === 1 && only) return only;
  return {
    title: `Combine ${parts.length} changes: ${parts.map((p) => p.title).join('; ')}`,
    cost: parts.map((p) => p.cost).join('; '),
    changes: parts.flatMap((p) => p.changes),
    parts: parts.map((p) => ({ title: p.title, cost: p.cost })),
    ...(parts.some((p) => p.managed === 'operator') ? { managed: 'operator' as const } : {}),
  };
}

/** Sets of changes and their forecasts, each forecast once, within a budget of forecasts. */
class Forecasts {
  readonly seen = new Map<string, ChangeSet>();
  count = 0;
  /** Forecasts allowed so far. */
  max = 0;

  constructor(
    private readonly input: ForecastUpgradeInput,
    singles: readonly CheckedCandidate[],
  ) {
    // The single fixes' forecasts are known already: they cost the search nothing.
    for (const s of singles) {
      const set = setOf([s.candidate]);
      settle(set, s.again);
      this.seen.set(set.key, set);
    }
  }

  get spent(): boolean {
    return this.count >= this.max;
  }

  /** Forecasts the set unless known; false when the budget is spent. */
  run(set: ChangeSet): boolean {
    if (set.forecast) return true;
    if (this.spent) return false;
    this.count++;
    settle(set, forecastUpgrade(applyChanges(this.input, changesOf(set))));
    return true;
  }

  /** The sets one more change makes, each answering the set's own stall (the same set if known). */
  grow(set: ChangeSet, maxChanges: number): ChangeSet[] {
    const blocker = set.forecast && blockerOf(set.forecast);
    if (!blocker) return [];
    const out: ChangeSet[] = [];
    for (const c of candidatesFor(applyChanges(this.input, changesOf(set)), blocker.pods)) {
      const made = withPart(set, c);
      if (made.parts.length > maxChanges || made.key === set.key) continue;
      const next = this.seen.get(made.key) ?? made;
      this.seen.set(next.key, next);
      out.push(next);
    }
    return out;
  }
}

/**
 * The smallest set of changes that lets the upgrade complete: a best-first search (A*) over sets.
 * A set grows only by changes that act on what its own forecast stalls on (`candidatesFor` its
 * stuck pods: a budget holding them, the workload under one, a drain flag, surge). Sets leave the
 * queue by a lower bound on the size of any completing set grown from them (their size plus
 * `changesNeeded` by their stall; until they are forecast, when they leave the queue, their size
 * plus one less than their parent's stall needed), so the first that completes has the fewest
 * changes; then the search goes on only
 * through sets that could still be as small and cheaper (cost never falls as a set grows).
 */
function smallest(
  forecasts: Forecasts,
  root: ChangeSet,
  maxChanges: number,
): { best?: ChangeSet; exhaustive: boolean } {
  const open: ChangeSet[] = [root];
  const queued = new Set<string>([root.key]);
  let best: ChangeSet | undefined;
  for (;;) {
    open.sort(bySearchOrder);
    const set = open.shift();
    if (!set) return { ...(best ? { best } : {}), exhaustive: true };
    if (best && cannotBeat(set, best)) continue;
    const estimate = set.bound;
    if (!set.forecast) {
      if (!forecasts.run(set)) return { ...(best ? { best } : {}), exhaustive: false };
      // Its own bound is higher than its parent's: back in the queue, in its place.
      if (set.bound > estimate) {
        if (set.bound <= maxChanges) open.push(set);
        continue;
      }
    }
    if (set.forecast?.verdict === 'completes') {
      if (!best || byCost(set, best) < 0) best = set;
      continue;
    }
    if (set.bound > maxChanges) continue;
    for (const next of forecasts.grow(set, maxChanges)) {
      if (queued.has(next.key)) continue;
      queued.add(next.key);
      // One change frees at most what one of the stall's needs asks (a replacing change adds none).
      if (!next.forecast)
        next.bound = next.parts.length + Math.max(0, set.bound - set.parts.length - 1);
      if (next.bound <= maxChanges) open.push(next);
    }
  }
}

/**
 * Beyond the smallest search's bounds: from the set that got furthest, for each stall in turn add
 * the cheapest change that gets further, while one does, until it completes, or its stall needs
 * more changes than `maxChanges` allows (a pool needing hundreds is not worth the forecasts).
 */
function furthest(forecasts: Forecasts, from: ChangeSet, maxChanges: number): ChangeSet {
  let current = from;
  for (;;) {
    const before = current.forecast;
    // Done, or its stall already needs more changes than it may still add.
    if (!before || !blockerOf(before) || current.bound > maxChanges) return current;
    const better = forecasts
      .grow(current, maxChanges)
      .sort(byCost)
      .find((n) => forecasts.run(n) && n.forecast && compareProgress(n.forecast, before) > 0);
    if (!better) return current;
    current = better;
  }
}

/**
 * When no single change lets the upgrade complete: the combination with the fewest changes that
 * does (then the cheapest by COST_ORDER), found by `smallest` among combinations of at most
 * `limits.maxChanges` changes. When there is none that small (or the forecasts run out), the set
 * that got furthest grows one change per stall (`furthest`) up to `limits.maxFurthestChanges`
 * (not when the first stall alone needs more than `maxChanges`, as in a pool that needs hundreds): it
 * is offered whether it completes (not proven smallest) or only gets further than every single fix
 * (labelled so by its outcome). At most `maxForecasts + maxFurthestForecasts` forecasts beyond the
 * single fixes'.
 */
export function searchCombination(
  input: ForecastUpgradeInput,
  stalled: UpgradeForecast,
  singles: readonly CheckedCandidate[],
  limits: CombinationLimits,
): CombinationSearch {
  const forecasts = new Forecasts(input, singles);
  forecasts.max = limits.maxForecasts;
  const root = setOf([]);
  settle(root, stalled);
  const search = smallest(forecasts, root, limits.maxChanges);
  const proof = (fewestChanges: boolean): CombinationProof => ({
    fewestChanges,
    exhaustive: search.exhaustive,
    forecasts: forecasts.count,
    maxChanges: limits.maxChanges,
  });
  const checked = (set: ChangeSet): CheckedCandidate => {
    const again = set.forecast ?? stalled;
    return {
      candidate: merged(set.parts),
      again,
      outcome: again.verdict === 'completes' ? 'completes' : 'gets-further',
    };
  };
  if (search.best) return { found: checked(search.best), proof: proof(true) };
  // The first stall alone needs more changes than the smallest search allows: a pool that needs
  // its budgets reviewed, not one combination (and not worth the forecasts on a large one).
  if (root.bound > limits.maxChanges) return { proof: proof(false) };
  forecasts.max = forecasts.count + limits.maxFurthestForecasts;
  const [far] = [...forecasts.seen.values()].filter((s) => s.forecast).sort(byProgress);
  const end = far ? furthest(forecasts, far, limits.maxFurthestChanges) : undefined;
  const beatsSingles = (f: UpgradeForecast): boolean =>
    compareProgress(f, stalled) > 0 && singles.every((s) => compareProgress(f, s.again) > 0);
  // Grown a stall at a time, it is still the smallest when no fewer changes could be enough.
  return end?.forecast && end.parts.length > 1 && beatsSingles(end.forecast)
    ? {
        found: checked(end),
        proof: proof(end.forecast.verdict === 'completes' && end.parts.length <= root.bound),
      }
    : { proof: proof(false) };
}
