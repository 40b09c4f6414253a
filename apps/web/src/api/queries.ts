import { queryOptions } from '@tanstack/react-query';
import {
  apiPaths,
  budgetPath,
  nodePath,
  podPath,
  BudgetDetailResponseSchema,
  BudgetListResponseSchema,
  ClusterResponseSchema,
  FindingsResponseSchema,
  NodeDetailResponseSchema,
  NodesResponseSchema,
  OverlapsResponseSchema,
  PodResponseSchema,
  SimulateDrainResponseSchema,
  SimulateEvictionsResponseSchema,
  VerifyEvictionResponseSchema,
  type BudgetRef,
} from '@pdbscope/shared/api';
import { requestJson } from './client.js';

// The only place query keys are built: pages, mutations and the event stream all use these.
export const queryKeys = {
  cluster: ['cluster'] as const,
  budgets: ['budgets'] as const,
  /** Prefix of every budget detail, so one event can invalidate them all. */
  budgetDetails: ['budget'] as const,
  budgetDetail: (ref: BudgetRef) => ['budget', ref.kind, ref.namespace, ref.name] as const,
  pods: ['pod'] as const,
  pod: (namespace: string, name: string) => ['pod', namespace, name] as const,
  /** Prefix of the node list and of every node's page, so one event invalidates them all. */
  nodes: ['nodes'] as const,
  node: (name: string) => ['nodes', name] as const,
  overlaps: ['overlaps'] as const,
  findings: ['findings'] as const,
  simulations: ['simulate'] as const,
  drain: (node: string) => ['simulate', 'drain', node] as const,
  evictions: (pods: readonly string[]) => ['simulate', 'evictions', ...pods] as const,
};

export function clusterQuery() {
  return queryOptions({
    queryKey: queryKeys.cluster,
    queryFn: ({ signal }) => requestJson(apiPaths.cluster, ClusterResponseSchema, { signal }),
    // Source states can change without a budget event reaching this page.
    refetchInterval: 10_000,
  });
}

/** Every budget: the overview filters and sorts in the browser, so one cached list serves all filters and the event stream keeps it current. */
export function budgetsQuery() {
  return queryOptions({
    queryKey: queryKeys.budgets,
    queryFn: ({ signal }) => requestJson(apiPaths.budgets, BudgetListResponseSchema, { signal }),
  });
}

export function budgetDetailQuery(ref: BudgetRef) {
  return queryOptions({
    queryKey: queryKeys.budgetDetail(ref),
    queryFn: ({ signal }) => requestJson(budgetPath(ref), BudgetDetailResponseSchema, { signal }),
  });
}

export function podQuery(namespace: string, name: string) {
  return queryOptions({
    queryKey: queryKeys.pod(namespace, name),
    queryFn: ({ signal }) =>
      requestJson(podPath({ namespace, name }), PodResponseSchema, { signal }),
  });
}

export function nodesQuery() {
  return queryOptions({
    queryKey: queryKeys.nodes,
    queryFn: ({ signal }) => requestJson(apiPaths.nodes, NodesResponseSchema, { signal }),
  });
}

export function nodeQuery(name: string) {
  return queryOptions({
    queryKey: queryKeys.node(name),
    queryFn: ({ signal }) => requestJson(nodePath(name), NodeDetailResponseSchema, { signal }),
  });
}

export function overlapsQuery() {
  return queryOptions({
    queryKey: queryKeys.overlaps,
    queryFn: ({ signal }) => requestJson(apiPaths.overlaps, OverlapsResponseSchema, { signal }),
  });
}

export function findingsQuery() {
  return queryOptions({
    queryKey: queryKeys.findings,
    queryFn: ({ signal }) => requestJson(apiPaths.findings, FindingsResponseSchema, { signal }),
  });
}

/** A drain plan is a simulation of the cluster as it is now: computed afresh each time the view opens. */
export function drainQuery(node: string) {
  return queryOptions({
    queryKey: queryKeys.drain(node),
    queryFn: ({ signal }) =>
      requestJson(apiPaths.simulateDrain, SimulateDrainResponseSchema, {
        method: 'POST',
        body: { node },
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Pods evicted in order, as a view that a link can reopen (the pods are in the URL). */
export function evictionsQuery(pods: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.evictions(pods),
    queryFn: ({ signal }) => simulateEvictions(pods, signal),
    staleTime: 0,
    gcTime: 0,
    enabled: pods.length > 0,
  });
}

export function simulateEvictions(pods: readonly string[], signal?: AbortSignal) {
  const options =
    signal === undefined
      ? { method: 'POST' as const, body: { pods } }
      : { method: 'POST' as const, body: { pods }, signal };
  return requestJson(apiPaths.simulateEvictions, SimulateEvictionsResponseSchema, options);
}

export function verifyEviction(pod: string) {
  return requestJson(apiPaths.verifyEviction, VerifyEvictionResponseSchema, {
    method: 'POST',
    body: { pod },
  });
}
