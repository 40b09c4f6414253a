import { apiRoutes, type BudgetEventsResponse, type BudgetRef } from '@pdbscope/shared/api';
import { HttpProblem } from '../http/problem.js';
import { serve, type ServedRoute } from './table.js';

/** What the events route reads: the budget's and its pods' events, or undefined for no such budget. */
export interface BudgetEventsReader {
  budgetEvents(ref: BudgetRef): BudgetEventsResponse | undefined;
}

/** GET /api/budgets/{kind}/{namespace}/{name}/events */
export function kubeEventRoutes(reader: BudgetEventsReader): ServedRoute[] {
  return [
    serve(apiRoutes.budgetEvents, (call) => {
      const ref = call.params(
        (raw) =>
          `no such budget kind "${String(raw['kind'])}" (PodDisruptionBudget or PodUnavailableBudget)`,
      );
      const answer = reader.budgetEvents(ref);
      if (!answer) throw new HttpProblem(404, `${ref.kind} ${ref.namespace}/${ref.name} not found`);
      call.send(answer);
    }),
  ];
}
