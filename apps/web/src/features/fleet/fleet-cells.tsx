import type { FleetCluster } from '@pdbscope/shared/api';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../components/numbers.js';
import { age, ago } from '../../components/time.js';
import { fleetClusterHref } from '../../app/paths.js';

/** A figure, or a dash that says why there is none. */
export function Figure({
  value,
  cluster,
  bad = false,
}: {
  value: number | null;
  cluster: FleetCluster;
  bad?: boolean;
}) {
  if (value === null)
    return (
      <span
        className="muted"
        title={
          cluster.status === 'up'
            ? 'not known: Prometheus did not answer this figure (see above)'
            : `not scraped now: ${cluster.reason}`
        }
      >
        —
      </span>
    );
  return <span className={bad && value > 0 ? 'fleet-bad' : undefined}>{formatCount(value)}</span>;
}

const STATUS_BADGE: Record<FleetCluster['status'], string> = {
  up: 'badge good',
  syncing: 'badge warn',
  absent: 'badge bad',
  unknown: 'badge warn',
};

export function StatusCell({ cluster }: { cluster: FleetCluster }) {
  return (
    <>
      <span className={STATUS_BADGE[cluster.status]} title={cluster.reason}>
        {cluster.status}
      </span>
      {cluster.status === 'up' ? null : <div className="fleet-reason">{cluster.reason}</div>}
    </>
  );
}

/** The cluster's own pdbscope when its URL is known, else its budgets as Prometheus knows them. */
export function ClusterCell({ cluster }: { cluster: FleetCluster }) {
  const name = cluster.cluster === '' ? '(no cluster label)' : cluster.cluster;
  const budgets =
    cluster.cluster === '' ? null : (
      <Link to={fleetClusterHref(cluster.cluster)} className="fleet-secondary">
        budgets in Prometheus
      </Link>
    );
  if (cluster.url === null)
    return (
      <>
        <strong>
          {budgets ? <Link to={fleetClusterHref(cluster.cluster)}>{name}</Link> : name}
        </strong>
      </>
    );
  return (
    <>
      <strong>
        <a
          href={cluster.url}
          title={`Open ${name}'s pdbscope (${cluster.urlFrom === 'links' ? '--fleet-links' : 'its pdbscope_info'})`}
        >
          {name} ↗
        </a>
      </strong>
      {budgets}
    </>
  );
}

export function BlockingCell({ cluster, now }: { cluster: FleetCluster; now: number }) {
  return (
    <>
      <Figure value={cluster.blocking} cluster={cluster} bad />
      {cluster.blockingSince === null ? null : (
        <div className="fleet-reason" title={`the oldest blocking since ${cluster.blockingSince}`}>
          oldest {age(cluster.blockingSince, now)}
        </div>
      )}
    </>
  );
}

function joined(parts: readonly ReactNode[]): ReactNode {
  return parts.length === 0 ? <span className="muted">none</span> : parts;
}

/** Nodes by drainable now; one line per actor where the exporter splits them by actor. */
export function NodesCell({ cluster }: { cluster: FleetCluster }) {
  if (cluster.nodes === null) return <Figure value={null} cluster={cluster} />;
  const byActor = new Map<string, { state: string; nodes: number }[]>();
  for (const n of cluster.nodes) {
    const list = byActor.get(n.actor ?? '') ?? [];
    list.push({ state: n.drainableNow, nodes: n.nodes });
    byActor.set(n.actor ?? '', list);
  }
  return (
    <>
      {[...byActor].map(([actor, states]) => (
        <div key={actor}>
          {actor === '' ? null : <span className="muted">{actor}: </span>}
          {states.map((s, i) => (
            <span
              key={s.state}
              className={s.state === 'stuck' && s.nodes > 0 ? 'fleet-bad' : undefined}
            >
              {i > 0 ? ' · ' : ''}
              {formatCount(s.nodes)} {s.state}
            </span>
          ))}
        </div>
      ))}
    </>
  );
}

export function FindingsCell({ cluster }: { cluster: FleetCluster }) {
  if (cluster.findings === null) return <Figure value={null} cluster={cluster} />;
  return joined(
    cluster.findings.map((f, i) => (
      <span key={f.severity} className={f.severity === 'error' ? 'fleet-bad' : undefined}>
        {i > 0 ? ' · ' : ''}
        {formatCount(f.findings)} {f.severity}
        {f.findings === 1 ? '' : 's'}
      </span>
    )),
  );
}

export function ScrapeCell({ cluster, now }: { cluster: FleetCluster; now: number }) {
  if (cluster.lastScrapeAt === null)
    return (
      <span className="muted" title="no scrape within the look-back">
        never
      </span>
    );
  return <span title={cluster.lastScrapeAt}>{ago(Date.parse(cluster.lastScrapeAt), now)}</span>;
}
