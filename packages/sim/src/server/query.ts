import type { Result } from '@pdbscope/shared';
import type { Selector } from '@pdbscope/shared';
import type { FieldSelector, ListOptions, ResourceType, StoreError } from '../store/index.js';
import { badRequest, parseFieldSelectorQuery, parseLabelSelectorQuery } from '../store/index.js';

export interface ListQuery {
  labelSelector?: Selector;
  fieldSelector?: FieldSelector;
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  watch: boolean;
  allowWatchBookmarks: boolean;
  timeoutSeconds?: number;
}

export type QueryResult = Result<ListQuery, StoreError>;

const truthy = (v: string | null): boolean => v === 'true' || v === '1';

/** Reads list/watch query parameters; a bad selector is a 400 as the real server reports it. */
export function parseListQuery(type: ResourceType, params: URLSearchParams): QueryResult {
  const q: ListQuery = {
    watch: truthy(params.get('watch')),
    allowWatchBookmarks: truthy(params.get('allowWatchBookmarks')),
  };
  const label = params.get('labelSelector');
  if (label !== null && label !== '') {
    const parsed = parseLabelSelectorQuery(label);
    if (!parsed.ok) return { ok: false, error: badRequest(parsed.error) };
    q.labelSelector = parsed.value;
  }
  const field = params.get('fieldSelector');
  if (field !== null && field !== '') {
    const parsed = parseFieldSelectorQuery(type.resource, field);
    if (!parsed.ok) return { ok: false, error: badRequest(parsed.error) };
    q.fieldSelector = parsed.value;
  }
  const limit = params.get('limit');
  if (limit !== null && limit !== '') {
    const n = Number(limit);
    if (!Number.isInteger(n) || n < 0)
      return { ok: false, error: badRequest(`invalid limit: ${JSON.stringify(limit)}`) };
    if (n > 0) q.limit = n;
  }
  const cont = params.get('continue');
  if (cont !== null && cont !== '') q.continue = cont;
  const rv = params.get('resourceVersion');
  if (rv !== null && rv !== '') q.resourceVersion = rv;
  const timeout = params.get('timeoutSeconds');
  if (timeout !== null && timeout !== '') {
    const n = Number(timeout);
    if (!Number.isFinite(n) || n < 0)
      return { ok: false, error: badRequest(`invalid timeoutSeconds: ${JSON.stringify(timeout)}`) };
    q.timeoutSeconds = n;
  }
  return { ok: true, value: q };
}

/** `dryRun=All` on the query. */
export function dryRunOf(params: URLSearchParams): boolean {
  return params.getAll('dryRun').includes('All');
}

/** The namespace and selectors of a request, as list options (absent ones left out). */
export function selectionOf(
  namespace: string | undefined,
  query: ListQuery,
): Pick<ListOptions, 'namespace' | 'labelSelector' | 'fieldSelector'> {
  return {
    ...(namespace === undefined ? {} : { namespace }),
    ...(query.labelSelector === undefined ? {} : { labelSelector: query.labelSelector }),
    ...(query.fieldSelector === undefined ? {} : { fieldSelector: query.fieldSelector }),
  };
}
