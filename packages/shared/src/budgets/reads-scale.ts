import type { IntOrString } from '../model/intstr.js';

/**
 * Whether a budget's expected pod count comes from its pods' controllers' scale, so that working
 * it out reads the workloads: a PodUnavailableBudget's always does; a PodDisruptionBudget's with
 * maxUnavailable or a percentage minAvailable, not with an integer one, which counts the selected
 * pods (`getExpectedPodCount`, docs/semantics.md §4.2).
 */
export function readsWorkloadScale(budget: {
  kind: 'PodDisruptionBudget' | 'PodUnavailableBudget';
  minAvailable?: IntOrString | undefined;
  maxUnavailable?: IntOrString | undefined;
}): boolean {
  if (budget.kind === 'PodUnavailableBudget') return true;
  return budget.maxUnavailable !== undefined || typeof budget.minAvailable === 'string';
}
