import { parseSelector } from '../../selectors/selector.js';
import { V1BETA1_EMPTY_SELECTOR_KEY } from '../../model/v1beta1.js';
import type { Budget } from '../../model/budget.js';
import { refOf } from '../../overlaps/live.js';
import { finding } from '../context.js';
import type { FindingRule } from '../types.js';

function why(budget: Budget): string {
  if (budget.kind === 'PodUnavailableBudget' && budget.spec.targetRef) {
    const t = budget.spec.targetRef;
    return `its targetRef ${t.kind} ${t.name} has no active pods (missing, scaled to 0, or another API group)`;
  }
  const selector = budget.spec.selector;
  if (selector == null) return 'it has no selector, and a nil selector matches no pod';
  const isV1beta1Empty = selector.matchExpressions?.some(
    (e) => e.key === V1BETA1_EMPTY_SELECTOR_KEY && e.operator === 'Exists',
  );
  if (isV1beta1Empty)
    return 'it was written as policy/v1beta1 with an empty selector, which matches no pod';
  return 'no pod in its namespace carries matching labels';
}

/**
 * Budgets that protect nothing (a typo in a label, a v1beta1 `{}`, a nil selector); never one whose
 * pods are not visible, which may well select some.
 */
export const selectorMatchesNoPod: FindingRule = (ctx) =>
  ctx.budgets.flatMap((facts) => {
    const b = facts.budget;
    if (facts.pods.length > 0 || facts.unseen?.pods !== undefined) return [];
    // An unparsable selector is reported by invalid-spec; saying "no pods" too would repeat it.
    if (
      !(b.kind === 'PodUnavailableBudget' && b.spec.targetRef) &&
      !parseSelector(b.spec.selector).ok
    )
      return [];
    return [
      finding({
        kind: 'selector-matches-no-pod',
        severity: 'warning',
        object: refOf(b),
        message: `${b.kind} ${b.namespace}/${b.name} selects no pod: ${why(b)}.`,
        remedy:
          "Fix the selector so it matches the workload's pod template labels, or delete the budget if the workload is gone.",
      }),
    ];
  });
