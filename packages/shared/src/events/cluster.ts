import type { ClusterResponse, ServerEvent } from '../api/index.js';
import { jsonEqual } from './equal.js';

/**
 * Applies one server event to a cached GET /api/cluster answer: source states (a removed source
 * leaves the list), readiness and counts. Returns the same object when nothing changed.
 */
export function reduceCluster(cluster: ClusterResponse, event: ServerEvent): ClusterResponse {
  switch (event.type) {
    case 'source-changed': {
      const index = cluster.sources.findIndex((s) => s.id === event.source.id);
      const current = index === -1 ? undefined : cluster.sources[index];
      if (current && jsonEqual(current, event.source) && cluster.ready === event.ready)
        return cluster;
      const sources = cluster.sources.slice();
      if (index === -1) sources.push(event.source);
      else sources[index] = event.source;
      const lastEventAt = event.source.lastEventAt ?? cluster.lastEventAt;
      return {
        ...cluster,
        sources,
        ready: event.ready,
        ...(lastEventAt !== undefined ? { lastEventAt } : {}),
        eventId: event.id,
      };
    }
    case 'source-removed': {
      const sources = cluster.sources.filter((s) => s.id !== event.sourceId);
      if (sources.length === cluster.sources.length && cluster.ready === event.ready)
        return cluster;
      return { ...cluster, sources, ready: event.ready, eventId: event.id };
    }
    case 'cluster-identity-changed':
      return { ...cluster, identityChange: event.change, eventId: event.id };
    case 'context-changed':
      return { ...event.cluster, eventId: event.id };
    case 'ready':
      return { ...cluster, ready: true, counts: event.counts, eventId: event.id };
    case 'summary-changed':
      return jsonEqual(cluster.counts, event.counts)
        ? cluster
        : { ...cluster, counts: event.counts, eventId: event.id };
    case 'budget-added':
    case 'budget-changed':
    case 'budget-removed':
    case 'resync':
      return cluster;
  }
}
