import type { BudgetKind } from './budget.js';

/**
 * The counters a budget's controller writes, per kind, the one evictions decide on first: what
 * "reported vs recomputed" compares.
 */
export const STATUS_COUNTERS = {
  PodDisruptionBudget: ['disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods'],
  PodUnavailableBudget: [
    'unavailableAllowed',
    'currentAvailable',
    'desiredAvailable',
    'totalReplicas',
  ],
} as const satisfies Record<BudgetKind, readonly string[]>;

/**
 * The counters where two statuses of one budget kind differ. Only counters: observedGeneration
 * tells staleness (see `statusIsStale`) and disruptedPods carry times.
 */
export function differingCounters(kind: BudgetKind, a: object, b: object): string[] {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return STATUS_COUNTERS[kind].filter((field) => x[field] !== y[field]);
}
