import { describe, expect, it } from 'vitest';
import type { NodePoolBudget, NodePoolView } from '../../model/karpenter.js';
import { parseGoTime } from '../go/time.js';
import {
  isBudgetActive,
  nodePoolAllowedDisruptions,
  poolBudget,
  type BudgetNode,
} from './budgets.js';

const at = (text: string): bigint => parseGoTime(text) as bigint;

const pool = (budgets: NodePoolBudget[]): NodePoolView => ({
  kind: 'NodePool',
  name: 'general',
  uid: 'uid-np',
  resourceVersion: '1',
  consolidationPolicy: 'WhenEmptyOrUnderutilized',
  budgets,
  templateLabels: {},
});

describe('NodePool budgets', () => {
  it('is active within `duration` after a schedule fires: a fire exactly that long ago no longer counts', () => {
    const business = { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' };
    expect(
      [
        '2024-05-03T08:59:59Z',
        '2024-05-03T09:00:00Z',
        '2024-05-03T16:59:59.999999999Z',
        '2024-05-03T17:00:00Z',
        '2024-05-04T12:00:00Z',
      ].map((t) => isBudgetActive(business, at(t))),
    ).toStrictEqual([false, true, true, false, false].map((value) => ({ ok: true, value })));
  });

  it('takes the smallest active allowance for the reason, rounding percentages up', () => {
    const now = at('2024-05-04T12:00:00Z'); // a Saturday: the business-hours budget sleeps
    const p = pool([
      { nodes: '25%' },
      { nodes: '1', reasons: ['Drifted'] },
      { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' },
      { nodes: '0', reasons: [] },
    ]);
    expect(
      (['Underutilized', 'Empty', 'Drifted'] as const).map(
        (r) => nodePoolAllowedDisruptions(p, 10, r, now).value,
      ),
    ).toStrictEqual([3, 3, 1]);
  });

  it('fails closed for every reason when any budget is misconfigured', () => {
    const p = pool([
      { nodes: '50%' },
      { nodes: '1', reasons: ['Drifted'], schedule: '0 9 * *', duration: '1h' },
    ]);
    expect(nodePoolAllowedDisruptions(p, 10, 'Empty', at('2024-05-01T00:00:00Z'))).toStrictEqual({
      value: 0,
      errors: ['invariant violated, invalid cron, expected exactly 5 fields, found 4: [0 9 * *]'],
    });
  });

  it('counts managed, initialized nodes whose instance stays, less those disrupting', () => {
    const node = (n: Partial<BudgetNode>): BudgetNode => ({
      managed: true,
      initialized: true,
      instanceTerminating: false,
      ready: true,
      markedForDeletion: false,
      ...n,
    });
    const nodes = [
      node({}),
      node({}),
      node({ ready: false }),
      node({ markedForDeletion: true }),
      node({ managed: false }),
      node({ initialized: false }),
      node({ instanceTerminating: true }),
    ];
    expect(
      poolBudget(pool([{ nodes: '50%' }]), nodes, 'Drifted', at('2024-05-01T00:00:00Z')),
    ).toStrictEqual({
      allowed: 0,
      budgetAllows: 2,
      nodes: 4,
      disrupting: 2,
      errors: [],
    });
  });
});
