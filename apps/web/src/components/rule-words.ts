import type { EvictableNow } from '@pdbscope/shared/api';

type EvictionRule = EvictableNow['rule'];

/**
 * KEP-3017's `unhealthyPodEvictionPolicy` where it decides (SEMANTICS §5.4: an unready pod skips
 * the budget under AlwaysAllow, or under IfHealthyBudget, the default, while currentHealthy ≥
 * desiredHealthy > 0; otherwise it needs an allowed disruption like a Ready pod).
 */
export const POLICY_WORDS = {
  AlwaysAllow:
    'AlwaysAllow: this unready pod may be evicted even though the budget is at its minimum; it uses no allowed disruption',
  IfHealthyBudget:
    'IfHealthyBudget: this unready pod may be evicted only while the budget has all the healthy pods it needs (current healthy ≥ desired healthy > 0); otherwise it needs an allowed disruption like a Ready pod',
} as const;

/** The eviction rule as a plain sentence (after "Evictable now: "), said before its id. */
const RULE_SENTENCES: Readonly<Record<EvictionRule, string>> = {
  'name-mismatch': 'the request names another pod',
  'kruise-denied': 'an OpenKruise PodUnavailableBudget refuses it in its admission webhook',
  'pod-not-found': 'there is no such pod',
  'bypass-terminal': 'the pod has finished: it is deleted without checking any budget',
  'bypass-pending': 'the pod is Pending: it is deleted without checking any budget',
  'bypass-terminating': 'the pod is already terminating: no budget is checked',
  'multiple-pdbs':
    'more than one PodDisruptionBudget selects it: the API server refuses it whatever they allow',
  'no-budget': 'no budget selects it: nothing limits its eviction',
  'kruise-admitted': 'its OpenKruise PodUnavailableBudget has unavailability to spare',
  'unhealthy-always-allow': POLICY_WORDS.AlwaysAllow,
  'unhealthy-healthy-budget':
    'IfHealthyBudget: this unready pod may be evicted, as the budget has all the healthy pods it needs (current healthy ≥ desired healthy > 0); it uses no allowed disruption',
  'unhealthy-pod-changed': 'the pod changed while it was let go as unready: retry in 10 s',
  'unhealthy-refused':
    'IfHealthyBudget: this unready pod may be evicted only while the budget has all the healthy pods it needs (current healthy ≥ desired healthy > 0); it has fewer and allows no disruption',
  'stale-generation': "the budget's status is older than its spec: retry in 10 s",
  'negative-allowed': "the budget's allowed disruptions are below zero",
  'too-many-disrupted': 'over 2,000 evictions under the budget are not yet confirmed',
  'budget-exhausted': 'the budget allows no disruption now',
  'budget-decremented': 'the budget has a disruption to spare: this eviction uses one',
  'delete-conflict': 'the pod changed while it was being deleted',
};

/** The rule in a plain sentence, for a headline (the id follows it, small). */
export function ruleSentence(rule: EvictionRule): string {
  return RULE_SENTENCES[rule];
}

/** The unhealthy-pod policy's sentence when this rule is where the policy decided, else undefined. */
export function policySentence(rule: EvictionRule): string | undefined {
  return rule.startsWith('unhealthy-') && rule !== 'unhealthy-pod-changed'
    ? RULE_SENTENCES[rule]
    : undefined;
}
