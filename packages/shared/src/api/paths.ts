import type { BudgetKindName, BudgetRef } from './common.js';
import type { BudgetListQuery } from './budgets.js';
import { apiRoutes, routePath } from './routes.js';

/** Paths without parameters, by name; derived from the route table (apiRoutes). */
export const apiPaths = {
  cluster: apiRoutes.cluster.path,
  budgets: apiRoutes.budgets.path,
  nodes: apiRoutes.nodes.path,
  overlaps: apiRoutes.overlaps.path,
  findings: apiRoutes.findings.path,
  fleet: apiRoutes.fleet.path,
  events: apiRoutes.events.path,
  session: apiRoutes.session.path,
  simulateEvictions: apiRoutes.simulateEvictions.path,
  simulateDrain: apiRoutes.simulateDrain.path,
  whatIf: apiRoutes.whatIf.path,
  verifyEviction: apiRoutes.verifyEviction.path,
  openapi: apiRoutes.openapi.path,
  healthz: apiRoutes.healthz.path,
  readyz: apiRoutes.readyz.path,
  livez: apiRoutes.livez.path,
} as const;

/** `/api/budgets/{kind}/{namespace}/{name}` */
export function budgetPath(
  ref: { kind: BudgetKindName; namespace: string; name: string } | BudgetRef,
): string {
  return routePath(apiRoutes.budget, { kind: ref.kind, namespace: ref.namespace, name: ref.name });
}

/** `/api/nodes/{name}` */
export function nodePath(name: string): string {
  return routePath(apiRoutes.node, { name });
}

/** `/api/budgets/{kind}/{namespace}/{name}/history` */
export function budgetHistoryPath(
  ref: { kind: BudgetKindName; namespace: string; name: string } | BudgetRef,
): string {
  return routePath(apiRoutes.budgetHistory, {
    kind: ref.kind,
    namespace: ref.namespace,
    name: ref.name,
  });
}

/** `/api/pods/{namespace}/{name}` */
export function podPath(ref: { namespace: string; name: string }): string {
  return routePath(apiRoutes.pod, { namespace: ref.namespace, name: ref.name });
}

/** `/api/budgets?…` with only the filters that are set. */
export function budgetListPath(query: BudgetListQuery = {}): string {
  const params = new URLSearchParams();
  for (const key of ['namespace', 'kind', 'text', 'state'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const qs = params.toString();
  return qs === '' ? apiPaths.budgets : `${apiPaths.budgets}?${qs}`;
}
