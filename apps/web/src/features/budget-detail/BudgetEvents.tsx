import { useQuery } from '@tanstack/react-query';
import type { BudgetRef, HistoryMark } from '@pdbscope/shared/api';
import { budgetEventsQuery, budgetHistoryQuery } from '../../api/queries.js';
import { countOf } from '../../components/numbers.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';

/** What the timeline marks although no event says it, in words ('' when it marks nothing). */
export function timelineMarksWords(marks: readonly HistoryMark[]): string {
  const evicted = marks.filter((mark) => mark.type === 'evicted').length;
  const unready = marks.length - evicted;
  const parts = [
    ...(evicted > 0 ? [countOf(evicted, 'eviction')] : []),
    ...(unready > 0 ? [`${countOf(unready, 'pod')} becoming unready`] : []),
  ];
  if (parts.length === 0) return '';
  return `The timeline's ${parts.join(' and ')} are what pdbscope saw on its watch: the Eviction API records no Event of its own.`;
}

/** The budget's and its pods' Kubernetes events, as `kubectl describe pdb` lists them, latest first. */
export function BudgetEvents({ budget }: { budget: BudgetRef }) {
  const events = useQuery(budgetEventsQuery(budget));
  // The timeline's query (shared cache): its marks are not events, and "no events" beside them
  // would read as a contradiction unless said why.
  const history = useQuery(budgetHistoryQuery(budget));
  const seen = timelineMarksWords(history.data?.marks ?? []);
  if (events.isPending) return <Loading what="the events" />;
  if (events.isError) return <ErrorNotice error={events.error} what="the events" />;
  const { items, truncated } = events.data;
  if (items.length === 0)
    return (
      <Empty>
        No Kubernetes events about this budget or its pods (Kubernetes keeps them for an hour by
        default).{seen === '' ? null : ` ${seen}`}
      </Empty>
    );
  return (
    <>
      <table className="events" aria-label="Kubernetes events">
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Reason</th>
            <th scope="col">Object</th>
            <th scope="col">Last seen</th>
            <th scope="col">Count</th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e, i) => (
            <tr
              key={`${e.involvedObject.kind}/${e.involvedObject.name}/${e.reason}/${e.lastTimestamp ?? i}/${i}`}
            >
              <td className={e.type === 'Warning' ? 'bad' : undefined}>{e.type}</td>
              <td>{e.reason}</td>
              <td>
                {e.involvedObject.kind === 'Pod' ? 'pod' : 'budget'} {e.involvedObject.name}
              </td>
              <td>
                {e.lastTimestamp === undefined ? (
                  ''
                ) : (
                  <time dateTime={e.lastTimestamp}>{e.lastTimestamp}</time>
                )}
              </td>
              <td className="numeric">{e.count}</td>
              <td>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {truncated ? <p className="muted">Only the latest 100 are listed.</p> : null}
    </>
  );
}
