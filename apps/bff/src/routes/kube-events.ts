import { apiRoutes, type BudgetEventsResponse, type BudgetRef } from '@pdbscope/shared/api';
import { budgetNotFound, unknownBudgetKind } from './budget-params.js';
import { serve, type ServedRoute } from './table.js';

/** What the events route reads: the budget's and its pods' events, or undefined for no such budget. */
export interface BudgetEventsReader {
  budgetEvents(ref: BudgetRef): BudgetEventsResponse | undefined;
}

/** GET /api/budgets/{kind}/{namespace}/{name}/events */
export function kubeEventRoutes(reader: BudgetEventsReader): ServedRoute[] {
  return [
    serve(apiRoutes.budgetEvents, (call) => {
      const ref = call.params(unknownBudgetKind);
      const answer = reader.budgetEvents(ref);
      if (!answer) throw budgetNotFound(ref);
      call.send(answer);
    }),
  ];
}
