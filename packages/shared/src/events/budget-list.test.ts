import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../api/index.js';
import { budgetList, pdbRow, pubRow, source } from '../testing/index.js';
import { reduceBudgetList } from './budget-list.js';

const at = '2026-11-21T19:40:00Z';

describe('reduceBudgetList', () => {
  const zk = pdbRow('data', 'zookeeper');
  const hdfs = pdbRow('data', 'hdfs-datanode');
  const trino = pdbRow('query', 'trino-worker');
  const list = budgetList([hdfs, zk, trino]);

  it('inserts an added budget at its sorted place', () => {
    const kafka = pdbRow('data', 'kafka');
    const next = reduceBudgetList(list, { type: 'budget-added', id: 'e1-11', at, budget: kafka });
    expect(next).toStrictEqual({ ...list, items: [hdfs, kafka, zk, trino], eventId: 'e1-11' });
    expect(list.items).toStrictEqual([hdfs, zk, trino]);
  });

  it('replaces a changed budget in place', () => {
    const blocked = pdbRow('data', 'zookeeper', {
      currentHealthy: 2,
      disruptionsAllowed: 0,
      flags: {
        overlap: false,
        findings: 0,
        stale: false,
        blocking: true,
        blockingReason: 'it allows 0 disruptions: every eviction of a healthy pod is refused',
        mismatch: false,
        error: null,
      },
    });
    const next = reduceBudgetList(list, {
      type: 'budget-changed',
      id: 'e1-12',
      at,
      budget: blocked,
    });
    expect(next).toStrictEqual({ ...list, items: [hdfs, blocked, trino], eventId: 'e1-12' });
  });

  it('returns the same object for a change that repeats the cached row', () => {
    const same = structuredClone(zk);
    expect(reduceBudgetList(list, { type: 'budget-changed', id: 'e1-13', at, budget: same })).toBe(
      list,
    );
  });

  it('removes a budget, and ignores the removal of one it does not hold', () => {
    const removed = reduceBudgetList(list, {
      type: 'budget-removed',
      id: 'e1-14',
      at,
      ref: { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' },
    });
    expect(removed).toStrictEqual({ ...list, items: [hdfs, trino], eventId: 'e1-14' });
    const unknown: ServerEvent = {
      type: 'budget-removed',
      id: 'e1-15',
      at,
      ref: { kind: 'PodUnavailableBudget', namespace: 'data', name: 'zookeeper' },
    };
    expect(reduceBudgetList(list, unknown)).toBe(list);
  });

  it('keeps a filtered list filtered: a row that stops matching leaves, one that does not match stays out', () => {
    const filtered = budgetList([zk]);
    const query = { state: 'blocking' as const };
    const blocking = { ...zk, flags: { ...zk.flags, blocking: true } };
    const kept = budgetList([blocking]);
    expect(
      reduceBudgetList(kept, { type: 'budget-changed', id: 'e1-16', at, budget: zk }, query),
    ).toStrictEqual({
      ...kept,
      items: [],
      eventId: 'e1-16',
    });
    expect(
      reduceBudgetList(
        budgetList([]),
        { type: 'budget-added', id: 'e1-17', at, budget: pubRow('data', 'kafka') },
        query,
      ),
    ).toStrictEqual(budgetList([]));
    expect(
      reduceBudgetList(
        filtered,
        { type: 'budget-changed', id: 'e1-18', at, budget: zk },
        { namespace: 'data,query' },
      ),
    ).toBe(filtered);
  });

  it('takes new summary counts and ignores events about sources', () => {
    const summary = { ...list.summary, blocking: 1 };
    expect(
      reduceBudgetList(list, {
        type: 'summary-changed',
        id: 'e1-19',
        at,
        summary,
        counts: {
          pods: 1,
          nodes: 1,
          workloads: 0,
          budgets: 3,
          podDisruptionBudgets: 3,
          podUnavailableBudgets: 0,
        },
      }),
    ).toStrictEqual({
      ...list,
      summary,
      eventId: 'e1-19',
    });
    expect(
      reduceBudgetList(list, {
        type: 'source-changed',
        id: 'e1-20',
        at,
        source: source('pods', 'degraded'),
        ready: true,
      }),
    ).toBe(list);
    expect(
      reduceBudgetList(list, {
        type: 'source-removed',
        id: 'e1-21',
        at,
        sourceId: 'pods@cart',
        ready: true,
      }),
    ).toBe(list);
  });

  it('takes the summary a row event carries with the row, even when the row is filtered out', () => {
    const blocking = { ...zk, flags: { ...zk.flags, blocking: true } };
    const summary = { ...list.summary, blocking: 1 };
    const event: ServerEvent = {
      type: 'budget-changed',
      id: 'e1-22',
      at,
      budget: blocking,
      summary,
    };
    const filtered = budgetList([trino]);
    expect([
      reduceBudgetList(list, event),
      reduceBudgetList(filtered, event, { namespace: 'query' }),
    ]).toStrictEqual([
      { ...list, items: [hdfs, blocking, trino], summary, eventId: 'e1-22' },
      { ...filtered, summary, eventId: 'e1-22' },
    ]);
  });

  it('keeps a searched row the server sent (it may match by a pod name) and adds one whose own text matches', () => {
    // The server found zookeeper by its pod `zk-0`, which the row does not carry.
    const searched = budgetList([zk]);
    const query = { text: 'zk-0' };
    const healed = { ...zk, currentHealthy: 2 };
    const changed = reduceBudgetList(
      searched,
      { type: 'budget-changed', id: 'e1-23', at, budget: healed },
      query,
    );
    const byLabel = { text: 'app.kubernetes.io/name=kafka' };
    const kafka = pdbRow('data', 'kafka');
    expect([
      changed,
      reduceBudgetList(
        searched,
        { type: 'budget-added', id: 'e1-24', at, budget: pdbRow('data', 'kafka-zk') },
        query,
      ),
      reduceBudgetList(
        budgetList([]),
        { type: 'budget-added', id: 'e1-25', at, budget: kafka },
        byLabel,
      ),
    ]).toStrictEqual([
      { ...searched, items: [healed], eventId: 'e1-23' },
      searched,
      { ...budgetList([]), items: [kafka], eventId: 'e1-25' },
    ]);
  });
});
