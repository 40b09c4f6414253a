import { nsName, type EvictionDecision as EngineDecision, type PodView } from '@pdbscope/shared';
import type { BudgetRef, EvictionDecision } from '@pdbscope/shared/api';

function ref(r: { kind: string; namespace: string; name: string }): BudgetRef {
  return { kind: r.kind as BudgetRef['kind'], namespace: r.namespace, name: r.name };
}

/** Which branch of the eviction handler decided, and why, in words. */
function branch(
  d: EngineDecision,
  pod: PodView | undefined,
  budgets: readonly BudgetRef[],
): { rule: string; explanation: string } {
  if (!pod) return { rule: 'not-found', explanation: 'the pod does not exist' };
  if (d.code === 500)
    return {
      rule: 'multiple-budgets',
      explanation: `${budgets.length} PodDisruptionBudgets select this pod; the eviction API refuses such pods`,
    };
  if (d.message.startsWith('admission webhook'))
    return {
      rule: 'kruise-webhook',
      explanation: "OpenKruise's PodUnavailableBudget refused the eviction",
    };
  if (d.allowed && !d.budget) {
    if (pod.deletionTimestamp !== undefined)
      return {
        rule: 'terminating-pod',
        explanation: 'the pod is already terminating: no budget is checked',
      };
    if (pod.phase === 'Succeeded' || pod.phase === 'Failed')
      return { rule: 'terminal-pod', explanation: `the pod is ${pod.phase}: no budget is checked` };
    if (pod.phase === 'Pending')
      return { rule: 'pending-pod', explanation: 'the pod is Pending: no budget is checked' };
    if (budgets.length === 0)
      return { rule: 'no-budget', explanation: 'no budget selects the pod' };
    return {
      rule: 'unhealthy-pod',
      explanation: 'the pod is not Ready and the budget lets unhealthy pods go without using it up',
    };
  }
  if (d.allowed)
    return {
      rule: 'decrement',
      explanation: 'the budget allows a disruption: it is used up by one',
    };
  if (d.code === 429) {
    return d.retryAfterSeconds === 10
      ? {
          rule: 'still-processing',
          explanation: 'the budget status is older than its spec (observedGeneration < generation)',
        }
      : { rule: 'insufficient', explanation: 'the budget allows no disruption now' };
  }
  if (d.code === 403) return { rule: 'forbidden', explanation: d.message };
  return { rule: 'error', explanation: d.message };
}

/** The engine's decision in the API's shape. */
export function apiDecision(input: {
  namespace: string;
  name: string;
  pod: PodView | undefined;
  decision: EngineDecision;
  budgets: readonly { kind: string; namespace: string; name: string }[];
}): EvictionDecision {
  const { decision: d } = input;
  const budgets = input.budgets.map(ref);
  const { rule, explanation } = branch(d, input.pod, budgets);
  return {
    pod: nsName({ namespace: input.namespace, name: input.name }),
    allowed: d.allowed,
    httpStatus: d.httpStatus,
    code: d.code,
    status: d.status.status,
    ...(d.reason !== '' ? { reason: d.reason } : {}),
    message: d.message,
    causes: d.causes.map((c) => ({ reason: c.reason, message: c.message })),
    ...(d.retryAfterSeconds !== undefined ? { retryAfterSeconds: d.retryAfterSeconds } : {}),
    budgets,
    decidedBy: d.budget ? ref(d.budget) : null,
    rule,
    explanation,
  };
}
