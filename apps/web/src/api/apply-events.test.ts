import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ServerEvent } from '@pdbscope/shared/api';
import { pdbRow } from '@pdbscope/shared/testing';
import { budgetList, cluster, zookeeper, zookeeperDetail } from '../test/fixtures.js';
import { applyEvents } from './apply-events.js';
import { budgetDetailQuery, budgetsQuery, clusterQuery, queryKeys } from './queries.js';

const at = '2026-11-21T19:40:00Z';
const ref = { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' } as const;

function seeded() {
  const client = new QueryClient();
  client.setQueryData(queryKeys.budgets, budgetList());
  client.setQueryData(queryKeys.cluster, cluster());
  client.setQueryData(queryKeys.budgetDetail(ref), zookeeperDetail());
  client.setQueryData(queryKeys.overlaps, { items: [], eventId: 'e1-100' });
  return client;
}

describe('applyEvents', () => {
  it('forgets every view of the old cluster when the BFF watches another context', () => {
    const client = seeded();
    const beta = cluster({
      source: 'kubeconfig',
      context: 'beta',
      server: 'https://beta.example:6443',
      ready: false,
      sources: [],
      eventId: 'e1-199',
    });
    const syncing = {
      id: 'pods',
      resource: 'v1 pods',
      state: 'syncing' as const,
      since: at,
      objects: 0,
      forbiddenNamespaces: [],
    };
    applyEvents(client, [
      {
        type: 'budget-changed',
        id: 'e1-200',
        at,
        budget: pdbRow('data', 'zookeeper', { currentHealthy: 3 }),
      },
      { type: 'context-changed', id: 'e1-201', at, cluster: beta },
      { type: 'source-changed', id: 'e1-202', at, source: syncing, ready: false },
    ]);
    expect(client.getQueryData(queryKeys.cluster)).toStrictEqual({
      ...beta,
      sources: [syncing],
      eventId: 'e1-202',
    });
    expect([
      client.getQueryData(queryKeys.budgets),
      client.getQueryData(queryKeys.budgetDetail(ref)),
      client.getQueryData(queryKeys.overlaps),
    ]).toStrictEqual([undefined, undefined, undefined]);
  });

  it('reduces a changed budget into the overview and the open detail, and marks the detail for refetch', () => {
    const client = seeded();
    const healed = pdbRow('data', 'zookeeper', { currentHealthy: 3, disruptionsAllowed: 1 });
    applyEvents(client, [{ type: 'budget-changed', id: 'e1-101', at, budget: healed }]);
    const list = client.getQueryData(budgetsQuery().queryKey);
    expect(list?.items[0]).toStrictEqual(healed);
    expect(list?.eventId).toBe('e1-101');
    const detail = client.getQueryData(budgetDetailQuery(ref).queryKey);
    expect(detail?.budget).toStrictEqual(healed);
    expect(detail?.reported).toStrictEqual({
      kind: 'PodDisruptionBudget',
      observedGeneration: 1,
      expectedPods: 3,
      desiredHealthy: 2,
      currentHealthy: 3,
      disruptionsAllowed: 1,
      disruptedPods: {},
    });
    expect(client.getQueryState(queryKeys.budgetDetail(ref))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.overlaps)?.isInvalidated).toBe(true);
  });

  it('keeps a searched list current too, rows and summary from the same event', () => {
    const client = seeded();
    const [zk] = budgetList().items;
    if (zk === undefined) throw new Error('fixture');
    // Found by its pod's name, which the row does not carry: the event must not drop it.
    client.setQueryData(queryKeys.budgetSearch('zookeeper-1'), { ...budgetList(), items: [zk] });
    const healed = pdbRow('data', 'zookeeper', { currentHealthy: 3, disruptionsAllowed: 1 });
    const summary = { ...budgetList().summary, blocking: 0 };
    applyEvents(client, [{ type: 'budget-changed', id: 'e1-107', at, budget: healed, summary }]);
    const searched = client.getQueryData(budgetsQuery('zookeeper-1').queryKey);
    const all = client.getQueryData(budgetsQuery().queryKey);
    expect([searched?.items, searched?.summary, all?.summary]).toStrictEqual([
      [healed],
      summary,
      summary,
    ]);
  });

  it('leaves the cached objects untouched when an event repeats what they hold', () => {
    const client = seeded();
    const before = client.getQueryData(budgetsQuery().queryKey);
    applyEvents(client, [
      { type: 'budget-changed', id: 'e1-102', at, budget: structuredClone(zookeeper) },
    ]);
    expect(client.getQueryData(budgetsQuery().queryKey)).toBe(before);
  });

  it('applies a batch in order', () => {
    const client = seeded();
    const events: ServerEvent[] = [
      { type: 'budget-added', id: 'e1-103', at, budget: pdbRow('data', 'kafka') },
      {
        type: 'budget-removed',
        id: 'e1-104',
        at,
        ref: { kind: 'PodDisruptionBudget', namespace: 'query', name: 'trino-worker' },
      },
    ];
    applyEvents(client, events);
    expect(
      client.getQueryData(budgetsQuery().queryKey)?.items.map((row) => row.name),
    ).toStrictEqual(['kafka', 'zookeeper', 'zookeeper-all', 'cart']);
  });

  it('follows a source changing state in the cluster view', () => {
    const client = seeded();
    const source = {
      id: 'pods',
      resource: 'v1 pods',
      state: 'degraded' as const,
      since: at,
      reason: 'watch failed: ECONNRESET',
      objects: 40,
      forbiddenNamespaces: [],
    };
    applyEvents(client, [{ type: 'source-changed', id: 'e1-105', at, source, ready: false }]);
    const next = client.getQueryData(clusterQuery().queryKey);
    expect(next?.ready).toBe(false);
    expect(next?.sources[0]).toStrictEqual(source);
  });

  it('marks the cluster ready and refetches the views that waited for it', () => {
    const client = seeded();
    const counts = { ...cluster().counts, pods: 41 };
    applyEvents(client, [{ type: 'ready', id: 'e1-106', at, counts }]);
    expect([
      client.getQueryData(clusterQuery().queryKey)?.counts,
      client.getQueryState(queryKeys.cluster)?.isInvalidated,
      client.getQueryState(queryKeys.budgets)?.isInvalidated,
    ]).toStrictEqual([counts, false, true]);
  });

  it('refetches everything on resync', () => {
    const client = seeded();
    applyEvents(client, [{ type: 'resync', id: 'e2-1', at, reason: 'server restarted' }]);
    expect(client.getQueryState(queryKeys.budgets)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.cluster)?.isInvalidated).toBe(true);
  });
});
