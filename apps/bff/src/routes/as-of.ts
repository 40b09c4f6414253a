import type { ClusterReader } from '../model.js';

/**
 * When the data a simulation was computed on was current: the latest source's last event (or,
 * before any, the latest time a source changed state), and the event stream's id. Read in the
 * same tick as the simulation, so nothing can have changed in between.
 */
export function dataAsOf(store: ClusterReader): { asOf: string; eventId: string } {
  const cluster = store.cluster();
  const since = cluster.sources.map((s) => s.since).sort();
  const asOf = cluster.lastEventAt ?? since.at(-1) ?? new Date(0).toISOString();
  return { asOf, eventId: cluster.eventId };
}
