import type { ZodType } from 'zod';
import { z } from 'zod';
import {
  FindingListQuerySchema,
  FindingsResponseSchema,
  OverlapListQuerySchema,
  OverlapPairsQuerySchema,
  OverlapPairsResponseSchema,
  OverlapsResponseSchema,
} from './analysis.js';
import { BudgetDetailResponseSchema } from './budget-detail.js';
import { BudgetListQuerySchema, BudgetListResponseSchema } from './budgets.js';
import { ClusterResponseSchema, HealthResponseSchema } from './cluster.js';
import { ContextsResponseSchema, SwitchContextRequestSchema } from './contexts.js';
import { BudgetKindSchema } from './common.js';
import { BudgetHistoryResponseSchema } from './history.js';
import { BudgetEventsResponseSchema } from './kube-events.js';
import { FleetBudgetsResponseSchema, FleetResponseSchema } from './fleet.js';
import { ServerEventSchema } from './events.js';
import { NodeDetailResponseSchema } from './nodes.js';
import { OperatorInstancesResponseSchema } from './operators.js';
import {
  PriorityClassesResponseSchema,
  SimulatePreemptionRequestSchema,
  SimulatePreemptionResponseSchema,
} from './preemption.js';
import { NodesResponseSchema, PodResponseSchema } from './pods.js';
import { NamespacesResponseSchema, PodListQuerySchema, PodListResponseSchema } from './pod-list.js';
import { SearchQuerySchema, SearchResponseSchema } from './search.js';
import { SessionRequestSchema, SessionResponseSchema } from './session.js';
import {
  SimulateEvictionsRequestSchema,
  SimulateEvictionsResponseSchema,
  VerifyEvictionRequestSchema,
  VerifyEvictionResponseSchema,
} from './simulate.js';
import { SimulateUpgradeRequestSchema, SimulateUpgradeResponseSchema } from './upgrade.js';
import { SimulateDrainRequestSchema, SimulateDrainResponseSchema } from './drain.js';
import { WhatIfRequestSchema, WhatIfResponseSchema } from './what-if.js';

export type HttpMethod = 'get' | 'post' | 'delete';

/** An answer that is not a problem: its description and, unless it has no content, its body. */
export interface RouteAnswer<Response> {
  description: string;
  schema?: ZodType<Response>;
  /** `application/json` unless said otherwise. */
  contentType?: string;
}

/**
 * One route of the API: everything the OpenAPI document, the BFF's Express routes and the web
 * client need to know about it. The type parameters are what the schemas parse to.
 */
export interface ApiRoute<
  Params = undefined,
  Query = undefined,
  Body = undefined,
  Response = unknown,
> {
  method: HttpMethod;
  /** In OpenAPI's form, `/api/budgets/{kind}/{namespace}/{name}`; the BFF turns `{x}` into `:x`. */
  path: string;
  summary: string;
  /** Path parameters; a value that does not parse names nothing, so the BFF answers 404. */
  params?: ZodType<Params>;
  /** Query parameters; unknown ones and bad values get a 400. */
  query?: ZodType<Query>;
  /** The JSON body; a body that does not parse gets a 400. */
  body?: ZodType<Body>;
  /** The body may be left out (POST /api/session takes a bearer header instead). */
  bodyOptional?: boolean;
  /** Request headers worth documenting. */
  headers?: ZodType;
  /** The success answer: 200 with `schema`, or 204 when it has no content. */
  ok: RouteAnswer<Response> & { status: 200 | 204 };
  /** The problem+json answers (other than 503 before the first sync) and when each happens. */
  problems?: Record<number, string>;
  /** Other answers with a body that is not a problem (`/readyz`'s 503). */
  otherAnswers?: Record<number, RouteAnswer<unknown>>;
  /** Answers 503 until every source has synced: an answer from half a list would be wrong. */
  waitsForReady: boolean;
}

/** Identity with inference, so each entry keeps its own schema types. */
function route<P = undefined, Q = undefined, B = undefined, R = unknown>(
  entry: ApiRoute<P, Q, B, R>,
): ApiRoute<P, Q, B, R> {
  return entry;
}

