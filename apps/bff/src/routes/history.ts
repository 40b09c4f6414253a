import { apiRoutes } from '@pdbscope/shared/api';
import { HttpProblem } from '../http/problem.js';
import type { HistoryReader } from '../model.js';
import { serve, type ServedRoute } from './table.js';

/** GET /api/budgets/{kind}/{namespace}/{name}/history */
export function historyRoutes(history: HistoryReader): ServedRoute[] {
  return [
    serve(apiRoutes.budgetHistory, async (call) => {
      const ref = call.params(
        (raw) =>
          `no such budget kind "${String(raw['kind'])}" (PodDisruptionBudget or PodUnavailableBudget)`,
      );
      const answer = await history.budgetHistory(ref);
      if (!answer) throw new HttpProblem(404, `${ref.kind} ${ref.namespace}/${ref.name} not found`);
      call.send(answer);
    }),
  ];
}
