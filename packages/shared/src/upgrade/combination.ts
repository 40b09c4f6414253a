import { refKey } from '../model/refs.js';
import { candidatesFor, type Candidate } from './candidates.js';
import { applyChanges, type UpgradeChange } from './changes.js';
import { byBenefit, checkCandidate, costRank, type CheckedCandidate } from './check.js';
import { forecastUpgrade, type ForecastUpgradeInput } from './forecast.js';
import type { StuckPod, UpgradeForecast } from './types.js';

/** How far the search for a combination may go: each forecast is a whole upgrade simulated again. */
export interface CombinationLimits {
  /** Forecasts the search may run beyond the single fixes' own. */
  maxForecasts: number;
  /** Greedy rounds, so changes in the combination. */
  maxChanges: number;
}

export const COMBINATION_LIMITS: CombinationLimits = { maxForecasts: 16, maxChanges: 4 };

/** What a change sets: a later change of the same thing replaces the earlier one. */
function target(change: UpgradeChange): string {
  switch (change.kind) {
    case 'surge':
      return 'surge';
    case 'drain-option':
      return `drain/${change.option}`;
    case 'budget-spec':
    case 'remove-budget':
      return `budget/${refKey(change.budget)}`;
    case 'scale':
      return `scale/${change.workload.namespace}/${change.workload.kind}/${change.workload.name}`;
  }
}

/** The parts chosen so far, one per thing they set, in the order they were chosen. */
class Parts {
  private readonly byTarget = new Map<string, Candidate>();

  add(c: Candidate): void {
    for (const change of c.changes) {
      this.byTarget.delete(target(change));
      this.byTarget.set(target(change), c);
    }
  }

  has(c: Candidate): boolean {
    const key = JSON.stringify(c.changes);
    return [...this.byTarget.values()].some((p) => JSON.stringify(p.changes) === key);
  }

  list(): Candidate[] {
    return [...new Set(this.byTarget.values())];
  }

  changes(except?: Candidate): UpgradeChange[] {
    return this.list()
      .filter((p) => p !== except)
      .flatMap((p) => p.changes);
  }

  drop(c: Candidate): void {
    for (const [key, p] of this.byTarget) if (p === c) this.byTarget.delete(key);
  }
}

/** What one change can act on to free the pod: a budget holding it, a drain flag, surge capacity. */
function blockers(p: StuckPod): string[] {
  if (p.reason === 'kubectl-refuses') return [`drain/${p.flag ?? 'force'}`];
  const budgets = p.budgets.map((b) => `budget/${refKey(b)}`);
  return p.reason === 'replacement-unschedulable' ? [...budgets, 'surge'] : budgets;
}

/**
 * Fewest changes that could free all these pods: pods with nothing to act on in common each need
 * their own change (a lower bound, so the search stops early when it cannot finish in time).
 */
function changesNeeded(pods: readonly StuckPod[]): number {
  const taken = new Set<string>();
  let needed = 0;
  for (const p of pods) {
    const keys = blockers(p);
    if (keys.some((k) => taken.has(k))) continue;
    needed++;
    for (const k of keys) taken.add(k);
  }
  return needed;
}

function merged(parts: readonly Candidate[]): Candidate {
  const [only] = parts;
  if (parts.length === 1 && only) return only;
  return {
    title: `Combine ${parts.length} changes: ${parts.map((p) => p.title).join('; ')}`,
    cost: parts.map((p) => p.cost).join('; '),
    changes: parts.flatMap((p) => p.changes),
    parts: parts.map((p) => ({ title: p.title, cost: p.cost })),
  };
}

/**
 * When no single change lets the upgrade complete (two budgets blocking, a budget and a bare pod, …):
 * greedy over the single fixes, best first (completes, else gets furthest, cheapest), each round
 * forecasting again with what was chosen so far and checking the next stall's own single fixes,
 * cheapest first. A combination that completes is then made smaller by dropping each part whose
 * absence still lets it complete. Bounded: at most `limits.maxForecasts` forecasts beyond the
 * single fixes' own and `limits.maxChanges` rounds, and none at all once a stall has more pods with
 * nothing in common than rounds left; undefined when no combination found completes.
 */
export function combineFixes(
  input: ForecastUpgradeInput,
  stalled: UpgradeForecast,
  singles: readonly CheckedCandidate[],
  limits: CombinationLimits,
): CheckedCandidate | undefined {
  let forecasts = limits.maxForecasts;
  const parts = new Parts();
  let options: readonly CheckedCandidate[] = singles;
  let current = stalled;
  for (let round = 0; round < limits.maxChanges && current.stall; round++) {
    if (changesNeeded(current.stall.pods) > limits.maxChanges - round) return undefined;
    const best = options
      .filter((o) => o.outcome !== 'does-not-help' && !parts.has(o.candidate))
      .sort(byBenefit)[0];
    if (!best) return undefined;
    parts.add(best.candidate);
    current = best.again;
    if (!current.stall) break;
    const base = applyChanges(input, parts.changes());
    const next = candidatesFor(base, current.stall.pods)
      .filter((c) => !parts.has(c))
      .sort((a, b) => costRank(a.changes) - costRank(b.changes));
    const checked: CheckedCandidate[] = [];
    for (const c of next.slice(0, Math.max(0, forecasts))) {
      checked.push(checkCandidate(base, current, c));
      forecasts--;
    }
    options = checked;
  }
  if (current.verdict !== 'completes') return undefined;
  for (const part of parts.list()) {
    if (parts.list().length < 2 || forecasts <= 0) break;
    forecasts--;
    const without = forecastUpgrade(applyChanges(input, parts.changes(part)));
    if (without.verdict === 'completes') {
      parts.drop(part);
      current = without;
    }
  }
  return { candidate: merged(parts.list()), again: current, outcome: 'completes' };
}
