import type { PdbSync } from '../budgets/types.js';
import type { PdbView, PubView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { PubSync } from '../pub/types.js';
import { validatePdb } from '../validation/pdb.js';
import { validatePubSpec } from '../validation/pub.js';
import type { BudgetUnseen } from '../visibility/types.js';
import type { BudgetFacts } from './types.js';

/** The part of the index's BudgetEvaluation the findings read. */
export type EvaluatedBudget = (
  | { kind: 'PodDisruptionBudget'; budget: PdbView; pods: readonly PodView[]; sync: PdbSync }
  | { kind: 'PodUnavailableBudget'; budget: PubView; pods: readonly PodView[]; sync: PubSync }
) & { unseen?: BudgetUnseen };

/**
 * Budget facts from the index's evaluations: the selection and sync it already holds, plus spec
 * validation (PUB conflicts are left to the overlap report, so they are not reported twice). A
 * budget whose recomputed status is not known (see `BudgetEvaluation.unseen`) has none, and says
 * what it misses.
 */
export function budgetFactsFromEvaluations(evaluations: Iterable<EvaluatedBudget>): BudgetFacts[] {
  const out: BudgetFacts[] = [];
  for (const ev of evaluations) {
    if (ev.unseen !== undefined) {
      out.push({
        budget: ev.budget,
        pods: ev.pods,
        validation:
          ev.kind === 'PodDisruptionBudget'
            ? validatePdb(ev.budget, { apiVersion: ev.budget.apiVersion })
            : validatePubSpec(ev.budget),
        unseen: ev.unseen,
      });
    } else if (ev.kind === 'PodDisruptionBudget') {
      out.push({
        budget: ev.budget,
        pods: ev.pods,
        recomputed: ev.sync,
        validation: validatePdb(ev.budget, { apiVersion: ev.budget.apiVersion }),
      });
    } else {
      const recomputed =
        ev.sync.error !== undefined
          ? { status: ev.sync.status, error: ev.sync.error }
          : { status: ev.sync.status };
      out.push({
        budget: ev.budget,
        pods: ev.pods,
        recomputed,
        validation: validatePubSpec(ev.budget),
      });
    }
  }
  return out;
}
