import type { BudgetRef } from '@pdbscope/shared/api';
import { HttpProblem } from '../http/problem.js';

/** The 404 of a budget route whose `{kind}` is not a budget kind. */
export const unknownBudgetKind = (raw: Readonly<Record<string, unknown>>): string =>
  `no such budget kind "${String(raw['kind'])}" (PodDisruptionBudget or PodUnavailableBudget)`;

/** The 404 of a budget the cluster does not have. */
export function budgetNotFound(ref: BudgetRef): HttpProblem {
  return new HttpProblem(404, `${ref.kind} ${ref.namespace}/${ref.name} not found`);
}
