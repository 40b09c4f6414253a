import type { Registry } from 'prom-client';
import { registerScrapeMetric, type Sample } from './scrape-metric.js';

/** What a watched source reports about itself (kube/ knows nothing of Prometheus). */
export interface SourceTelemetry {
  /** The watch was started again after an error or a silent connection. */
  restarted(sourceId: string): void;
  /** An object arrived from a list or a watch event. */
  handled(sourceId: string, type: 'upsert' | 'delete'): void;
}

/** For sources that report to nobody (tests, snapshots). */
export const NO_TELEMETRY: SourceTelemetry = { restarted: () => {}, handled: () => {} };

/**
 * The sources' counters, registered on a metrics registry. Plain numbers per source (a first
 * list hands over 150,000 pods one by one; a prom-client Counter would hash labels on each).
 */
export function sourceTelemetry(registry: Registry): SourceTelemetry {
  const restarts = new Map<string, number>();
  const events = new Map<string, { upsert: number; delete: number }>();
  registerScrapeMetric<'source'>(registry, {
    name: 'pdbscope_watch_restarts_total',
    help: 'Watches started again after an error or a silent connection, by source.',
    type: 'counter',
    samples: () => [...restarts].map(([source, value]) => ({ labels: { source }, value })),
  });
  registerScrapeMetric<'source' | 'type'>(registry, {
    name: 'pdbscope_watch_events_total',
    help: 'Objects from lists and watch events handed to the index, by source and type (upsert, delete); a relist does not hand over what is held at the same resourceVersion.',
    type: 'counter',
    samples: function* (): Iterable<Sample<'source' | 'type'>> {
      for (const [source, counts] of events) {
        yield { labels: { source, type: 'upsert' }, value: counts.upsert };
        yield { labels: { source, type: 'delete' }, value: counts.delete };
      }
    },
  });
  return {
    restarted: (source) => restarts.set(source, (restarts.get(source) ?? 0) + 1),
    handled: (source, type) => {
      let counts = events.get(source);
      if (!counts) events.set(source, (counts = { upsert: 0, delete: 0 }));
      counts[type]++;
    },
  };
}
