import type { ClusterResponse, SourceState } from '@pdbscope/shared/api';
import { ago } from '../../components/time.js';
import { stateText } from './source-summary.js';

function Unreadable({ source }: { source: SourceState }) {
  const unreadable = source.unreadable ?? [];
  if (unreadable.length === 0) return null;
  return (
    <ul className="unreadable" aria-label={`Objects ${source.id} could not read`}>
      {unreadable.map((item, index) => (
        <li key={`${item.position}-${index}`}>
          <span className="mono">{item.position}</span>
          {item.object === undefined ? '' : <> {item.object}</>}: {item.error}
        </li>
      ))}
    </ul>
  );
}

function sinceText(iso: string, now: number): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : ago(at, now);
}

/** The long words the chips leave out: the server's URL, and each source's reason, namespaces and unreadable objects. */
export function SourceDetails({
  id,
  cluster,
  now,
}: {
  id: string;
  cluster: ClusterResponse;
  now: number;
}) {
  return (
    <div id={id} className="source-details" role="region" aria-label="Source details">
      <p>
        Server <span className="mono">{cluster.server}</span>
        {cluster.namespaces === null ? '' : ` · namespaces ${cluster.namespaces.join(', ')}`}
      </p>
      <ul className="source-list">
        {cluster.sources.map((source) => (
          <li key={source.id}>
            <strong>{source.id}</strong> <span className="muted">{source.resource}</span>:{' '}
            {stateText(source)} since {sinceText(source.since, now)},{' '}
            {source.objects.toLocaleString()} objects
            {source.reason === undefined ? '' : <span className="reason"> — {source.reason}</span>}
            {source.forbiddenNamespaces.length === 0
              ? ''
              : ` — forbidden in ${source.forbiddenNamespaces.join(', ')}`}
            <Unreadable source={source} />
          </li>
        ))}
      </ul>
    </div>
  );
}
