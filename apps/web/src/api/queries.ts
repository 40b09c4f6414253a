import { queryOptions } from '@tanstack/react-query';
import {
  type SimulateUpgradeRequest,
  apiRoutes,
  routePath,
  type BudgetRef,
  type FindingListQuery,
  type OverlapListQuery,
  type PodListQuery,
  type SimulateDrainResponse,
  type SimulatePreemptionRequest,
  type WhatIfRequest,
} from '@pdbscope/shared/api';
import { callApi, requestJson } from './client.js';
import { detailFirstPaintParser } from './detail-parser.js';
import { nodesFirstPaintParser } from './nodes-parser.js';
import { livePause } from './live-pause.js';

/** kubectl drain's flags, as the drain view keeps them in its URL. */
export type DrainFlags = SimulateDrainResponse['options'];

// The only place query keys are built: pages, mutations and the event stream all use these.
export const queryKeys = {
  cluster: ['cluster'] as const,
  contexts: ['contexts'] as const,
  /** Every budget; also the prefix of every searched list, so one invalidation reaches them all. */
  budgets: ['budgets'] as const,
  /** The budgets the BFF's `text=` search finds (a pod's name, a selector's `key=value`...). */
  budgetSearch: (text: string) => ['budgets', 'text', text] as const,
  /** Prefix of every budget detail, so one event can invalidate them all. */
  budgetDetails: ['budget'] as const,
  budgetDetail: (ref: BudgetRef) => ['budget', ref.kind, ref.namespace, ref.name] as const,
  /** Prefix of every budget's history (its own prefix: the event reducers read `budget` keys as details). */
  histories: ['history'] as const,
  budgetHistory: (ref: BudgetRef) => ['history', ref.kind, ref.namespace, ref.name] as const,
  /** Prefix of every budget's Kubernetes events. */
  kubeEvents: ['kube-events'] as const,
  budgetEvents: (ref: BudgetRef) => ['kube-events', ref.kind, ref.namespace, ref.name] as const,
  /** Prefix of every pod's page and of the pods list's pages, so one event invalidates them all. */
  pods: ['pod'] as const,
  pod: (namespace: string, name: string) => ['pod', namespace, name] as const,
  podList: (query: PodListQuery) => ['pod', 'list', query] as const,
  namespaces: ['namespaces'] as const,
  search: (q: string) => ['search', q] as const,
  /** Prefix of the node list and of every node's page, so one event invalidates them all. */
  nodes: ['nodes'] as const,
  node: (name: string) => ['nodes', name] as const,
  overlaps: ['overlaps'] as const,
  findings: ['findings'] as const,
  /** Instances operators run, by role and role group (the Budgets page grouped). */
  operatorInstances: ['operator-instances'] as const,
  simulations: ['simulate'] as const,
  drain: (node: string, options: DrainFlags) => ['simulate', 'drain', node, options] as const,
  evictions: (pods: readonly string[]) => ['simulate', 'evictions', ...pods] as const,
  upgrade: (request: SimulateUpgradeRequest) => ['simulate', 'upgrade', request] as const,
  preemption: (request: SimulatePreemptionRequest) => ['simulate', 'preemption', request] as const,
  priorityClasses: ['priority-classes'] as const,
  /** A what-if layer's answer (its changes, and a pool to forecast). */
  whatIf: (request: WhatIfRequest) => ['what-if', request] as const,
  /** Every cluster as the fleet's Prometheus knows it; also the prefix of a cluster's budgets. */
  fleet: ['fleet'] as const,
  fleetBudgets: (cluster: string) => ['fleet', 'budgets', cluster] as const,
};

export function clusterQuery() {
  return queryOptions({
    queryKey: queryKeys.cluster,
    queryFn: ({ signal }) => callApi(apiRoutes.cluster, { signal }),
    // Source states can change without a budget event reaching this page.
    refetchInterval: 10_000,
  });
}

