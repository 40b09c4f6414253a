import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { BudgetDetailResponse, BudgetListResponse, ClusterResponse, ServerEvent } from '@pdbscope/shared/api';
import { eventConcernsBudget, reduceBudgetDetail, reduceBudgetList, reduceCluster } from '@pdbscope/shared/events';
import { queryKeys } from './queries.js';

function isBudgetEvent(event: ServerEvent): boolean {
  return event.type === 'budget-added' || event.type === 'budget-changed' || event.type === 'budget-removed';
}

/**
 * Applies a batch of server events to the react-query cache: the overview, the cluster and each
 * cached budget detail are reduced in place by the shared pure reducers (which return the same
 * object when nothing changed, so nothing re-renders); views the stream does not carry
 * (lanes, pods, nodes, overlaps, findings) are invalidated, which refetches only those on screen.
 */
export function applyEvents(client: QueryClient, events: readonly ServerEvent[]): void {
  if (events.length === 0) return;
  if (events.some((event) => event.type === 'resync')) {
    void client.invalidateQueries();
    return;
  }
  client.setQueryData<BudgetListResponse>(queryKeys.budgets, (list) => (list === undefined ? list : events.reduce((acc, event) => reduceBudgetList(acc, event), list)));
  client.setQueryData<ClusterResponse>(queryKeys.cluster, (cluster) => (cluster === undefined ? cluster : events.reduce((acc, event) => reduceCluster(acc, event), cluster)));

  const stale: QueryKey[] = [];
  for (const query of client.getQueryCache().findAll({ queryKey: queryKeys.budgetDetails })) {
    const detail = query.state.data as BudgetDetailResponse | undefined;
    if (detail === undefined) continue;
    const next = events.reduce((acc, event) => reduceBudgetDetail(acc, event), detail);
    if (next !== detail) client.setQueryData(query.queryKey, next);
    if (events.some((event) => eventConcernsBudget(event, detail.budget))) stale.push(query.queryKey);
  }
  for (const key of stale) void client.invalidateQueries({ queryKey: key, exact: true });

  if (events.some(isBudgetEvent)) {
    for (const key of [queryKeys.pods, queryKeys.nodes, queryKeys.overlaps, queryKeys.findings]) {
      void client.invalidateQueries({ queryKey: key });
    }
  }
}
