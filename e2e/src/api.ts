import {
  BudgetDetailResponseSchema,
  BudgetListResponseSchema,
  FindingsResponseSchema,
  NamespacesResponseSchema,
  NodesResponseSchema,
  PodListResponseSchema,
  OverlapsResponseSchema,
  PodResponseSchema,
  budgetPath,
  type BudgetDetailResponse,
  type BudgetRef,
  type BudgetRow,
} from '@pdbscope/shared/api';

/** Reads the BFF's API directly, to pick subjects for the browser tests from the live cluster; `token` for a BFF started with --token. */
export function apiClient(base: string, options: { token?: string } = {}) {
  const headers: Record<string, string> =
    options.token === undefined ? {} : { authorization: `Bearer ${options.token}` };
  const get = async <T>(path: string, schema: { parse(data: unknown): T }): Promise<T> => {
    const response = await fetch(`${base}${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return schema.parse(await response.json());
  };
  return {
    budgets: () => get('/api/budgets', BudgetListResponseSchema),
    detail: (ref: BudgetRef) => get(budgetPath(ref), BudgetDetailResponseSchema),
    nodes: () => get('/api/nodes', NodesResponseSchema),
    namespaces: () => get('/api/namespaces', NamespacesResponseSchema),
    pods: (query = '') => get(`/api/pods${query}`, PodListResponseSchema),
    pod: (namespace: string, name: string) =>
      get(
        `/api/pods/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`,
        PodResponseSchema,
      ),
    overlaps: () => get('/api/overlaps', OverlapsResponseSchema),
    findings: () => get('/api/findings', FindingsResponseSchema),
  };
}

export function refOf(row: BudgetRow): BudgetRef {
  return { kind: row.kind, namespace: row.namespace, name: row.name };
}

export function allowedOf(row: BudgetRow): number {
  return row.kind === 'PodDisruptionBudget' ? row.disruptionsAllowed : row.unavailableAllowed;
}

export type Detail = BudgetDetailResponse;
