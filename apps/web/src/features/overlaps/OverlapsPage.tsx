import { useQuery } from '@tanstack/react-query';
import { OverlapRuleSchema, type OverlapListQuery } from '@pdbscope/shared/api';
import { overlapsQuery } from '../../api/queries.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { Pager } from '../../components/Pager.js';
import { NamespacePicker } from '../../components/NamespacePicker.js';
import { SearchField } from '../../components/SearchField.js';
import { useUrlFilters } from '../../components/url-filters.js';
import { OverlapGroupView } from './OverlapGroupView.js';
import { ruleNames } from '../../components/OverlapList.js';

const filterKeys = ['namespace', 'kind', 'rule', 'severity', 'text'] as const;
// Each group card names up to 50 budgets: 50 cards drew 2,500 links in one task of 250–400 ms
// (bench:web at 10,000 budgets); 20 cards keep the page's first task under 200 ms.
const PAGE = 20;

function queryOf(filters: Partial<Record<(typeof filterKeys)[number], string>>, page: number) {
  const query: OverlapListQuery = {};
  if (filters.namespace !== undefined) query.namespace = filters.namespace;
  if (filters.kind === 'live' || filters.kind === 'potential') query.kind = filters.kind;
  const rule = OverlapRuleSchema.safeParse(filters.rule);
  if (rule.success) query.rule = rule.data;
  if (filters.severity === 'error' || filters.severity === 'warning')
    query.severity = filters.severity;
  if (filters.text !== undefined) query.text = filters.text;
  if (page > 1) query.page = page;
  query.limit = PAGE;
  return query;
}

/** Budgets that share or could share pods, as groups (filtered and paged by the BFF), each opened into its pairs. */
export function OverlapsPage() {
  const { filters, page, setFilter, setPage } = useUrlFilters(filterKeys);
  const overlaps = useQuery(overlapsQuery(queryOf(filters, page)));
  return (
    <>
      <h1>Overlaps</h1>
      <div className="toolbar" role="search" aria-label="Filter overlaps">
        <SearchField
          label="Search"
          value={filters.text}
          placeholder="budget name"
          onType={(value) => setFilter('text', value, { typing: true })}
        />
        <NamespacePicker
          value={filters.namespace}
          onChange={(value) => setFilter('namespace', value)}
        />
        <label>
          Kind
          <select
            value={filters.kind ?? ''}
            onChange={(event) => setFilter('kind', event.target.value)}
          >
            <option value="">Live and potential</option>
            <option value="live">Sharing live pods</option>
            <option value="potential">Could share a pod</option>
          </select>
        </label>
        <label>
          Rule
          <select
            value={filters.rule ?? ''}
            onChange={(event) => setFilter('rule', event.target.value)}
          >
            <option value="">Any rule</option>
            {OverlapRuleSchema.options.map((rule) => (
              <option key={rule} value={rule}>
                {ruleNames[rule]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Severity
          <select
            value={filters.severity ?? ''}
            onChange={(event) => setFilter('severity', event.target.value)}
          >
            <option value="">Any</option>
            <option value="error">Evictions fail (two PDBs on a pod)</option>
            <option value="warning">Others</option>
          </select>
        </label>
      </div>
      {overlaps.isPending ? <Loading what="overlaps" retrying={overlaps.failureReason} /> : null}
      {overlaps.isError ? <ErrorNotice error={overlaps.error} what="the overlaps" /> : null}
      {overlaps.data && overlaps.data.total === 0 ? (
        <Empty>
          {Object.keys(filters).length === 0
            ? 'No two budgets select, or could select, the same pod.'
            : 'No overlap matches these filters.'}
        </Empty>
      ) : null}
      {overlaps.data && overlaps.data.total > 0 ? (
        <>
          <Pager
            page={overlaps.data.page}
            limit={overlaps.data.limit}
            total={overlaps.data.total}
            what="groups of overlapping budgets"
            onPage={setPage}
          />
          <ul className="cards" aria-label="Overlap groups">
            {overlaps.data.items.map((group) => (
              <OverlapGroupView key={group.id} group={group} />
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
