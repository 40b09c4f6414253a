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

/** What a search may match without the pods' names: the row's own text and its selector's labels. */
const ownSearch = (row: BudgetRow) => ({ podNames: [], selector: row.selector });

/**
 * Whether a list made with `query` holds `row`. A text search also matches what a row does not
 * carry (its pods' names): a row the server sent stays while the other filters hold, and a row
 * joins when its own text or selector matches; pods renamed since are caught by refetching.
 */
function keeps(row: BudgetRow, query: BudgetListQuery, held: boolean): boolean {
  if (query.text === undefined || query.text === '' || !held)
    return budgetMatchesQuery(row, query, ownSearch);
  const { text: _text, ...others } = query;
  return budgetMatchesQuery(row, others);
}

function upsert(
  list: BudgetListResponse,
  row: BudgetRow,
  eventId: string,
  query: BudgetListQuery,
): BudgetListResponse {
  const { index, found } = locate(list.items, row);
  const keep = keeps(row, query, found);
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

/** A row event's summary, when it carries one: the counts once that row is counted. */
function withSummary(list: BudgetListResponse, event: ServerEvent): BudgetListResponse {
  if (!('summary' in event) || event.summary === undefined) return list;
  if (jsonEqual(list.summary, event.summary)) return list;
  return { ...list, summary: event.summary, eventId: event.id };
}

/**
 * Applies one server event to a cached GET /api/budgets answer made with `query`, keeping the
 * rows sorted and filtered as the server would, and the summary in step with them (a row event
 * carries the summary after it). Returns the same object when nothing changed.
 */
export function reduceBudgetList(
  list: BudgetListResponse,
  event: ServerEvent,
  query: BudgetListQuery = {},
): BudgetListResponse {
  switch (event.type) {
    case 'budget-added':
    case 'budget-changed':
      return withSummary(upsert(list, event.budget, event.id, query), event);
    case 'budget-removed': {
      const { index, found } = locate(list.items, event.ref);
      if (!found) return withSummary(list, event);
      const items = list.items.slice();
      items.splice(index, 1);
      return withSummary({ ...list, items, eventId: event.id }, event);
    }
    case 'summary-changed':
      return jsonEqual(list.summary, event.summary)
        ? list
        : { ...list, summary: event.summary, eventId: event.id };
    case 'source-changed':
    case 'source-removed':
    case 'cluster-identity-changed':
    case 'context-changed':
    case 'ready':
    case 'resync':
      return list;
  }
}
