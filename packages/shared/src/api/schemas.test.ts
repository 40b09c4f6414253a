import { describe, expect, it } from 'vitest';
import { pdbRow, pubRow } from '../testing/index.js';
import { BudgetListQuerySchema, BudgetRowSchema } from './budgets.js';
import {
  budgetMatchesQuery,
  budgetsPerNamespace,
  compareBudgetRows,
  readsWorkloadScale,
} from './budget-rows.js';
import { ProblemSchema } from './common.js';
import { ServerEventSchema } from './events.js';
import { SimulateDrainRequestSchema } from './drain.js';
import { SimulateEvictionsRequestSchema } from './simulate.js';
import { budgetListPath, budgetPath, podPath } from './paths.js';

describe('request schemas', () => {
  it('accepts pods as namespace/name and says what is wrong otherwise', () => {
    expect(
      SimulateEvictionsRequestSchema.safeParse({ pods: ['data/zookeeper-0', 'data/zookeeper-1'] })
        .success,
    ).toBe(true);
    const bad = SimulateEvictionsRequestSchema.safeParse({ pods: ['zookeeper-0'] });
    expect(
      bad.success ? [] : bad.error.issues.map((i) => [i.path.join('.'), i.message]),
    ).toStrictEqual([['pods.0', 'expected "namespace/name"']]);
    expect(SimulateEvictionsRequestSchema.safeParse({ pods: [] }).success).toBe(false);
    expect(SimulateDrainRequestSchema.safeParse({ node: '' }).success).toBe(false);
  });

  it('reads the budget list filters and refuses an unknown state', () => {
    expect(
      BudgetListQuerySchema.parse({ namespace: 'data,query', state: 'blocking' }),
    ).toStrictEqual({
      namespace: 'data,query',
      state: 'blocking',
    });
    expect(BudgetListQuerySchema.safeParse({ state: 'sad' }).success).toBe(false);
  });
});

describe('response schemas', () => {
  it('parse the rows the reducers are tested with (PDB and PUB) unchanged', () => {
    const rows = [pdbRow('data', 'zookeeper'), pubRow('data', 'kafka')];
    expect(rows.map((r) => BudgetRowSchema.parse(r))).toStrictEqual(rows);
  });

  it('describe problem+json and events', () => {
    const problem = {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'no PodDisruptionBudget data/zk',
    };
    expect(ProblemSchema.parse(problem)).toStrictEqual(problem);
    const event = {
      type: 'budget-added',
      id: 'e1-1',
      at: '2026-11-21T19:40:00Z',
      budget: pdbRow('data', 'zookeeper'),
    };
    expect(ServerEventSchema.parse(event)).toStrictEqual(event);
    const removed = {
      type: 'source-removed',
      id: 'e1-2',
      at: '2026-11-21T19:40:01Z',
      sourceId: 'pods@cart',
      ready: true,
    };
    expect(ServerEventSchema.parse(removed)).toStrictEqual(removed);
    expect(ServerEventSchema.safeParse({ ...removed, sourceId: undefined }).success).toBe(false);
  });
});

describe('budgetMatchesQuery and compareBudgetRows', () => {
  const zk = pdbRow('data', 'zookeeper');
  const kafka = pubRow('data', 'kafka');
  it('filters by namespace list, kind, text (name or selector) and state', () => {
    expect([
      budgetMatchesQuery(zk, {}),
      budgetMatchesQuery(zk, { namespace: 'query, data' }),
      budgetMatchesQuery(zk, { namespace: 'query' }),
      budgetMatchesQuery(zk, { kind: 'PodUnavailableBudget' }),
      budgetMatchesQuery(zk, { text: 'NAME=ZOO' }),
      budgetMatchesQuery(zk, { text: 'data/zoo' }),
      budgetMatchesQuery(zk, { state: 'blocking' }),
      budgetMatchesQuery({ ...zk, flags: { ...zk.flags, findings: 2 } }, { state: 'findings' }),
      budgetMatchesQuery(kafka, { kind: 'PodUnavailableBudget', text: 'kafka' }),
    ]).toStrictEqual([true, true, false, false, true, true, false, true, true]);
  });
  it('finds a budget by a pod name or a key=value its selector asks for, given the context', () => {
    const context = () => ({
      podNames: ['zookeeper-0', 'zookeeper-1'],
      selector: {
        matchExpressions: [{ key: 'tier', operator: 'In', values: ['coord', 'store'] }],
      },
    });
    expect([
      budgetMatchesQuery(zk, { text: 'ZOOKEEPER-1' }, context),
      budgetMatchesQuery(zk, { text: 'zookeeper-2' }, context),
      budgetMatchesQuery(zk, { text: 'tier=store' }, context),
      budgetMatchesQuery(zk, { text: 'tier=web' }, context),
      budgetMatchesQuery(zk, { text: 'tier=store', namespace: 'app' }, context),
      budgetMatchesQuery(zk, { text: 'zookeeper-1' }, () => undefined),
    ]).toStrictEqual([true, false, true, false, false, false]);
  });
  it('sorts by namespace, name, kind', () => {
    const rows = [zk, pdbRow('data', 'kafka'), kafka, pdbRow('app', 'zookeeper')];
    expect(
      rows
        .slice()
        .sort(compareBudgetRows)
        .map((r) => `${r.namespace}/${r.name}/${r.kind}`),
    ).toStrictEqual([
      'app/zookeeper/PodDisruptionBudget',
      'data/kafka/PodDisruptionBudget',
      'data/kafka/PodUnavailableBudget',
      'data/zookeeper/PodDisruptionBudget',
    ]);
  });
  it("reads the workloads' scale for maxUnavailable, a percentage minAvailable and every PUB", () => {
    expect([
      readsWorkloadScale({ kind: 'PodDisruptionBudget', minAvailable: 2 }),
      readsWorkloadScale({ kind: 'PodDisruptionBudget', minAvailable: '50%' }),
      readsWorkloadScale({ kind: 'PodDisruptionBudget', maxUnavailable: 0 }),
      readsWorkloadScale({ kind: 'PodDisruptionBudget' }),
      readsWorkloadScale({ kind: 'PodUnavailableBudget', minAvailable: 1 }),
    ]).toStrictEqual([false, true, true, false, true]);
  });
  it('counts the budgets of each namespace, in name order', () => {
    const rows = [zk, pdbRow('data', 'kafka'), kafka, pdbRow('app', 'zookeeper')];
    expect(budgetsPerNamespace(rows)).toStrictEqual([
      { namespace: 'app', budgets: 1 },
      { namespace: 'data', budgets: 3 },
    ]);
    expect(budgetsPerNamespace([])).toStrictEqual([]);
  });
});

describe('paths', () => {
  it('encode each segment and only the filters that are set', () => {
    expect([
      budgetPath({ kind: 'PodDisruptionBudget', namespace: 'data', name: 'zk' }),
      podPath({ namespace: 'data', name: 'a b' }),
      budgetListPath(),
      budgetListPath({ namespace: 'data', text: '', state: 'stale' }),
    ]).toStrictEqual([
      '/api/budgets/PodDisruptionBudget/data/zk',
      '/api/pods/data/a%20b',
      '/api/budgets',
      '/api/budgets?namespace=data&state=stale',
    ]);
  });
});
