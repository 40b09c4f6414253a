import { apiRoutes } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import { budgetNotFound, unknownBudgetKind } from './budget-params.js';
import { serve, type ServedRoute } from './table.js';

export function budgetRoutes(store: ClusterReader): ServedRoute[] {
  return [
    // Its summary counts overlaps: the first answer after ready waits for the first analysis, as
    // a budget's detail and the overlap and findings routes do, rather than saying 0.
    serve(apiRoutes.budgets, async (call) => {
      const query = call.query();
      await store.analysed();
      call.send(store.budgets(query));
    }),
    serve(apiRoutes.operatorInstances, (call) => call.send(store.operatorInstances())),
    serve(apiRoutes.budget, async (call) => {
      const ref = call.params(unknownBudgetKind);
      await store.analysed();
      const detail = await store.budget(ref);
      if (!detail) throw budgetNotFound(ref, store.notVisible('budgets', ref.namespace));
      call.send(detail);
    }),
  ];
}
