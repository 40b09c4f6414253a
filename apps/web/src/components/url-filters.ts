import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useLatest } from './use-latest.js';

/**
 * Filters of a server-paged list kept in the URL (so the view is a deep link): the string values
 * of `keys`, and `page`. Changing a filter goes back to page 1; typing replaces the history entry.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const latestRef = useLatest(params);
  const filters = useMemo(() => {
    const out: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const value = params.get(key);
      if (value !== null && value !== '') out[key] = value;
    }
    return out;
  }, [params, keys]);
  const pageText = params.get('page');
  const page = pageText !== null && /^[1-9]\d*$/.test(pageText) ? Number(pageText) : 1;
  const write = (change: (next: URLSearchParams) => void, replace: boolean) => {
    const next = new URLSearchParams(latestRef.current);
    change(next);
    latestRef.current = next;
    setParams(next, { replace });
  };
  return {
    filters,
    page,
    setFilter: (key: K, value: string, options: { typing?: boolean } = {}) =>
      write((next) => {
        if (value === '') next.delete(key);
        else next.set(key, value);
        next.delete('page');
      }, options.typing ?? false),
    setPage: (n: number) =>
      write((next) => {
        if (n <= 1) next.delete('page');
        else next.set('page', String(n));
      }, false),
  };
}
