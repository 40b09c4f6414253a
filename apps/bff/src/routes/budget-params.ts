import type { BudgetRef } from '@pdbscope/shared/api';
import { HttpProblem } from '../http/problem.js';

/** The 404 of a budget route whose `{kind}` is not a budget kind. */
export const unknownBudgetKind = (raw: Readonly<Record<string, unknown>>): string =>
  `no such budget kind "${String(raw['kind'])}" (PodDisruptionBudget or PodUnavailableBudget)`;

/**
 * The 404 of a budget the cluster does not have, or the 403 of one in a namespace whose budgets
 * are not visible (`hidden`: why): there it may well exist.
 */
export function budgetNotFound(ref: BudgetRef, hidden?: string): HttpProblem {
  const what = `${ref.kind} ${ref.namespace}/${ref.name}`;
  return hidden === undefined
    ? new HttpProblem(404, `${what} not found`)
    : new HttpProblem(403, `${what} is not visible: ${hidden}`);
}
