import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SeveritySchema } from '@pdbscope/shared/api';
import { findingsQuery } from '../../api/queries.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { FindingList } from './FindingList.js';
import { ShowMore, useShowMore } from '../../components/ShowMore.js';

export function FindingsPage() {
  const findings = useQuery(findingsQuery());
  const [params, setParams] = useSearchParams();
  const severity = SeveritySchema.safeParse(params.get('severity'));
  const { limit, more } = useShowMore();
  const items =
    findings.data?.items.filter(
      (finding) => !severity.success || finding.severity === severity.data,
    ) ?? [];
  return (
    <>
      <h1>Findings</h1>
      {findings.isPending ? <Loading what="findings" retrying={findings.failureReason} /> : null}
      {findings.isError ? <ErrorNotice error={findings.error} what="the findings" /> : null}
      {findings.data ? (
        <>
          <div className="toolbar">
            <label>
              Severity
              <select
                value={severity.success ? severity.data : ''}
                onChange={(event) =>
                  setParams(event.target.value === '' ? {} : { severity: event.target.value })
                }
              >
                <option value="">All ({findings.data.items.length})</option>
                <option value="error">Errors ({findings.data.counts.error})</option>
                <option value="warning">Warnings ({findings.data.counts.warning})</option>
                <option value="info">Info ({findings.data.counts.info})</option>
              </select>
            </label>
          </div>
          {items.length === 0 ? (
            <Empty>No findings{severity.success ? ` of severity ${severity.data}` : ''}.</Empty>
          ) : (
            <>
              <FindingList findings={items.slice(0, limit)} />
              <ShowMore shown={Math.min(limit, items.length)} total={items.length} onMore={more} />
            </>
          )}
        </>
      ) : null}
    </>
  );
}
