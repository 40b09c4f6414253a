import { useQuery } from '@tanstack/react-query';
import type { BudgetHistoryResponse, BudgetRef } from '@pdbscope/shared/api';
import { budgetHistoryQuery } from '../../api/queries.js';
import { ErrorNotice, Loading } from '../../components/StateView.js';
import { timelineGeometry, type TimelineSize } from './timeline-geometry.js';

const SIZE: TimelineSize = { width: 720, height: 140, left: 28, bottom: 18 };

/** `2026-11-21 19:40:02 UTC`: unambiguous and the same for every reader. */
function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

const MARK_TEXT = { evicted: 'evicted', unready: 'became unready' } as const;

/** The chart starts at the first point (not the window's start: a young history would be a sliver), showing at least 5 minutes. */
function chartStart(history: BudgetHistoryResponse, to: number): number {
  const windowStart = Date.parse(history.from);
  const first = history.points[0] === undefined ? windowStart : Date.parse(history.points[0].at);
  return Math.max(windowStart, Math.min(first, to - 5 * 60_000));
}

function Chart({ history }: { history: BudgetHistoryResponse }) {
  const to = Date.parse(history.to);
  const from = chartStart(history, to);
  const fromIso = new Date(from).toISOString();
  const g = timelineGeometry({
    points: history.points,
    marks: history.marks,
    from,
    to,
    size: SIZE,
  });
  const plotBottom = SIZE.height - SIZE.bottom;
  return (
    <svg
      className="timeline-chart"
      viewBox={`0 0 ${SIZE.width} ${SIZE.height}`}
      role="img"
      aria-label={`Allowed disruptions, current and desired healthy pods from ${when(fromIso)} to ${when(history.to)}; the changes are listed below`}
    >
      {g.ticks.map((t) => (
        <g key={t.value}>
          <line className="timeline-grid" x1={SIZE.left} x2={SIZE.width} y1={t.y} y2={t.y} />
          <text className="timeline-axis" x={SIZE.left - 6} y={t.y + 4} textAnchor="end">
            {t.value}
          </text>
        </g>
      ))}
      <text className="timeline-axis" x={SIZE.left} y={SIZE.height - 4}>
        {when(fromIso)}
      </text>
      <text className="timeline-axis" x={SIZE.width} y={SIZE.height - 4} textAnchor="end">
        now
      </text>
      <path className="timeline-desired" d={g.desired} />
      <path className="timeline-current" d={g.current} />
      <path className="timeline-allowed" d={g.allowed} />
      {g.marks.map(({ x, mark }) => (
        <path
          key={`${mark.at}-${mark.pod}-${mark.type}`}
          className={`timeline-mark timeline-mark-${mark.type}`}
          d={`M${x},${plotBottom}l-4,-7h8z`}
        >
          <title>{`${mark.pod} ${MARK_TEXT[mark.type]} at ${when(mark.at)}`}</title>
        </path>
      ))}
    </svg>
  );
}

/** The changes and marks as text, oldest first: what the chart shows, for every reader. */
function ChangeList({ history }: { history: BudgetHistoryResponse }) {
  const entries = [
    ...history.points.map((p) => ({
      at: p.at,
      key: `p-${p.at}`,
      text: `allowed disruptions ${p.disruptionsAllowed}, healthy ${p.currentHealthy} (desired ${p.desiredHealthy})`,
    })),
    ...history.marks.map((m) => ({
      at: m.at,
      key: `m-${m.at}-${m.pod}-${m.type}`,
      text: `${m.pod} ${MARK_TEXT[m.type]}`,
    })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return (
    <ol className="timeline-list" aria-label="Changes over time">
      {entries.map((e) => (
        <li key={e.key}>
          <time dateTime={e.at}>{when(e.at)}</time> {e.text}
        </li>
      ))}
    </ol>
  );
}

/**
 * The budget over time: allowed disruptions and healthy pods as steps, the moments a pod was
 * evicted or became unready as marks, and the same in text.
 */
export function BudgetTimeline({ budget }: { budget: BudgetRef }) {
  const history = useQuery(budgetHistoryQuery(budget));
  if (history.isPending) return <Loading what="the timeline" />;
  if (history.isError) return <ErrorNotice error={history.error} what="the timeline" />;
  const data = history.data;
  return (
    <section className="timeline" aria-label="Timeline">
      <p className="muted">
        {data.source === 'memory'
          ? `As this pdbscope saw it since ${when(data.points[0]?.at ?? data.from)} (it keeps each budget's changes for a window in memory).`
          : `From Prometheus, since ${when(data.from)}.`}
        {data.truncated ? ' Older changes were dropped to bound memory.' : ''}
        {data.prometheusError !== undefined
          ? ` ${data.prometheusError}; this is what this pdbscope saw itself.`
          : ''}
      </p>
      <p className="timeline-legend">
        <span className="timeline-key timeline-allowed-key">allowed disruptions</span>{' '}
        <span className="timeline-key timeline-current-key">current healthy</span>{' '}
        <span className="timeline-key timeline-desired-key">desired healthy</span>{' '}
        <span className="timeline-key timeline-mark-key">▲ pod evicted or unready</span>
      </p>
      <Chart history={data} />
      <ChangeList history={data} />
    </section>
  );
}
