import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { BudgetListQuery } from '@pdbscope/shared/api';
import { budgetsQuery } from '../../api/queries.js';
import { VirtualGrid } from '../../components/VirtualGrid.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { useNow } from '../../components/time.js';
import { budgetColumns } from './columns.js';
import { BudgetFilters } from './BudgetFilters.js';
import { SummaryStrip } from './SummaryStrip.js';
import { namespacesOf, readOverviewState, toggleSort, visibleRows, writeOverviewState } from './overview-query.js';

export function BudgetsPage() {
  const budgets = useQuery(budgetsQuery());
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readOverviewState(params), [params]);
  const now = useNow(30_000);
  const columns = useMemo(() => budgetColumns(now), [now]);
  const items = budgets.data?.items;
  const rows = useMemo(() => (items === undefined ? [] : visibleRows(items, state)), [items, state]);
  const namespaces = useMemo(() => (items === undefined ? [] : namespacesOf(items)), [items]);

  // Typing in the search box replaces the history entry; changing a filter or sort adds one.
  const setQuery = (query: BudgetListQuery) => setParams(writeOverviewState({ ...state, query }), { replace: query.text !== state.query.text });
  const setSort = (column: string) => setParams(writeOverviewState({ ...state, sort: toggleSort(state.sort, column) }));

  return (
    <>
      <h1>Budgets</h1>
      {budgets.isPending ? <Loading what="budgets" /> : null}
      {budgets.isError ? <ErrorNotice error={budgets.error} what="the budgets" /> : null}
      {budgets.data ? (
        <>
          <SummaryStrip summary={budgets.data.summary} />
          <BudgetFilters query={state.query} namespaces={namespaces} onChange={setQuery} />
          <p className="muted" aria-live="polite">
            Showing {rows.length} of {budgets.data.items.length} budgets
          </p>
          {budgets.data.items.length === 0 ? (
            <Empty>No disruption budgets in the watched namespaces.</Empty>
          ) : rows.length === 0 ? (
            <Empty>No budget matches these filters.</Empty>
          ) : (
            <VirtualGrid label="Budgets" columns={columns} rows={rows} rowKey={(row) => `${row.kind}/${row.namespace}/${row.name}`} sort={state.sort} onSort={setSort} />
          )}
        </>
      ) : null}
    </>
  );
}