/** The kubeconfig's contexts, and whether the BFF can switch among them. */
export function contextsQuery() {
  return queryOptions({
    queryKey: queryKeys.contexts,
    queryFn: ({ signal }) => callApi(apiRoutes.contexts, { signal }),
  });
}

export function switchContext(context: string) {
  return callApi(apiRoutes.switchContext, { body: { context } });
}

/**
 * Every budget, or those a text search finds: the BFF searches (it knows each budget's pods),
 * the overview filters the rest and sorts in the browser, and the event stream keeps both
 * lists current. While the text changes, the last answer stays on screen.
 */
export function budgetsQuery(text?: string) {
  const searched = text !== undefined && text !== '';
  return queryOptions({
    queryKey: searched ? queryKeys.budgetSearch(text) : queryKeys.budgets,
    queryFn: ({ signal }) =>
      callApi(apiRoutes.budgets, searched ? { query: { text }, signal } : { signal }),
    placeholderData: (previous) => previous,
    // Events keep a searched list's rows current; a pod renamed since is found again by this.
    ...(searched ? { refetchInterval: livePause.whileLive(15_000) } : {}),
  });
}

export function budgetDetailQuery(ref: BudgetRef) {
  return queryOptions({
    queryKey: queryKeys.budgetDetail(ref),
    // The lanes' pods are checked after the first paint (detail-parser.ts, BudgetDetailPage).
    queryFn: ({ signal }) =>
      requestJson(routePath(apiRoutes.budget, { ...ref }), detailFirstPaintParser, { signal }),
  });
}

export function budgetHistoryQuery(ref: BudgetRef) {
  return queryOptions({
    queryKey: queryKeys.budgetHistory(ref),
    queryFn: ({ signal }) => callApi(apiRoutes.budgetHistory, { params: ref, signal }),
    // Budget events invalidate it; this keeps the time axis moving on a quiet budget.
    refetchInterval: livePause.whileLive(60_000),
  });
}

export function budgetEventsQuery(ref: BudgetRef) {
  return queryOptions({
    queryKey: queryKeys.budgetEvents(ref),
    queryFn: ({ signal }) => callApi(apiRoutes.budgetEvents, { params: ref, signal }),
    // Events are not on the stream: a budget event refetches them, and so does this.
    refetchInterval: livePause.whileLive(30_000),
  });
}

export function podQuery(namespace: string, name: string) {
  return queryOptions({
    queryKey: queryKeys.pod(namespace, name),
    queryFn: ({ signal }) => callApi(apiRoutes.pod, { params: { namespace, name }, signal }),
  });
}

/** One page of the pods list, filtered by the BFF (`offset` and `limit` in the query). */
export function podListQuery(query: PodListQuery) {
  return queryOptions({
    queryKey: queryKeys.podList(query),
    queryFn: ({ signal }) => callApi(apiRoutes.pods, { query, signal }),
    placeholderData: (previous) => previous,
  });
}

/** Every namespace the BFF knows (holding pods or budgets), with how many of each. */
export function namespacesQuery() {
  return queryOptions({
    queryKey: queryKeys.namespaces,
    queryFn: ({ signal }) => callApi(apiRoutes.namespaces, { signal }),
    staleTime: 30_000,
  });
}

/** The global search: a bounded number of budgets, pods, nodes and workloads. */
export function searchQuery(q: string) {
  return queryOptions({
    queryKey: queryKeys.search(q),
    queryFn: ({ signal }) => callApi(apiRoutes.search, { query: { q }, signal }),
    staleTime: 10_000,
    enabled: q.trim() !== '',
  });
}

export function nodesQuery() {
  return queryOptions({
    queryKey: queryKeys.nodes,
    // The rows are checked after the first paint (nodes-parser.ts, NodesPage, UpgradePage).
    queryFn: ({ signal }) =>
      requestJson(routePath(apiRoutes.nodes, {}), nodesFirstPaintParser, { signal }),
  });
}

