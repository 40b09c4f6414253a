import { apiRoutes } from '@pdbscope/shared/api';
import type { HistoryReader } from '../model.js';
import { budgetNotFound, unknownBudgetKind } from './budget-params.js';
import { serve, type ServedRoute } from './table.js';

/** GET /api/budgets/{kind}/{namespace}/{name}/history */
export function historyRoutes(history: HistoryReader): ServedRoute[] {
  return [
    serve(apiRoutes.budgetHistory, async (call) => {
      const ref = call.params(unknownBudgetKind);
      const answer = await history.budgetHistory(ref);
      if (!answer) throw budgetNotFound(ref);
      call.send(answer);
    }),
  ];
}
