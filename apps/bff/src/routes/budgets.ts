import { apiRoutes } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { budgetNotFound, unknownBudgetKind } from './budget-params.js';
import { serve, type ServedRoute } from './table.js';

export function budgetRoutes(store: ClusterReader): ServedRoute[] {
  return [
    serve(apiRoutes.budgets, (call) => call.send(store.budgets(call.query()))),
    serve(apiRoutes.budget, async (call) => {
      const ref = call.params(unknownBudgetKind);
      await store.analysed();
      const detail = store.budget(ref);
      if (!detail) throw budgetNotFound(ref);
      call.send(detail);
    }),
  ];
}
