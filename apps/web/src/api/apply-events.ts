import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  BudgetDetailResponse,
  BudgetListQuery,
  BudgetListResponse,
  ClusterResponse,
  ServerEvent,
} from '@pdbscope/shared/api';
import {
  eventConcernsBudget,
  reduceBudgetDetail,
  reduceBudgetList,
  reduceCluster,
} from '@pdbscope/shared/events';
import { queryKeys } from './queries.js';

function isBudgetEvent(event: ServerEvent): boolean {
  return (
    event.type === 'budget-added' ||
    event.type === 'budget-changed' ||
    event.type === 'budget-removed'
  );
}

/** The query a cached budget list was fetched with, read back from its key (see queryKeys). */
function listQueryOf(key: QueryKey): BudgetListQuery {
  return key[1] === 'text' && typeof key[2] === 'string' ? { text: key[2] } : {};
}

function sameKey(a: QueryKey, b: QueryKey): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index]);
}

/**
 * Reduces events into one cached view the stream carries (the overview, the cluster, a budget
 * detail) with the shared pure reducers, which return the same object when nothing changed, so
 * nothing re-renders. Other keys are left alone.
 */
export function applyEventsTo(
  client: QueryClient,
  key: QueryKey,
  events: readonly ServerEvent[],
): void {
  if (key[0] === queryKeys.budgets[0]) {
    const query = listQueryOf(key);
    client.setQueryData<BudgetListResponse>(key, (list) =>
      list === undefined
        ? list
        : events.reduce((acc, event) => reduceBudgetList(acc, event, query), list),
    );
  } else if (sameKey(key, queryKeys.cluster)) {
    client.setQueryData<ClusterResponse>(key, (cluster) =>
      cluster === undefined
        ? cluster
        : events.reduce((acc, event) => reduceCluster(acc, event), cluster),
    );
  } else if (key[0] === queryKeys.budgetDetails[0]) {
    client.setQueryData<BudgetDetailResponse>(key, (detail) =>
      detail === undefined
        ? detail
        : events.reduce((acc, event) => reduceBudgetDetail(acc, event), detail),
    );
  }
}

/**
 * The BFF watches another context: nothing cached belongs to it. Every view is reset (fetches
 * under way are cancelled, so an answer about the old cluster never lands) and those on screen
 * fetch again; the cluster view becomes the new one at once.
 */
export function forgetTheCluster(client: QueryClient, cluster?: ClusterResponse): void {
  const keep = (key: QueryKey) => cluster !== undefined && sameKey(key, queryKeys.cluster);
  if (cluster !== undefined) {
    void client.cancelQueries({ queryKey: queryKeys.cluster, exact: true });
    client.setQueryData(queryKeys.cluster, cluster);
  }
  void client.resetQueries({ predicate: (query) => !keep(query.queryKey) });
}

/**
 * Applies a batch of server events to the whole cache: the views the stream carries are reduced
 * in place; a detail whose budget changed is also refetched (the stream carries rows, not
 * lanes), and views it does not carry (pods, nodes, overlaps, findings, operator instances) are
 * invalidated, which refetches only those on screen. A resync refetches everything; `ready`
 * everything but the cluster view it updates.
 */
export function applyEvents(client: QueryClient, events: readonly ServerEvent[]): void {
  if (events.length === 0) return;
  const switched = events.findLastIndex((event) => event.type === 'context-changed');
  const change = events[switched];
  if (change?.type === 'context-changed') {
    forgetTheCluster(client, { ...change.cluster, eventId: change.id });
    applyEvents(client, events.slice(switched + 1));
    return;
  }
  if (events.some((event) => event.type === 'resync')) {
    void client.invalidateQueries();
    return;
  }
  for (const query of client.getQueryCache().findAll({ queryKey: queryKeys.budgets }))
    applyEventsTo(client, query.queryKey, events);
  applyEventsTo(client, queryKeys.cluster, events);
  if (events.some((event) => event.type === 'ready')) {
    // Every view that answered 503 while the BFF synced answers now: fetch them at once
    // rather than at their next retry. The cluster view is already current.
    void client.invalidateQueries({
      predicate: (query) => !sameKey(query.queryKey, queryKeys.cluster),
    });
    return;
  }
  for (const query of client.getQueryCache().findAll({ queryKey: queryKeys.budgetDetails })) {
    const detail = query.state.data as BudgetDetailResponse | undefined;
    if (detail === undefined) continue;
    applyEventsTo(client, query.queryKey, events);
    if (events.some((event) => eventConcernsBudget(event, detail.budget)))
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
  if (events.some(isBudgetEvent)) {
    for (const key of [
      queryKeys.pods,
      queryKeys.nodes,
      queryKeys.overlaps,
      queryKeys.findings,
      queryKeys.operatorInstances,
      queryKeys.histories,
      queryKeys.kubeEvents,
    ]) {
      void client.invalidateQueries({ queryKey: key });
    }
  }
}
