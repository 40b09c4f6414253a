import { Router } from 'express';
import { BudgetKindSchema, BudgetListQuerySchema, apiPaths } from '@pdbscope/shared/api';
import { z } from 'zod';
import type { ClusterReader } from '../model.js';
import { HttpProblem } from '../http/problem.js';
import { parseOr400 } from '../http/validate.js';

const BudgetParamsSchema = z.object({
  kind: BudgetKindSchema,
  namespace: z.string().min(1),
  name: z.string().min(1),
});

export function budgetRoutes(store: ClusterReader): Router {
  const router = Router();
  router.get(apiPaths.budgets, (req, res) => {
    const query = parseOr400(BudgetListQuerySchema.strict(), { ...req.query }, 'query');
    res.json(store.budgets(query));
  });
  router.get(`${apiPaths.budgets}/:kind/:namespace/:name`, async (req, res) => {
    const params = BudgetParamsSchema.safeParse(req.params);
    if (!params.success)
      throw new HttpProblem(
        404,
        `no such budget kind "${req.params.kind}" (PodDisruptionBudget or PodUnavailableBudget)`,
      );
    await store.analysed();
    const detail = store.budget(params.data);
    if (!detail)
      throw new HttpProblem(
        404,
        `${params.data.kind} ${params.data.namespace}/${params.data.name} not found`,
      );
    res.json(detail);
  });
  return router;
}
