import type { EvictionFigures, EvictionRule } from './decide-rule.js';

/** A few words per rule, for headlines ("Refused: 500, more than one PodDisruptionBudget"). */
export const EVICTION_RULE_SUMMARIES: Readonly<Record<EvictionRule, string>> = {
  'name-mismatch': 'the URL names another pod',
  'kruise-denied': 'OpenKruise PodUnavailableBudget',
  'pod-not-found': 'no such pod',
  'bypass-terminal': 'the pod has finished',
  'bypass-pending': 'the pod is Pending',
  'bypass-terminating': 'the pod is already terminating',
  'multiple-pdbs': 'more than one PodDisruptionBudget',
  'no-budget': 'no budget selects the pod',
  'kruise-admitted': 'OpenKruise PodUnavailableBudget admits it',
  'unhealthy-always-allow': 'unhealthy pod, policy AlwaysAllow',
  'unhealthy-healthy-budget': 'unhealthy pod, the budget is healthy',
  'unhealthy-pod-changed': 'the pod changed meanwhile',
  'unhealthy-refused': 'unhealthy pod, the budget is not healthy',
  'stale-generation': 'the budget is still being processed',
  'negative-allowed': 'disruptions allowed is negative',
  'too-many-disrupted': 'too many unconfirmed evictions',
  'budget-exhausted': 'the budget allows no disruption',
  'budget-decremented': 'the budget allows a disruption',
  'delete-conflict': 'the pod delete conflicted',
};

/** `1 pod`, `2 pods`: a count and its noun, singular for one. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function health(f: EvictionFigures): string {
  return `it needs ${plural(f.desiredHealthy ?? 0, 'healthy pod')} and has ${f.currentHealthy ?? 0}`;
}

/**
 * Why the rule decided, in words, with the figures it was decided on. Rendered from the engine's
 * rule alone: no caller guesses the rule from messages.
 */
export function explainEviction(d: {
  rule: EvictionRule;
  figures: EvictionFigures;
  dryRun: boolean;
}): string {
  const f = d.figures;
  const allowed = f.disruptionsAllowed ?? 0;
  switch (d.rule) {
    case 'name-mismatch':
      return 'the pod named in the URL is not the one named in the Eviction';
    case 'kruise-denied':
      return "OpenKruise's PodUnavailableBudget refused the eviction in its admission webhook; kubectl retries only TooManyRequests, so not this";
    case 'pod-not-found':
      return 'the pod does not exist';
    case 'bypass-terminal':
      return 'the pod has finished (Succeeded or Failed): it is deleted without checking any budget';
    case 'bypass-pending':
      return 'the pod is Pending: it is deleted without checking any budget, if it is still Pending';
    case 'bypass-terminating':
      return 'the pod is already terminating: no budget is checked';
    case 'multiple-pdbs':
      return `${f.selectingPdbs ?? 0} PodDisruptionBudgets select this pod; the eviction API refuses a pod under more than one, whatever they allow`;
    case 'no-budget':
      return 'no PodDisruptionBudget selects the pod: nothing limits its eviction';
    case 'kruise-admitted':
      return "no PodDisruptionBudget selects the pod; OpenKruise's PodUnavailableBudget admits the eviction";
    case 'unhealthy-always-allow':
      return 'the pod is not Ready and the budget’s unhealthyPodEvictionPolicy is AlwaysAllow: it goes without using the budget';
    case 'unhealthy-healthy-budget':
      return `the pod is not Ready and the budget is healthy (${health(f)}): it goes without using the budget`;
    case 'unhealthy-pod-changed':
      return 'the pod was let go as unhealthy but changed before the delete: retry in 10 s';
    case 'unhealthy-refused':
      return `the pod is not Ready and the budget is not healthy (${health(f)}); it allows ${plural(allowed, 'disruption')} now`;
    case 'stale-generation':
      return 'the budget status is older than its spec (observedGeneration < generation): retry in 10 s';
    case 'negative-allowed':
      return `the budget's disruptionsAllowed is ${allowed}, below zero`;
    case 'too-many-disrupted':
      return 'more than 2000 evictions under this budget are not yet confirmed by the disruption controller';
    case 'budget-exhausted':
      return `the budget allows ${plural(allowed, 'disruption')} now (${health(f)})`;
    case 'budget-decremented':
      return `the budget allows ${plural(allowed, 'disruption')}: this eviction ${d.dryRun ? 'would use' : 'uses'} one, leaving ${f.disruptionsAllowedAfter ?? 0}`;
    case 'delete-conflict':
      return "the pod delete's preconditions did not hold (the pod changed or was recreated)";
  }
}
