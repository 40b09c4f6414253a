import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ClusterIdentityChange, ClusterResponse } from '@pdbscope/shared/api';
import { clusterQuery } from '../../api/queries.js';
import { useStreamStatus, type StreamStatus } from '../../api/stream-status.js';
import { describeError } from '../../api/errors.js';
import { ago, useNow } from '../../components/time.js';
import { ContextPicker } from './ContextPicker.js';
import { SourceDetails } from './SourceDetails.js';
import { chipParts, sourceTone, sourcesLabel, stateText } from './source-summary.js';

const IDENTITY_CAUSE: Record<ClusterIdentityChange['cause'], string> = {
  'resource-version-rewound': 'resourceVersion went back',
  'kube-system-uid-changed': 'kube-system has another UID',
  'uid-changed': 'an object has another UID',
};

/** The last time the BFF found the cluster restored or replaced and listed everything again. */
function IdentityNotice({ change, now }: { change: ClusterIdentityChange; now: number }) {
  return (
    <span className="badge warn" title={change.reason}>
      Cluster restored or replaced {ago(Date.parse(change.at), now)} ({IDENTITY_CAUSE[change.cause]}
      ): everything was listed again
    </span>
  );
}

function streamText(stream: StreamStatus, now: number): string {
  if (stream.state === 'open') return 'Live updates: connected';
  if (stream.state === 'connecting') return 'Live updates: connecting…';
  return `Live updates lost ${ago(stream.since, now)}; reconnecting (attempt ${stream.attempts})…`;
}

function lastEvent(
  cluster: ClusterResponse | undefined,
  stream: StreamStatus,
  now: number,
): string {
  const clusterLast =
    cluster?.lastEventAt === undefined ? undefined : Date.parse(cluster.lastEventAt);
  const latest = Math.max(clusterLast ?? 0, stream.lastEventAt ?? 0);
  return latest === 0 ? 'no event yet' : ago(latest, now);
}

/** The sources' state in one line, and on demand a panel over the page with each source's chip and words. */
function Sources({
  cluster,
  stream,
  now,
}: {
  cluster: ClusterResponse;
  stream: StreamStatus;
  now: number;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const degraded = cluster.sources.some((s) => s.state === 'degraded' || s.state === 'credentials');
  const refusedCredentials = cluster.sources.find((s) => s.state === 'credentials');
  const refused = cluster.sources.some((s) => s.state === 'refused');
  const tone = degraded ? 'bad' : refused || !cluster.ready ? 'warn' : 'good';
  return (
    <>
      <span
        className={`connbar-sources status-text ${tone}${degraded ? ' away' : ''}`}
        title={sourcesLabel(cluster.sources, cluster.ready)}
      >
        {stream.state === 'away' ? 'Last known: ' : ''}
        {sourcesLabel(cluster.sources, cluster.ready)}
      </span>
      {refusedCredentials?.reason !== undefined ? (
        // What to renew, said where it is seen: a 401 is the user's to act on, not a broken watch.
        <span className="credentials-reason" role="alert" title={refusedCredentials.reason}>
          {refusedCredentials.reason}
        </span>
      ) : null}
      <button
        type="button"
        className="small"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide details' : 'Details'}
      </button>
      {open ? (
        <div className="connbar-details">
          <ul className="chips" aria-label="Sources">
            {cluster.sources.map((source) => {
              const chip = chipParts(source);
              return (
                <li
                  key={source.id}
                  className={`chip ${sourceTone(source)}`}
                  title={`${stateText(source)}: ${source.reason ?? source.resource}`}
                >
                  <span aria-hidden="true">{chip.symbol} </span>
                  {chip.id}
                  <span className="visually-hidden">: {chip.state}</span>
                  {chip.note}
                </li>
              );
            })}
          </ul>
          <SourceDetails id={detailsId} cluster={cluster} now={now} />
        </div>
      ) : null}
    </>
  );
}

/**
 * Always visible, on one line: which cluster, how its watches stand, and whether this page is
 * still receiving updates; the server's URL and each source's words open below on demand. `children` end the bar: the layout puts the session's controls there (the
 * auth feature's), so that this feature does not import another.
 */
export function ConnectionBar({ children }: { children?: ReactNode }) {
  const cluster = useQuery(clusterQuery());
  const stream = useStreamStatus();
  const now = useNow(1000);
  const data = cluster.data;
  return (
    <section className="connbar" aria-label="Connection">
      {data ? (
        <>
          <ContextPicker cluster={data} />
          <span className="connbar-field connbar-server">
            Server{' '}
            <strong className="mono clip" title={data.server}>
              {data.server}
            </strong>
          </span>
          {data.identityChange ? <IdentityNotice change={data.identityChange} now={now} /> : null}
          <Sources cluster={data} stream={stream} now={now} />
        </>
      ) : cluster.isError ? (
        <span className="away">Cluster unknown: {describeError(cluster.error)}</span>
      ) : (
        <span>Connecting to the pdbscope server…</span>
      )}
      <span
        role="status"
        className={stream.state === 'away' ? 'away' : undefined}
        title={streamText(stream, now)}
      >
        {streamText(stream, now)}
      </span>
      <span className="connbar-last">Last event: {lastEvent(data, stream, now)}</span>
      <span className="connbar-end">{children}</span>
    </section>
  );
}
