import { describe, expect, it } from 'vitest';
import { fleetBudgetsAnswer } from './budgets-answer.js';
import type { Outcome } from './outcome.js';
import { fleetBudgetQueries, type BudgetFigure } from './queries.js';
import type { InstantSample } from '../prometheus/client.js';

const AT = new Date('2026-11-21T19:40:00Z');
const zk = { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' };
const web = { kind: 'PodDisruptionBudget', namespace: 'shop', name: 'web' };
const cart = { kind: 'PodUnavailableBudget', namespace: 'shop', name: 'cart' };
const ok = (...rows: [Record<string, string>, number][]): Outcome<InstantSample[]> => ({
  ok: true,
  result: rows.map(([metric, value]) => ({ metric, value })),
  warnings: [],
});

describe('fleetBudgetsAnswer', () => {
  it('joins the families per budget, blocking first, a missing figure null', () => {
    const queries = fleetBudgetQueries({ label: 'cluster', cluster: 'eu-1' });
    const answers: Record<BudgetFigure, Outcome<InstantSample[]>> = {
      disruptionsAllowed: ok(
        [web, 1],
        [zk, 0],
        [cart, 1],
        [{ kind: 'Deployment', namespace: 'x', name: 'y' }, 3],
      ),
      currentHealthy: ok([web, 3], [zk, 2], [cart, 4]),
      desiredHealthy: ok([web, 2], [zk, 2], [cart, 3]),
      expectedPods: { ok: false, kind: 'timeout', message: 'HTTP 503: query timed out' },
      blocking: ok([web, 0], [zk, 1], [cart, 0]),
      blockingSince: ok([zk, Date.parse('2026-11-21T18:00:00Z') / 1000]),
    };
    const answer = fleetBudgetsAnswer({
      cluster: 'eu-1',
      prometheus: 'http://prometheus:9090',
      at: AT,
      queries,
      answers,
    });
    const row = (ref: typeof zk, figures: [number, number, number, boolean, string | null]) => ({
      ...ref,
      disruptionsAllowed: figures[0],
      currentHealthy: figures[1],
      desiredHealthy: figures[2],
      expectedPods: null,
      blocking: figures[3],
      blockingSince: figures[4],
    });
    expect(answer).toStrictEqual({
      prometheus: 'http://prometheus:9090',
      at: '2026-11-21T19:40:00.000Z',
      errors: [
        {
          query: 'pdbscope_budget_expected_pods',
          promql: queries.expectedPods.promql,
          kind: 'timeout',
          message: 'HTTP 503: query timed out',
        },
      ],
      warnings: [],
      cluster: 'eu-1',
      budgets: [
        row(zk, [0, 2, 2, true, '2026-11-21T18:00:00.000Z']),
        row(cart, [1, 4, 3, false, null]),
        row(web, [1, 3, 2, false, null]),
      ],
    });
  });
});
