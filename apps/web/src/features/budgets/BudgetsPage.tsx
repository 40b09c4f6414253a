import { useMemo } from 'react';
import { useLatest } from '../../components/use-latest.js';
import { useDebounced } from '../../components/use-debounced.js';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { budgetsQuery } from '../../api/queries.js';
import { toggleSort, VirtualGrid } from '../../components/VirtualGrid.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { useNow } from '../../components/time.js';
import { formatCount } from '../../components/numbers.js';
import { budgetColumns } from './columns.js';
import { useWhatIf } from '../../components/what-if/use-what-if.js';
import { Link } from 'react-router';
import { whatIfHref } from '../../app/paths.js';
import { applyFilterChange, BudgetFilters, type FilterChange } from './BudgetFilters.js';
import { SummaryStrip } from './SummaryStrip.js';
import { StaleMark } from '../../components/StaleMark.js';
import { EVERY_BUDGET, useRowMarks } from '../../components/staleness.js';
import {
  localFilters,
  namespaceOptions,
  readOverviewState,
  type OverviewState,
  visibleRows,
  writeOverviewState,
} from './overview-query.js';
import { budgetRowsCsv, budgetRowsJson, downloadText } from './export-rows.js';
import { GroupChoice, InstanceGroups, isGroupedByInstance } from './InstanceGroups.js';

/** How long typing must pause before the BFF is asked. */
const SEARCH_DEBOUNCE_MS = 250;

export function BudgetsPage() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readOverviewState(params), [params]);
  // The BFF searches the text (it knows each budget's pods); the rest is filtered here.
  const text = useDebounced(state.query.text, SEARCH_DEBOUNCE_MS);
  const budgets = useQuery(budgetsQuery(text));
  const now = useNow(30_000);
  const rowMarks = useRowMarks();
  const whatIf = useWhatIf().budget;
  const columns = useMemo(() => budgetColumns({ now, rowMarks, whatIf }), [now, rowMarks, whatIf]);
  const items = budgets.data?.items;
  const rows = useMemo(
    () => (items === undefined ? [] : visibleRows(items, localFilters(state))),
    [items, state],
  );
  const allNamespaces = budgets.data?.namespaces;
  const namespaces = useMemo(
    () =>
      items === undefined
        ? []
        : namespaceOptions({ rows: items, all: allNamespaces, query: state.query }),
    [items, allNamespaces, state.query],
  );

  // Changes build on the URL as last written, not as of the last render (react-router's
  // functional form sees the render's params), so two quick changes never undo each other.
  const latestRef = useLatest(params);
  const update = (change: (now: OverviewState) => OverviewState, replace: boolean) => {
    const next = writeOverviewState(change(readOverviewState(latestRef.current)));
    latestRef.current = next;
    setParams(next, { replace });
  };
  // Typing in the search box replaces the history entry; changing a filter or the sort adds one.
  const setFilter = (change: FilterChange) =>
    update(
      (now) => ({ ...now, query: applyFilterChange(now.query, change) }),
      change.key === 'text',
    );
  const setSort = (column: string) =>
    update((now) => ({ ...now, sort: toggleSort(now.sort, column) }), false);

  const grouped = isGroupedByInstance(params);
  const head = (
    <div className="page-head">
      <h1>Budgets</h1>
      <StaleMark numbers={EVERY_BUDGET} />
      <GroupChoice grouped={grouped} />
    </div>
  );
  if (grouped)
    return (
      <>
        {head}
        <InstanceGroups />
      </>
    );

  return (
    <>
      {head}
      {budgets.isPending ? <Loading what="budgets" retrying={budgets.failureReason} /> : null}
      {budgets.isError ? <ErrorNotice error={budgets.error} what="the budgets" /> : null}
      {budgets.data ? (
        <>
          <SummaryStrip summary={budgets.data.summary} />
          <div className="toolbar-row">
            <BudgetFilters query={state.query} namespaces={namespaces} onChange={setFilter} />
            <div className="toolbar" role="group" aria-label="Export the budgets shown">
              <p className="muted toolbar-count" aria-live="polite">
                Showing {formatCount(rows.length)} of {formatCount(budgets.data.summary.budgets)}{' '}
                budgets
              </p>
              <button
                type="button"
                disabled={rows.length === 0}
                onClick={() =>
                  downloadText({
                    fileName: 'budgets.csv',
                    type: 'text/csv',
                    text: budgetRowsCsv(rows),
                  })
                }
              >
                Export CSV
              </button>
              <button
                type="button"
                disabled={rows.length === 0}
                onClick={() =>
                  downloadText({
                    fileName: 'budgets.json',
                    type: 'application/json',
                    text: budgetRowsJson(rows),
                  })
                }
              >
                Export JSON
              </button>
              <Link className="button" to={whatIfHref({ apply: true })}>
                Apply YAML…
              </Link>
            </div>
          </div>
          {budgets.data.summary.budgets === 0 ? (
            <Empty>No disruption budgets in the watched namespaces.</Empty>
          ) : rows.length === 0 ? (
            <Empty>No budget matches these filters.</Empty>
          ) : (
            <VirtualGrid
              label="Budgets"
              columns={columns}
              rows={rows}
              rowKey={(row) => `${row.kind}/${row.namespace}/${row.name}`}
              sort={state.sort}
              onSort={setSort}
            />
          )}
        </>
      ) : null}
    </>
  );
}
