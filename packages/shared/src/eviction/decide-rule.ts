/**
 * Which rule of the eviction handler (or OpenKruise's pod webhook in front of it) decided an
 * eviction. The engine sets it where it decides; everything else renders from it.
 */
export const EVICTION_RULES = [
  /** 400: the URL names another pod than the Eviction's metadata.name. */
  'name-mismatch',
  /** OpenKruise's `pods/eviction` webhook refused it (403 from the PodUnavailableBudget). */
  'kruise-denied',
  /** 404: no such pod. */
  'pod-not-found',
  /** Succeeded or Failed: deleted without looking at budgets. */
  'bypass-terminal',
  /** Pending: deleted without looking at budgets (guarded by its resourceVersion). */
  'bypass-pending',
  /** Already terminating (deletionTimestamp set): deleted without looking at budgets. */
  'bypass-terminating',
  /** 500: more than one PodDisruptionBudget selects the pod. */
  'multiple-pdbs',
  /** No PodDisruptionBudget (and no OpenKruise budget) selects the pod. */
  'no-budget',
  /** No PodDisruptionBudget selects the pod; OpenKruise's PodUnavailableBudget admitted it. */
  'kruise-admitted',
  /** Not Ready and the budget's unhealthyPodEvictionPolicy is AlwaysAllow: no budget used. */
  'unhealthy-always-allow',
  /** Not Ready and the budget is healthy (currentHealthy ≥ desiredHealthy > 0): no budget used. */
  'unhealthy-healthy-budget',
  /** Let go as unhealthy, but the pod changed before the guarded delete: 429, retry in 10 s. */
  'unhealthy-pod-changed',
  /** Not Ready, the budget is not healthy and allows no disruption: 429. */
  'unhealthy-refused',
  /** 429: the budget's status is older than its spec (observedGeneration < generation). */
  'stale-generation',
  /** 403: the budget's disruptionsAllowed is negative. */
  'negative-allowed',
  /** 403: more than 2000 evictions not yet confirmed by the disruption controller. */
  'too-many-disrupted',
  /** 429: the budget allows no disruption now. */
  'budget-exhausted',
  /** 201: the budget allowed a disruption and is used up by one. */
  'budget-decremented',
  /** 409: the pod delete's preconditions did not hold (or storage kept conflicting). */
  'delete-conflict',
] as const;

export type EvictionRule = (typeof EVICTION_RULES)[number];

/** The rules under which the handler deletes the pod: 201, unless the delete's preconditions fail. */
export const POD_DELETING_RULES: ReadonlySet<EvictionRule> = new Set<EvictionRule>([
  'bypass-terminal',
  'bypass-pending',
  'bypass-terminating',
  'no-budget',
  'kruise-admitted',
  'unhealthy-always-allow',
  'unhealthy-healthy-budget',
  'budget-decremented',
]);

/** The numbers a rule was decided on, to be shown beside it (absent when that step did not run). */
export interface EvictionFigures {
  /** PodDisruptionBudgets selecting the pod (OpenKruise budgets are not counted). */
  selectingPdbs?: number;
  /** The deciding PodDisruptionBudget's stored status when it was read. */
  disruptionsAllowed?: number;
  currentHealthy?: number;
  desiredHealthy?: number;
  /** disruptionsAllowed once this eviction used it (budget-decremented only). */
  disruptionsAllowedAfter?: number;
  /** Whether the pod was Ready. */
  podReady?: boolean;
}
