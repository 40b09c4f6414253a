import {
  BudgetKindSchema,
  compareBudgetRows,
  type FleetBudget,
  type FleetBudgetsResponse,
} from '@pdbscope/shared/api';
import type { InstantSample } from '../prometheus/client.js';
import { reportOf, type Outcome } from './outcome.js';
import type { BudgetFigure, FleetQuery } from './queries.js';

export interface FleetBudgetsInput {
  cluster: string;
  prometheus: string;
  at: Date;
  queries: Record<BudgetFigure, FleetQuery>;
  answers: Record<BudgetFigure, Outcome<InstantSample[]>>;
}

const FIGURES: readonly BudgetFigure[] = [
  'disruptionsAllowed',
  'currentHealthy',
  'desiredHealthy',
  'expectedPods',
  'blocking',
  'blockingSince',
];

/**
 * One cluster's budgets from its pdbscope_budget_* series: a budget is listed when any family
 * has a sample of it (a kind other than the two budget kinds is not a budget and is skipped);
 * a figure its family has no sample of is `null`. Blocking first, then namespace, name. Pure.
 */
export function fleetBudgetsAnswer(input: FleetBudgetsInput): FleetBudgetsResponse {
  const budgets = new Map<string, FleetBudget>();
  for (const figure of FIGURES) {
    const outcome = input.answers[figure];
    if (!outcome.ok) continue;
    for (const { metric, value } of outcome.result) {
      const kind = BudgetKindSchema.safeParse(metric['kind']);
      if (!kind.success || !Number.isFinite(value)) continue;
      const namespace = metric['namespace'] ?? '';
      const name = metric['name'] ?? '';
      const key = `${kind.data}/${namespace}/${name}`;
      let budget = budgets.get(key);
      if (!budget) {
        budget = {
          kind: kind.data,
          namespace,
          name,
          disruptionsAllowed: null,
          currentHealthy: null,
          desiredHealthy: null,
          expectedPods: null,
          blocking: null,
          blockingSince: null,
        };
        budgets.set(key, budget);
      }
      if (figure === 'blocking') budget.blocking = value >= 1;
      else if (figure === 'blockingSince')
        budget.blockingSince = new Date(value * 1000).toISOString();
      else budget[figure] = value;
    }
  }
  return {
    prometheus: input.prometheus,
    at: input.at.toISOString(),
    ...reportOf(
      FIGURES.map((figure) => ({ query: input.queries[figure], outcome: input.answers[figure] })),
    ),
    cluster: input.cluster,
    budgets: [...budgets.values()].sort(
      (x, y) =>
        Number(y.blocking === true) - Number(x.blocking === true) || compareBudgetRows(x, y),
    ),
  };
}
