import { useQuery } from '@tanstack/react-query';
import type { ClusterIdentityChange, ClusterResponse, SourceState } from '@pdbscope/shared/api';
import { clusterQuery } from '../../api/queries.js';
import { useStreamStatus, type StreamStatus } from '../../api/stream-status.js';
import { describeError } from '../../api/errors.js';
import { ago, useNow } from '../../components/time.js';
import { SignOutButton } from '../auth/SignOutButton.js';

function sourceText(source: SourceState): string {
  const reason = source.reason === undefined ? '' : ` (${source.reason})`;
  const forbidden =
    source.forbiddenNamespaces.length === 0
      ? ''
      : `, forbidden in ${source.forbiddenNamespaces.join(', ')}`;
  return `${source.id}: ${source.state}${reason}${forbidden}`;
}

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

/** Always visible: which cluster, whether each watch is live, and whether this page is still receiving updates. */
export function ConnectionBar() {
  const cluster = useQuery(clusterQuery());
  const stream = useStreamStatus();
  const now = useNow(1000);
  const data = cluster.data;
  return (
    <section className="connbar" aria-label="Connection">
      {data ? (
        <>
          <span>
            Context <strong>{data.context}</strong>
          </span>
          <span>
            Server <strong className="mono">{data.server}</strong>
          </span>
          <span>
            {stream.state === 'away' ? 'Last known: ' : ''}
            {data.ready ? 'All sources synced' : 'Syncing'}:{' '}
            {data.sources.map((source) => (
              <span
                key={source.id}
                className={`badge ${source.state === 'degraded' ? 'bad' : source.state === 'live' ? 'good' : 'warn'}`}
                title={source.resource}
              >
                {sourceText(source)}
              </span>
            ))}
          </span>
          {data.identityChange ? <IdentityNotice change={data.identityChange} now={now} /> : null}
        </>
      ) : cluster.isError ? (
        <span className="away">Cluster unknown: {describeError(cluster.error)}</span>
      ) : (
        <span>Connecting to the pdbscope server…</span>
      )}
      <span role="status" className={stream.state === 'away' ? 'away' : undefined}>
        {streamText(stream, now)}
      </span>
      <span>Last event: {lastEvent(data, stream, now)}</span>
      <SignOutButton />
    </section>
  );
}
