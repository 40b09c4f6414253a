import {
  EVICTION_RULE_SUMMARIES,
  explainEviction,
  nsName,
  type EvictionDecision as EngineDecision,
} from '@pdbscope/shared';
import type { BudgetRef, EvictionDecision } from '@pdbscope/shared/api';

function ref(r: { kind: string; namespace: string; name: string }): BudgetRef {
  return { kind: r.kind as BudgetRef['kind'], namespace: r.namespace, name: r.name };
}

/** The engine's decision in the API's shape; the rule and its words come from the engine. */
export function apiDecision(input: {
  namespace: string;
  name: string;
  decision: EngineDecision;
  budgets: readonly { kind: string; namespace: string; name: string }[];
}): EvictionDecision {
  const { decision: d } = input;
  return {
    pod: nsName({ namespace: input.namespace, name: input.name }),
    allowed: d.allowed,
    rule: d.rule,
    summary: EVICTION_RULE_SUMMARIES[d.rule],
    dryRun: d.dryRun,
    figures: d.figures,
    httpStatus: d.httpStatus,
    code: d.code,
    status: d.status.status,
    ...(d.reason !== '' ? { reason: d.reason } : {}),
    message: d.message,
    causes: d.causes.map((c) => ({ reason: c.reason, message: c.message })),
    ...(d.retryAfterSeconds !== undefined ? { retryAfterSeconds: d.retryAfterSeconds } : {}),
    budgets: input.budgets.map(ref),
    decidedBy: d.budget ? ref(d.budget) : null,
    explanation: explainEviction(d),
  };
}
