import { useQuery } from '@tanstack/react-query';
import { SeveritySchema, type FindingListQuery } from '@pdbscope/shared/api';
import { findingsQuery } from '../../api/queries.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { Pager } from '../../components/Pager.js';
import { NamespacePicker } from '../../components/NamespacePicker.js';
import { SearchField } from '../../components/SearchField.js';
import { formatCount } from '../../components/numbers.js';
import { useUrlFilters } from '../../components/url-filters.js';
import { FindingList } from '../../components/FindingList.js';
import { choicesOf } from './finding-choices.js';

/** The findings the rule and kind choices are taken from: the first page of all of them. */
const CHOICES_FROM = 500;

/** A filter among the values the findings carry, "All" first; a value in the URL stays listed. */
function FindingChoice(props: {
  label: string;
  value: string | undefined;
  choices: readonly { value: string; count: number }[];
  onChange: (value: string) => void;
}) {
  const listed = props.choices.some((choice) => choice.value === props.value);
  return (
    <label>
      {props.label}
      <select value={props.value ?? ''} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">All</option>
        {props.value !== undefined && !listed ? (
          <option value={props.value}>{props.value}</option>
        ) : null}
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.value} ({formatCount(choice.count)})
          </option>
        ))}
      </select>
    </label>
  );
}

const filterKeys = ['severity', 'namespace', 'kind', 'rule', 'text'] as const;
const PAGE = 100;

/** Every finding, filtered and paged by the BFF: the page holds at most 100. */
export function FindingsPage() {
  const { filters, page, setFilter, setPage } = useUrlFilters(filterKeys);
  const severity = SeveritySchema.safeParse(filters.severity);
  const query: FindingListQuery = {
    ...(severity.success ? { severity: severity.data } : {}),
    ...(filters.namespace !== undefined ? { namespace: filters.namespace } : {}),
    ...(filters.kind !== undefined ? { kind: filters.kind } : {}),
    ...(filters.rule !== undefined ? { rule: filters.rule } : {}),
    ...(filters.text !== undefined ? { text: filters.text } : {}),
    ...(page > 1 ? { page } : {}),
    limit: PAGE,
  };
  const findings = useQuery(findingsQuery(query));
  const counts = findings.data?.counts;
  // The choices come from every finding, not from the page the filters leave.
  const all = useQuery(findingsQuery({ limit: CHOICES_FROM })).data?.items ?? [];
  return (
    <>
      <h1>Findings</h1>
      <div className="toolbar" role="search" aria-label="Filter findings">
        <SearchField
          label="Search"
          value={filters.text}
          placeholder="name or message"
          onType={(value) => setFilter('text', value, { typing: true })}
        />
        <label>
          Severity
          <select
            value={severity.success ? severity.data : ''}
            onChange={(event) => setFilter('severity', event.target.value)}
          >
            <option value="">
              All{counts ? ` (${formatCount(counts.error + counts.warning + counts.info)})` : ''}
            </option>
            <option value="error">Errors{counts ? ` (${formatCount(counts.error)})` : ''}</option>
            <option value="warning">
              Warnings{counts ? ` (${formatCount(counts.warning)})` : ''}
            </option>
            <option value="info">Info{counts ? ` (${formatCount(counts.info)})` : ''}</option>
          </select>
        </label>
        <NamespacePicker
          value={filters.namespace}
          onChange={(value) => setFilter('namespace', value)}
        />
        <FindingChoice
          label="Rule"
          value={filters.rule}
          choices={choicesOf(all, (finding) => finding.rule)}
          onChange={(value) => setFilter('rule', value)}
        />
        <FindingChoice
          label="Kind"
          value={filters.kind}
          choices={choicesOf(all, (finding) => finding.subject.kind)}
          onChange={(value) => setFilter('kind', value)}
        />
      </div>
      {findings.isPending ? <Loading what="findings" retrying={findings.failureReason} /> : null}
      {findings.isError ? <ErrorNotice error={findings.error} what="the findings" /> : null}
      {findings.data ? (
        findings.data.total === 0 ? (
          <Empty>No findings{severity.success ? ` of severity ${severity.data}` : ''}.</Empty>
        ) : (
          <>
            <Pager
              page={findings.data.page}
              limit={findings.data.limit}
              total={findings.data.total}
              what="findings"
              onPage={setPage}
            />
            <FindingList findings={findings.data.items} />
          </>
        )
      ) : null}
    </>
  );
}
