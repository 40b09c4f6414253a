import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '@pdbscope/shared/api';
import { callApi } from '../../api/client.js';
import { clusterQuery, queryKeys } from '../../api/queries.js';

/** The fleet from Prometheus: not on the event stream (other clusters), so it is polled. */
export function fleetQuery() {
  return queryOptions({
    queryKey: queryKeys.fleet,
    queryFn: ({ signal }) => callApi(apiRoutes.fleet, { signal }),
    refetchInterval: 30_000,
    placeholderData: (previous) => previous,
  });
}

/** One cluster's budgets as its series in Prometheus say. */
export function fleetBudgetsQuery(cluster: string) {
  return queryOptions({
    queryKey: queryKeys.fleetBudgets(cluster),
    queryFn: ({ signal }) => callApi(apiRoutes.fleetBudgets, { params: { cluster }, signal }),
    refetchInterval: 30_000,
  });
}

/** Whether this BFF serves the fleet (--fleet-prometheus), as GET /api/cluster says. */
export function useFleetConfigured(): boolean {
  return useQuery(clusterQuery()).data?.fleetConfigured === true;
}