export function nodeQuery(name: string) {
  return queryOptions({
    queryKey: queryKeys.node(name),
    queryFn: ({ signal }) => callApi(apiRoutes.node, { params: { name }, signal }),
  });
}

/** One page of overlap groups, filtered by the BFF: the browser never holds more than a page. */
export function overlapsQuery(query: OverlapListQuery = {}) {
  return queryOptions({
    queryKey: [...queryKeys.overlaps, 'groups', query] as const,
    queryFn: ({ signal }) => callApi(apiRoutes.overlaps, { query, signal }),
    placeholderData: (previous) => previous,
  });
}

/** A page of one group's pairs, from where the last page stopped. */
export function overlapPairsQuery(id: string, cursor: string | undefined) {
  return queryOptions({
    queryKey: [...queryKeys.overlaps, 'pairs', id, cursor ?? ''] as const,
    queryFn: ({ signal }) =>
      callApi(apiRoutes.overlapPairs, {
        params: { id },
        query: cursor === undefined ? { limit: 50 } : { cursor, limit: 50 },
        signal,
      }),
  });
}

/** The instances operators run, by role and role group, with the pods no budget covers. */
export function operatorInstancesQuery() {
  return queryOptions({
    queryKey: queryKeys.operatorInstances,
    queryFn: ({ signal }) => callApi(apiRoutes.operatorInstances, { signal }),
  });
}

/** One page of findings, filtered by the BFF. */
export function findingsQuery(query: FindingListQuery = {}) {
  return queryOptions({
    queryKey: [...queryKeys.findings, query] as const,
    queryFn: ({ signal }) => callApi(apiRoutes.findings, { query, signal }),
    placeholderData: (previous) => previous,
  });
}

/** An upgrade forecast, like a drain plan, is computed afresh each time the view asks. */
export function upgradeQuery(request: SimulateUpgradeRequest) {
  return queryOptions({
    queryKey: queryKeys.upgrade(request),
    queryFn: ({ signal }) => callApi(apiRoutes.simulateUpgrade, { body: request, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The cluster with a what-if layer's changes: every page showing the layer shares one answer. It
 * is the live cluster's plus the changes, so it is asked again now and then as the cluster moves.
 */
export function whatIfQuery(request: WhatIfRequest) {
  return queryOptions({
    queryKey: queryKeys.whatIf(request),
    queryFn: ({ signal }) => callApi(apiRoutes.whatIf, { body: request, signal }),
    staleTime: 15_000,
    refetchInterval: 30_000,
    // A refused change set does not become valid by asking again.
    retry: false,
  });
}

/** A drain plan is a simulation of the cluster as it is now: computed afresh each time the view opens. */
export function drainQuery(node: string, options: DrainFlags) {
  return queryOptions({
    queryKey: queryKeys.drain(node, options),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.simulateDrain, { body: { node, ...options }, signal }),
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
  return callApi(apiRoutes.simulateEvictions, { body: { pods: [...pods] }, signal });
}

export function verifyEviction(pod: string) {
  return callApi(apiRoutes.verifyEviction, { body: { pod } });
}

/** The cluster's PriorityClasses, for a form to offer; they change rarely. */
export function priorityClassesQuery() {
  return queryOptions({
    queryKey: queryKeys.priorityClasses,
    queryFn: ({ signal }) => callApi(apiRoutes.priorityClasses, { signal }),
    staleTime: 60_000,
  });
}

/** Where preemption would place a pending pod, on the cluster as it is now. */
export function preemptionQuery(request: SimulatePreemptionRequest | undefined) {
  return queryOptions({
    queryKey: queryKeys.preemption(request ?? {}),
    queryFn: ({ signal }) => callApi(apiRoutes.simulatePreemption, { body: request ?? {}, signal }),
    staleTime: 0,
    gcTime: 0,
    // A refused pod does not become valid by asking again.
    retry: false,
    enabled: request !== undefined,
  });
}
