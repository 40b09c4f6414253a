import { useQuery } from '@tanstack/react-query';
import type { SourceState } from '@pdbscope/shared/api';
import { clusterQuery } from '../../api/queries.js';
import { useStreamStatus, type StreamStatus } from '../../api/stream-status.js';

/** Why a view's numbers may no longer be the cluster's, and since when they are not known good. */
export interface Staleness {
  /** When the numbers were last known good (ms since epoch): the earliest cause's start. */
  since: number;
  /** Each cause, e.g. `live updates lost`, `pods degraded`. */
  causes: string[];
}

/**
 * The resources a view's numbers are computed from, by source id without its `@namespace`:
 * budgets never read nodes; no number reads Kubernetes events (they are only listed).
 */
export type NumbersOf = 'budgets' | 'nodes';

function resourceOf(source: SourceState): string {
  const at = source.id.indexOf('@');
  return at === -1 ? source.id : source.id.slice(0, at);
}

function feeds(view: NumbersOf, source: SourceState): boolean {
  const resource = resourceOf(source);
  if (resource === 'events') return false;
  return view === 'nodes' || resource !== 'nodes';
}

/**
 * The numbers of `view` are stale while the page hears no events (they stop following the
 * cluster) or while a source they are computed from is degraded; undefined while they are good.
 */
export function staleness(input: {
  view: NumbersOf;
  stream: StreamStatus;
  sources: readonly SourceState[];
}): Staleness | undefined {
  const causes: { since: number; what: string }[] = [];
  if (input.stream.state === 'away')
    causes.push({ since: input.stream.since, what: 'live updates lost' });
  for (const source of input.sources) {
    if (source.state !== 'degraded' || !feeds(input.view, source)) continue;
    const since = Date.parse(source.since);
    causes.push({
      since: Number.isNaN(since) ? input.stream.since : since,
      what: `${source.id} degraded`,
    });
  }
  if (causes.length === 0) return undefined;
  return {
    since: Math.min(...causes.map((c) => c.since)),
    causes: causes.map((c) => c.what),
  };
}

/** The staleness of a view's numbers, from the event stream's state and the cluster's sources. */
export function useStaleness(view: NumbersOf): Staleness | undefined {
  const stream = useStreamStatus();
  const cluster = useQuery(clusterQuery());
  return staleness({ view, stream, sources: cluster.data?.sources ?? [] });
}

/** "<1 min", "2 min", "3 h", "2 d": coarse, so the mark changes at most once a minute. */
export function staleFor(sinceMs: number, nowMs: number): string {
  const minutes = Math.floor(Math.max(0, nowMs - sinceMs) / 60_000);
  if (minutes < 1) return '<1 min';
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