const BudgetParamsSchema = z.object({
  kind: BudgetKindSchema,
  namespace: z.string().min(1),
  name: z.string().min(1),
});
const PodParamsSchema = z.object({ namespace: z.string().min(1), name: z.string().min(1) });

const badBody = 'The body does not match the schema; `errors` says which field and why';
const rateLimited = 'Rate limited';
const tokenRefused =
  'The token is missing or not right (WWW-Authenticate: Bearer); every /api route answers this when a token is required and none was given';

/**
 * Every route of the BFF, once. To add one: add an entry here (its schemas live beside the
 * others in this folder), then give it a handler in apps/bff/src/routes (`serve(apiRoutes.x,
 * ...)`, listed in that file's array) and, if the browser calls it, a query in
 * apps/web/src/api/queries.ts (`callApi(apiRoutes.x, ...)`). The OpenAPI document follows by
 * itself, and apps/bff/src/routes/table.test.ts fails until the BFF serves exactly this table.
 */
export const apiRoutes = {
  cluster: route({
    method: 'get',
    path: '/api/cluster',
    summary: 'The cluster: context, server, each source and its state, counts',
    ok: { status: 200, description: 'The cluster', schema: ClusterResponseSchema },
    waitsForReady: false,
  }),
  contexts: route({
    method: 'get',
    path: '/api/contexts',
    summary:
      "The kubeconfig's contexts and the one watched; whether the BFF can switch (only when it runs from a kubeconfig) and why not",
    ok: { status: 200, description: 'The contexts', schema: ContextsResponseSchema },
    waitsForReady: false,
  }),
  switchContext: route({
    method: 'post',
    path: '/api/contexts/switch',
    summary:
      'Watch another context of the kubeconfig: the sources stop, the store starts empty and syncs again (a `context-changed` event, then `ready`)',
    body: SwitchContextRequestSchema,
    ok: {
      status: 200,
      description: 'The switch has begun: the contexts, the chosen one current',
      schema: ContextsResponseSchema,
    },
    problems: {
      400: `${badBody}; or no such context in the kubeconfig`,
      409: 'The BFF does not run from a kubeconfig (the simulated cluster, a snapshot, in-cluster)',
      429: rateLimited,
    },
    waitsForReady: false,
  }),
  budgets: route({
    method: 'get',
    path: '/api/budgets',
    summary: 'Every budget in the watched namespaces, filtered, with summary counts',
    query: BudgetListQuerySchema,
    ok: { status: 200, description: 'Budgets', schema: BudgetListResponseSchema },
    problems: { 400: 'A filter has an unknown value' },
    waitsForReady: true,
  }),
  operatorInstances: route({
    method: 'get',
    path: '/api/operator-instances',
    summary:
      "The instances operators run (Stackable's and others', by app.kubernetes.io/name and instance): each role's budgets (the operator's and hand-written ones), its role groups' workloads and replicas, and the pods no budget covers",
    ok: { status: 200, description: 'The instances', schema: OperatorInstancesResponseSchema },
    waitsForReady: true,
  }),
  budget: route({
    method: 'get',
    path: '/api/budgets/{kind}/{namespace}/{name}',
    summary:
      "One budget: its pods in lanes, reported vs recomputed status, expected count's source, YAML, findings, overlaps",
    params: BudgetParamsSchema,
    ok: { status: 200, description: 'The budget', schema: BudgetDetailResponseSchema },
    problems: {
      403: "Not visible: the namespace's budgets may not be listed (or are not watched)",
      404: 'No such budget',
    },
    waitsForReady: true,
  }),
  budgetHistory: route({
    method: 'get',
    path: '/api/budgets/{kind}/{namespace}/{name}/history',
    summary:
      "One budget over time: allowed disruptions, current and desired healthy pods, the moments a pod was evicted or became unready (the BFF's memory over --history-window)",
    params: BudgetParamsSchema,
    ok: { status: 200, description: 'The history', schema: BudgetHistoryResponseSchema },
    problems: { 404: 'No such budget' },
    waitsForReady: true,
  }),
  budgetEvents: route({
    method: 'get',
    path: '/api/budgets/{kind}/{namespace}/{name}/events',
    summary:
      "The budget's and its pods' Kubernetes events (core/v1, watched), the latest first, as kubectl describe shows them",
    params: BudgetParamsSchema,
    ok: { status: 200, description: 'The events', schema: BudgetEventsResponseSchema },
    problems: { 404: 'No such budget' },
    waitsForReady: true,
  }),
  pods: route({
    method: 'get',
    path: '/api/pods',
    summary:
      'Every pod with its budgets and whether evicting it now would be accepted, filtered and paged in namespace/name order',
    query: PodListQuerySchema,
    ok: { status: 200, description: 'A page of pods', schema: PodListResponseSchema },
    problems: {
      400: 'A filter has a bad value, or `labels` is not a label selector (`errors` says why)',
    },
    waitsForReady: true,
  }),
  namespaces: route({
    method: 'get',
    path: '/api/namespaces',
    summary: 'Every namespace holding pods or budgets, with how many of each',
    ok: { status: 200, description: 'Namespaces', schema: NamespacesResponseSchema },
    waitsForReady: true,
  }),
  priorityClasses: route({
    method: 'get',
    path: '/api/priority-classes',
    summary:
      "The cluster's PriorityClasses (scheduling.k8s.io/v1), highest value first: what a pod's priority can be",
    ok: { status: 200, description: 'PriorityClasses', schema: PriorityClassesResponseSchema },
    waitsForReady: true,
  }),
  search: route({
    method: 'get',
    path: '/api/search',
    summary:
      'Budgets, pods, nodes and workloads whose name has the text, or whose labels match a label selector; a bounded number of each',
    query: SearchQuerySchema,
    ok: { status: 200, description: 'What matches, by kind', schema: SearchResponseSchema },
    problems: { 400: 'No text, or a label selector that does not parse (`errors` says why)' },
    waitsForReady: true,
  }),
  pod: route({
    method: 'get',
    path: '/api/pods/{namespace}/{name}',
    summary: 'One pod, the budgets covering it and what evicting it now would answer',
    params: PodParamsSchema,
    ok: { status: 200, description: 'The pod', schema: PodResponseSchema },
    problems: {
      403: "Not visible: the pod's namespace's pods may not be listed (or are not watched)",
      404: 'No such pod',
    },
    waitsForReady: true,
  }),
  nodes: route({
    method: 'get',
    path: '/api/nodes',
    summary: 'Every node with its pod counts',
    ok: { status: 200, description: 'Nodes', schema: NodesResponseSchema },
    waitsForReady: true,
  }),
  node: route({
    method: 'get',
    path: '/api/nodes/{name}',
    summary: 'One node: taints, conditions, capacity, its pods and the budgets they fall under',
    params: z.object({ name: z.string().min(1) }),
    ok: { status: 200, description: 'The node', schema: NodeDetailResponseSchema },
    problems: { 404: 'No such node' },
    waitsForReady: true,
  }),
  simulateEvictions: route({
    method: 'post',
    path: '/api/simulate/evictions',
    summary: 'Evict pods in order, cumulatively, on a copy of the cluster; nothing is evicted',
    body: SimulateEvictionsRequestSchema,
    ok: { status: 200, description: 'Each step', schema: SimulateEvictionsResponseSchema },
    problems: { 400: badBody, 404: 'A pod is unknown', 429: rateLimited },
    waitsForReady: true,
  }),
  simulateDrain: route({
    method: 'post',
    path: '/api/simulate/drain',
    summary:
      'Drain a node as `kubectl drain` with the given flags would, on a copy of the cluster: refused, or the plan in rounds; nothing is evicted',
    body: SimulateDrainRequestSchema,
    ok: { status: 200, description: 'The plan', schema: SimulateDrainResponseSchema },
    problems: { 400: badBody, 404: 'No such node', 429: rateLimited },
    waitsForReady: true,
  }),
  simulateUpgrade: route({
    method: 'post',
    path: '/api/simulate/upgrade',
    summary:
      'Forecast a rolling upgrade of a node pool on a copy of the cluster: the steps, the stall and why, ranked fixes; nothing is changed',
    body: SimulateUpgradeRequestSchema,
    ok: { status: 200, description: 'The forecast', schema: SimulateUpgradeResponseSchema },
    problems: {
      400: `${badBody}; or unknown nodes, a selector matching no node`,
      429: rateLimited,
    },
    waitsForReady: true,
  }),
  whatIf: route({
    method: 'post',
    path: '/api/what-if',
    summary:
      'Apply manifests, deletions, scales and budget spec edits to a copy-on-write view of the cluster and answer what changes: budgets before and after, pods, overlaps, findings, drainable nodes, the upgrade forecast; nothing is written to the cluster',
    body: WhatIfRequestSchema,
    ok: { status: 200, description: 'The difference', schema: WhatIfResponseSchema },
    problems: {
      400: `${badBody}; or a change that does not apply: a manifest that does not parse or that the API server would refuse (\`errors\` names the document and the field, with the API server's message), an object to delete or scale that the cluster does not have`,
      429: rateLimited,
    },
    waitsForReady: true,
  }),
  simulatePreemption: route({
    method: 'post',
    path: '/api/simulate/preemption',
    summary:
      "A pending pod of a priority and size, as kube-scheduler's preemption would place it: the nominated node, the pods it deletes there, the budgets they break, the other candidates; nothing is deleted",
    body: SimulatePreemptionRequestSchema,
    ok: { status: 200, description: 'The decision', schema: SimulatePreemptionResponseSchema },
    problems: {
      400: `${badBody}; or a PriorityClass the cluster does not have, or a priority its class would refuse`,
      429: rateLimited,
    },
    waitsForReady: true,
  }),
  verifyEviction: route({
    method: 'post',
    path: '/api/verify/eviction',
    summary: 'Send the eviction to the API server with dryRun=All and show its answer beside ours',
    body: VerifyEvictionRequestSchema,
    ok: { status: 200, description: 'Both answers', schema: VerifyEvictionResponseSchema },
    problems: {
      400: badBody,
      403: 'Verify is disabled (needs a live cluster and --allow-dry-run-verify)',
      404: 'No such pod',
      429: rateLimited,
      502: 'The API server could not be asked',
    },
    waitsForReady: true,
  }),
  overlaps: route({
    method: 'get',
    path: '/api/overlaps',
    summary:
      'Groups of budgets that share live pods or whose selectors could share one, filtered and paged',
    query: OverlapListQuerySchema,
    ok: { status: 200, description: 'A page of overlap groups', schema: OverlapsResponseSchema },
    problems: { 400: 'A filter or the paging has a bad value' },
    waitsForReady: true,
  }),
  overlapPairs: route({
    method: 'get',
    path: '/api/overlaps/{id}/pairs',
    summary:
      "A page of an overlap group's pairs, from a cursor (each page looks at a bounded number of pairs)",
    params: z.object({ id: z.string().min(1) }),
    query: OverlapPairsQuerySchema,
    ok: { status: 200, description: 'A page of pairs', schema: OverlapPairsResponseSchema },
    problems: {
      400: 'The cursor or limit has a bad value',
      404: 'No such group in the last analysis',
    },
    waitsForReady: true,
  }),
  findings: route({
    method: 'get',
    path: '/api/findings',
    summary: 'The findings, with severity and remedy, filtered and paged',
    query: FindingListQuerySchema,
    ok: { status: 200, description: 'A page of findings', schema: FindingsResponseSchema },
    problems: { 400: 'A filter or the paging has a bad value' },
    waitsForReady: true,
  }),
  fleet: route({
    method: 'get',
    path: '/api/fleet',
    summary:
      "Every cluster whose pdbscope Prometheus scrapes (--fleet-prometheus): up or absent, blocking budgets, overlaps, nodes by drainable now, findings, the last scrape's age; the queries Prometheus did not answer, and its warnings",
    ok: { status: 200, description: 'The fleet', schema: FleetResponseSchema },
    problems: { 404: 'The fleet view is not configured (--fleet-prometheus)' },
    waitsForReady: false,
  }),
  fleetBudgets: route({
    method: 'get',
    path: '/api/fleet/clusters/{cluster}/budgets',
    summary:
      "One cluster's budgets as Prometheus knows them: names and figures from its pdbscope_budget_* series",
    params: z.object({ cluster: z.string().min(1) }),
    ok: { status: 200, description: "The cluster's budgets", schema: FleetBudgetsResponseSchema },
    problems: { 404: 'The fleet view is not configured (--fleet-prometheus)' },
    waitsForReady: false,
  }),
  events: route({
    method: 'get',
    path: '/api/events',
    summary: 'Server-sent events; each `data:` is a ServerEvent; send Last-Event-ID to resume',
    headers: z.object({ 'last-event-id': z.string().optional() }),
    ok: {
      status: 200,
      description: 'An event stream',
      schema: ServerEventSchema,
      contentType: 'text/event-stream',
    },
    problems: { 503: 'Too many event streams open' },
    waitsForReady: false,
  }),
  signIn: route({
    method: 'post',
    path: '/api/session',
    summary:
      'Trade the token (Authorization: Bearer, or a JSON body from a form) for an HttpOnly session cookie the browser sends with every API request and the event stream',
    body: SessionRequestSchema,
    bodyOptional: true,
    ok: { status: 204, description: 'Signed in: Set-Cookie carries the session (not the token)' },
    problems: { 400: badBody, 401: tokenRefused, 429: rateLimited },
    waitsForReady: false,
  }),
  signOut: route({
    method: 'delete',
    path: '/api/session',
    summary: 'Sign out: the session is forgotten and its cookie cleared',
    ok: { status: 204, description: 'Signed out' },
    waitsForReady: false,
  }),
  session: route({
    method: 'get',
    path: '/api/session',
    summary: 'Whether a token is required, and whether this request came with a session',
    ok: { status: 200, description: 'The session', schema: SessionResponseSchema },
    problems: { 401: tokenRefused },
    waitsForReady: false,
  }),
  openapi: route({
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    ok: {
      status: 200,
      description: 'The OpenAPI 3.1 document',
      schema: z.record(z.string(), z.unknown()),
    },
    waitsForReady: false,
  }),
  metrics: route({
    method: 'get',
    path: '/metrics',
    summary:
      "The BFF's and the cluster's figures in Prometheus' text format (takes the token as /api does, unless --metrics-public)",
    ok: {
      status: 200,
      description: 'Prometheus text exposition',
      schema: z.string(),
      contentType: 'text/plain; version=0.0.4',
    },
    problems: { 401: tokenRefused },
    waitsForReady: false,
  }),
  healthz: route({
    method: 'get',
    path: '/healthz',
    summary: 'Liveness',
    ok: { status: 200, description: 'Alive', schema: HealthResponseSchema },
    waitsForReady: false,
  }),
  readyz: route({
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: every source has synced, and none has been away longer than --stale-after',
    ok: { status: 200, description: 'Ready', schema: HealthResponseSchema },
    otherAnswers: {
      503: { description: 'Still syncing, or the data is stale', schema: HealthResponseSchema },
    },
    waitsForReady: false,
  }),
  livez: route({
    method: 'get',
    path: '/livez',
    summary: 'Liveness: fails only when the event loop is wedged',
    ok: { status: 200, description: 'Alive', schema: HealthResponseSchema },
    otherAnswers: { 503: { description: 'Wedged', schema: HealthResponseSchema } },
    waitsForReady: false,
  }),
};

export type ApiRouteName = keyof typeof apiRoutes;

/** Any route of the table, whatever its schemas parse to. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyApiRoute = ApiRoute<any, any, any, any>;

/** The route's path with its `{parameters}` filled in, each segment encoded. */
export function routePath(route: AnyApiRoute, params: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}
