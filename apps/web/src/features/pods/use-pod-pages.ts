import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { PodListQuery, PodListResponse, PodRow } from '@pdbscope/shared/api';
import { podListQuery } from '../../api/queries.js';

/** Pods a request asks for: the grid draws about 30 rows, so one page or two cover what is seen. */
export const POD_PAGE = 100;

/** The pages holding rows `first` to `last`, and always the first (it says how many there are). */
export function pagesFor(first: number, last: number): number[] {
  const pages = new Set([0]);
  for (let page = Math.floor(first / POD_PAGE); page <= Math.floor(last / POD_PAGE); page++)
    pages.add(page);
  return [...pages].sort((a, b) => a - b);
}

/** Rows by index, only those fetched: 150,000 pods are never an array of 150,000. */
export interface SparseRows extends ArrayLike<PodRow | undefined> {
  [index: number]: PodRow | undefined;
}

/** The pages' answers as one list (a module function, so useQueries keeps its result while they stand). */
function combine(results: UseQueryResult<PodListResponse>[]) {
  const [head] = results;
  const total = head?.data?.total;
  const rows: SparseRows = { length: total ?? 0 };
  for (const { data } of results) {
    data?.items.forEach((row, i) => {
      if (data.offset + i < rows.length) rows[data.offset + i] = row;
    });
  }
  return {
    total,
    rows,
    pending: head?.isPending ?? true,
    /** The first page answers these filters (not the last filters', kept while it loads). */
    current: head?.isPlaceholderData === false && head.isSuccess,
    error: results.find((r) => r.isError)?.error ?? null,
    failureReason: head?.failureReason ?? null,
  };
}

/**
 * The pods list as the grid reads it: `total` rows, those of the pages fetched in place and the
 * others undefined (drawn as "Loading…"). Only the pages in view are asked for, each once per
 * filter; the event stream invalidates them as it does every pod view.
 */
export function usePodPages(
  query: Omit<PodListQuery, 'offset' | 'limit'>,
  range: { first: number; last: number },
) {
  return useQueries({
    queries: pagesFor(range.first, range.last).map((page) =>
      podListQuery({ ...query, offset: page * POD_PAGE, limit: POD_PAGE }),
    ),
    combine,
  });
}
