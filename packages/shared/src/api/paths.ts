import type { BudgetKindName, BudgetRef } from './common.js';
import type { BudgetListQuery } from './budgets.js';

const enc = encodeURIComponent;

/** The API's paths, built in one place so the BFF's routes and the web's client agree. */
export const apiPaths = {
  cluster: '/api/cluster',
  budgets: '/api/budgets',
  nodes: '/api/nodes',
  overlaps: '/api/overlaps',
  findings: '/api/findings',
  events: '/api/events',
  session: '/api/session',
  simulateEvictions: '/api/simulate/evictions',
  simulateDrain: '/api/simulate/drain',
  verifyEviction: '/api/verify/eviction',
  openapi: '/api/openapi.json',
  healthz: '/healthz',
  readyz: '/readyz',
} as const;

/** `/api/budgets/{kind}/{namespace}/{name}` */
export function budgetPath(
  ref: { kind: BudgetKindName; namespace: string; name: string } | BudgetRef,
): string {
  return `${apiPaths.budgets}/${enc(ref.kind)}/${enc(ref.namespace)}/${enc(ref.name)}`;
}

/** `/api/nodes/{name}` */
export function nodePath(name: string): string {
  return `${apiPaths.nodes}/${enc(name)}`;
}

/** `/api/pods/{namespace}/{name}` */
export function podPath(ref: { namespace: string; name: string }): string {
  return `/api/pods/${enc(ref.namespace)}/${enc(ref.name)}`;
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
