import { describe, expect, it } from 'vitest';
import type { BudgetDetailResponse } from '../api/index.js';
import { pdbRow, pdbStatusNumbers, source } from '../testing/index.js';
import { eventConcernsBudget, reduceBudgetDetail } from './budget-detail.js';

const at = '2026-11-21T19:40:00Z';
const zk = pdbRow('data', 'zookeeper');
const detail: BudgetDetailResponse = {
  budget: zk,
  lanes: { available: [], unavailable: [], disrupted: [] },
  reported: pdbStatusNumbers({ disruptedPods: { 'zookeeper-2': '2026-11-21T19:39:00Z' } }),
  recomputed: null,
  recomputeError: null,
  differences: [],
  expected: {
    type: 'controllers',
    controllers: [
      { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'zookeeper', replicas: 3, pods: 3 },
    ],
    message: 'StatefulSet zookeeper: 3 replicas',
  },
  conditions: [],
  controllerEvents: [],
  yaml: 'kind: PodDisruptionBudget\n',
  findings: [],
  overlaps: [],
  eventId: 'e1-10',
};

describe('reduceBudgetDetail', () => {
  it('follows the row and its reported numbers, keeping disruptedPods', () => {
    const row = pdbRow('data', 'zookeeper', { currentHealthy: 2, disruptionsAllowed: 0 });
    expect(
      reduceBudgetDetail(detail, { type: 'budget-changed', id: 'e1-11', at, budget: row }),
    ).toStrictEqual({
      ...detail,
      budget: row,
      reported: { ...detail.reported, currentHealthy: 2, disruptionsAllowed: 0 },
      eventId: 'e1-11',
    });
  });

  it('returns the same object for other budgets, repeated rows and other events', () => {
    expect(
      reduceBudgetDetail(detail, {
        type: 'budget-changed',
        id: 'e1-12',
        at,
        budget: pdbRow('data', 'kafka'),
      }),
    ).toBe(detail);
    expect(
      reduceBudgetDetail(detail, {
        type: 'budget-changed',
        id: 'e1-13',
        at,
        budget: structuredClone(zk),
      }),
    ).toBe(detail);
    expect(
      reduceBudgetDetail(detail, {
        type: 'source-changed',
        id: 'e1-14',
        at,
        source: source('pods', 'live'),
        ready: true,
      }),
    ).toBe(detail);
    expect(
      reduceBudgetDetail(detail, {
        type: 'source-removed',
        id: 'e1-15',
        at,
        sourceId: 'pods@data',
        ready: true,
      }),
    ).toBe(detail);
  });
});

describe('eventConcernsBudget', () => {
  const ref = { kind: 'PodDisruptionBudget' as const, namespace: 'data', name: 'zookeeper' };
  it('says which events call for a refetch of the detail', () => {
    expect([
      eventConcernsBudget({ type: 'budget-changed', id: '1', at, budget: zk }, ref),
      eventConcernsBudget(
        { type: 'budget-changed', id: '2', at, budget: pdbRow('data', 'kafka') },
        ref,
      ),
      eventConcernsBudget({ type: 'budget-removed', id: '3', at, ref }, ref),
      eventConcernsBudget({ type: 'resync', id: '4', at, reason: 'buffer' }, ref),
      eventConcernsBudget(
        { type: 'source-changed', id: '5', at, source: source('pods', 'live'), ready: true },
        ref,
      ),
      eventConcernsBudget(
        { type: 'source-removed', id: '6', at, sourceId: 'pods@data', ready: true },
        ref,
      ),
    ]).toStrictEqual([true, false, true, true, false, false]);
  });
});
