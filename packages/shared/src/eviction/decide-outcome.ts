import type { PdbView } from '../model/budget.js';
import type { EvictionFigures, EvictionRule } from './decide-rule.js';
import type { EvictionDecision, StatusBody } from './decide-types.js';

/** What the handler did with one eviction, before it is rendered as an EvictionDecision. */
export interface Outcome {
  rule: EvictionRule;
  status: StatusBody;
  figures?: EvictionFigures;
  pdbChanged?: boolean;
  podDeleted?: boolean;
  budget?: PdbView;
  pdbAfter?: PdbView;
  deletePreconditionResourceVersion?: string;
  deleteAttempts?: number;
}

/**
 * `base` with `change` (a field left undefined keeps the base's), as one literal with every field:
 * a spread that adds a field (`{ ...base, podDeleted: true }`) made a hidden class per eviction,
 * and a forecast decides tens of thousands of them (see pdbStatusWith).
 */
export function outcomeWith(base: Outcome, change: Partial<Outcome>): Outcome {
  return {
    rule: change.rule ?? base.rule,
    status: change.status ?? base.status,
    figures: change.figures ?? base.figures,
    pdbChanged: change.pdbChanged ?? base.pdbChanged,
    podDeleted: change.podDeleted ?? base.podDeleted,
    budget: change.budget ?? base.budget,
    pdbAfter: change.pdbAfter ?? base.pdbAfter,
    deletePreconditionResourceVersion:
      change.deletePreconditionResourceVersion ?? base.deletePreconditionResourceVersion,
    deleteAttempts: change.deleteAttempts ?? base.deleteAttempts,
  };
}

/** The EvictionDecision an outcome renders as (the PUB written by the webhook, if any, beside it). */
export function decision(
  o: Outcome,
  pubAfter: EvictionDecision['pubAfter'],
  dryRun: boolean,
): EvictionDecision {
  const s = o.status;
  const allowed = s.status === 'Success';
  return {
    allowed,
    rule: o.rule,
    dryRun,
    figures: o.figures ?? {},
    code: s.code,
    reason: s.reason ?? '',
    message: s.message ?? '',
    causes: s.details?.causes ?? [],
    ...(s.details?.retryAfterSeconds !== undefined || s.code === 429
      ? { retryAfterSeconds: s.details?.retryAfterSeconds ?? 0 }
      : {}),
    pdbChanged: o.pdbChanged ?? false,
    podDeleted: o.podDeleted ?? false,
    ...(o.budget
      ? {
          budget: {
            kind: 'PodDisruptionBudget',
            namespace: o.budget.namespace,
            name: o.budget.name,
          },
        }
      : {}),
    ...(o.pdbAfter ? { pdbAfter: o.pdbAfter } : {}),
    ...(pubAfter ? { pubAfter } : {}),
    ...(o.deletePreconditionResourceVersion !== undefined
      ? { deletePreconditionResourceVersion: o.deletePreconditionResourceVersion }
      : {}),
    deleteAttempts: o.deleteAttempts ?? 0,
    // Every non-Success Status becomes an error in the request finisher: the line is its code.
    httpStatus: s.code,
    status: s,
  };
}
