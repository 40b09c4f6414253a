import { pdbRow, pubRow } from '@pdbscope/shared/testing';
import { describe, expect, it } from 'vitest';
import { BudgetHistory } from './budget-history.js';

const T0 = Date.parse('2026-11-21T00:00:00Z');
const MIN = 60_000;
const zk = { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' } as const;
const iso = (t: number) => new Date(t).toISOString();

describe('BudgetHistory', () => {
  it('keeps a point only when a number changes, and the marks of its pods', () => {
    const h = new BudgetHistory({ windowMs: 60 * MIN });
    h.record(pdbRow('data', 'zookeeper'), T0);
    h.record(pdbRow('data', 'zookeeper'), T0 + MIN);
    h.mark(zk, { at: T0 + 2 * MIN, type: 'unready', pod: 'zookeeper-1' });
    h.record(
      pdbRow('data', 'zookeeper', { currentHealthy: 2, disruptionsAllowed: 0 }),
      T0 + 2 * MIN,
    );
    expect(h.read(zk, T0 + 3 * MIN)).toStrictEqual({
      from: T0 + 3 * MIN - 60 * MIN,
      points: [
        { at: iso(T0), disruptionsAllowed: 1, currentHealthy: 3, desiredHealthy: 2 },
        { at: iso(T0 + 2 * MIN), disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2 },
      ],
      marks: [{ at: iso(T0 + 2 * MIN), type: 'unready', pod: 'data/zookeeper-1' }],
      truncated: false,
    });
  });

  it('reads a PodUnavailableBudget under the same names', () => {
    const h = new BudgetHistory();
    h.record(pubRow('shop', 'cart'), T0);
    expect(
      h.read({ kind: 'PodUnavailableBudget', namespace: 'shop', name: 'cart' }, T0)?.points,
    ).toStrictEqual([{ at: iso(T0), disruptionsAllowed: 1, currentHealthy: 4, desiredHealthy: 3 }]);
  });

  it('drops what left the window but the point in force at its start', () => {
    const h = new BudgetHistory({ windowMs: 60 * MIN });
    for (let i = 0; i < 5; i++)
      h.record(pdbRow('data', 'zookeeper', { currentHealthy: 3 - (i % 2) }), T0 + i * 30 * MIN);
    h.mark(zk, { at: T0 + 10 * MIN, type: 'evicted', pod: 'zookeeper-0' });
    const read = h.read(zk, T0 + 150 * MIN);
    // The window starts at 90 min: the point of 90 min holds then; 0, 30 and 60 min are gone.
    expect(read?.points.map((p) => p.at)).toStrictEqual([iso(T0 + 90 * MIN), iso(T0 + 120 * MIN)]);
    expect(read?.marks).toStrictEqual([]);
    expect(read?.truncated).toBe(false);
  });

  it('bounds the points over all budgets, each keeping its share, and says it dropped some', () => {
    const h = new BudgetHistory({ maxPoints: 100, minPointsPerBudget: 4, maxMarksPerBudget: 3 });
    for (let b = 0; b < 10; b++)
      for (let i = 0; i < 50; i++)
        h.record(pdbRow('data', `b${b}`, { currentHealthy: i }), T0 + i * MIN);
    expect({ budgets: h.budgets, points: h.points }).toStrictEqual({ budgets: 10, points: 100 });
    h.prune(T0 + 50 * MIN);
    const b0 = { ...zk, name: 'b0' };
    for (let i = 0; i < 5; i++) h.mark(b0, { at: T0 + i, type: 'evicted', pod: `p${i}` });
    const read = h.read(b0, T0 + 50 * MIN);
    expect({
      first: read?.points[0]?.currentHealthy,
      count: read?.points.length,
      marks: read?.marks.map((m) => m.pod),
      truncated: read?.truncated,
    }).toStrictEqual({
      first: 40,
      count: 10,
      marks: ['data/p2', 'data/p3', 'data/p4'],
      truncated: true,
    });
    // Many budgets: each still keeps its minimum.
    const crowded = new BudgetHistory({ maxPoints: 100, minPointsPerBudget: 4 });
    for (let b = 0; b < 100; b++)
      for (let i = 0; i < 10; i++)
        crowded.record(pdbRow('data', `b${b}`, { currentHealthy: i }), T0 + i * MIN);
    expect(crowded.points).toBe(400);
  });

  it('forgets a removed budget and knows nothing of unseen ones', () => {
    const h = new BudgetHistory();
    h.record(pdbRow('data', 'zookeeper'), T0);
    h.forget(zk);
    expect(h.read(zk, T0)).toBeUndefined();
    h.mark(zk, { at: T0, type: 'evicted', pod: 'zookeeper-0' });
    expect(h.budgets).toBe(0);
  });
});
