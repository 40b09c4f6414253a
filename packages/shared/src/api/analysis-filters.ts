import type {
  Finding,
  FindingListQuery,
  OverlapGroup,
  OverlapListQuery,
  PageQuery,
} from './analysis.js';
import { DEFAULT_PAGE_LIMIT } from './analysis.js';

function namespaceSet(list: string | undefined): Set<string> | undefined {
  if (list === undefined || list.trim() === '') return undefined;
  return new Set(
    list
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== ''),
  );
}

/** Whether a finding passes the filters of a findings query (the BFF filters with this). */
export function findingMatcher(query: FindingListQuery): (f: Finding) => boolean {
  const namespaces = namespaceSet(query.namespace);
  const needle = query.text?.trim().toLowerCase() ?? '';
  return (f) => {
    if (namespaces && !namespaces.has(f.subject.namespace)) return false;
    if (query.kind !== undefined && query.kind !== '' && f.subject.kind !== query.kind)
      return false;
    if (query.rule !== undefined && query.rule !== '' && f.rule !== query.rule) return false;
    if (query.severity !== undefined && f.severity !== query.severity) return false;
    if (needle === '') return true;
    if (`${f.subject.namespace}/${f.subject.name}`.toLowerCase().includes(needle)) return true;
    if (f.message.toLowerCase().includes(needle)) return true;
    return f.related.some((r) => `${r.namespace}/${r.name}`.toLowerCase().includes(needle));
  };
}

/**
 * Whether a group passes the filters of an overlaps query. `memberNames` are every member's
 * `namespace/name` (lower case), so text finds a member the group's sample leaves out.
 */
export function overlapGroupMatcher(
  query: OverlapListQuery,
): (group: OverlapGroup, memberNames: readonly string[]) => boolean {
  const namespaces = namespaceSet(query.namespace);
  const needle = query.text?.trim().toLowerCase() ?? '';
  return (group, memberNames) => {
    if (namespaces && !namespaces.has(group.namespace)) return false;
    if (query.kind !== undefined && group.kind !== query.kind) return false;
    if (query.rule !== undefined && !group.detectedBy.includes(query.rule)) return false;
    if (query.severity !== undefined && (query.severity === 'error') !== group.evictionFails)
      return false;
    return needle === '' || memberNames.some((name) => name.includes(needle));
  };
}

/** One page of `items` (1-based), with the paging fields of the answer. */
export function pageOf<T>(
  items: readonly T[],
  query: PageQuery,
): { items: T[]; total: number; page: number; limit: number } {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const page = query.page ?? 1;
  const start = (page - 1) * limit;
  return { items: items.slice(start, start + limit), total: items.length, page, limit };
}
