import type { BudgetListQuery, BudgetListResponse, BudgetRow, ServerEvent } from '../api/index.js';
import { budgetMatchesQuery, compareBudgetRows } from '../api/index.js';
import { jsonEqual } from './equal.js';

type Key = { kind: string; namespace: string; name: string };

/** Binary search in rows sorted by {@link compareBudgetRows}: the index of `key`, or where it would go. */
function locate(items: readonly BudgetRow[], key: Key): { index: number; found: boolean } {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareBudgetRows(items[mid] as BudgetRow, key);
    if (c === 0) return { index: mid, found: true };
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return { index: lo, found: false };
}

function upsert(
  list: BudgetListResponse,
  row: BudgetRow,
  eventId: string,
  query: BudgetListQuery,
): BudgetListResponse {
  const { index, found } = locate(list.items, row);
  const keep = budgetMatchesQuery(row, query);
  if (found) {
    if (keep && jsonEqual(list.items[index], row)) return list;
    const items = list.items.slice();
    if (keep) items[index] = row;
    else items.splice(index, 1);
    return { ...list, items, eventId };
  }
  if (!keep) return list;
  const items = list.items.slice();
  items.splice(index, 0, row);
  return { ...list, items, eventId };
}

/**
 * Applies one server event to a cached GET /api/budgets answer made with `query`, keeping the
 * rows sorted and filtered as the server would. Returns the same object when nothing changed.
 */
export function reduceBudgetList(
  list: BudgetListResponse,
  event: ServerEvent,
  query: BudgetListQuery = {},
): BudgetListResponse {
  switch (event.type) {
    case 'budget-added':
    case 'budget-changed':
      return upsert(list, event.budget, event.id, query);
    case 'budget-removed': {
      const { index, found } = locate(list.items, event.ref);
      if (!found) return list;
      const items = list.items.slice();
      items.splice(index, 1);
      return { ...list, items, eventId: event.id };
    }
    case 'summary-changed':
      return jsonEqual(list.summary, event.summary)
        ? list
        : { ...list, summary: event.summary, eventId: event.id };
    case 'source-changed':
    case 'source-removed':
    case 'cluster-identity-changed':
    case 'ready':
    case 'resync':
      return list;
  }
}
