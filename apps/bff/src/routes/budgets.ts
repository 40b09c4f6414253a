import { apiRoutes } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { HttpProblem } from '../http/problem.js';
import { serve, type ServedRoute } from './table.js';

export function budgetRoutes(store: ClusterReader): ServedRoute[] {
  return [
    serve(apiRoutes.budgets, (call) => call.send(store.budgets(call.query()))),
    serve(apiRoutes.budget, async (call) => {
      const ref = call.params(
        (raw) =>
          `no such budget kind "${String(raw['kind'])}" (PodDisruptionBudget or PodUnavailableBudget)`,
      );
      await store.analysed();
      const detail = store.budget(ref);
      if (!detail) throw new HttpProblem(404, `${ref.kind} ${ref.namespace}/${ref.name} not found`);
      call.send(detail);
    }),
  ];
}
