import type { Clock } from '@pdbscope/shared/clock';
import { SourceStateNameSchema, type SourceState } from '@pdbscope/shared/api';
import type { Registry } from 'prom-client';
import { registerScrapeMetric, type Sample } from './scrape-metric.js';

export interface HealthInput {
  sources(): readonly SourceState[];
  ready(): boolean;
  sseClients(): number;
  /** How long the last overlap and findings analysis worked, if one has run. */
  analysisMs(): number | undefined;
  clock: Clock;
}

const STATES = SourceStateNameSchema.options;

/** The BFF's own health: its watches, its clients, its analysis. */
export function registerHealthMetrics(registry: Registry, input: HealthInput): void {
  registerScrapeMetric<never>(registry, {
    name: 'pdbscope_ready',
    help: '1 once every source has synced and the budgets are evaluated.',
    type: 'gauge',
    samples: () => [{ labels: {}, value: input.ready() ? 1 : 0 }],
  });
  registerScrapeMetric<'source' | 'state'>(registry, {
    name: 'pdbscope_source_state',
    help: 'Each watched source, 1 for the state it is in (syncing, live, degraded, credentials, refused, absent) and 0 for the others.',
    type: 'gauge',
    samples: function* (): Iterable<Sample<'source' | 'state'>> {
      for (const s of input.sources())
        for (const state of STATES)
          yield { labels: { source: s.id, state }, value: s.state === state ? 1 : 0 };
    },
  });
  registerScrapeMetric<'source'>(registry, {
    name: 'pdbscope_source_objects',
    help: 'Objects held from each source.',
    type: 'gauge',
    samples: () => input.sources().map((s) => ({ labels: { source: s.id }, value: s.objects })),
  });
  registerScrapeMetric<'source'>(registry, {
    name: 'pdbscope_source_last_event_age_seconds',
    help: 'Seconds since each source last received a list or watch event (absent before the first).',
    type: 'gauge',
    samples: () => {
      const now = input.clock.now().getTime();
      return input
        .sources()
        .filter((s) => s.lastEventAt !== undefined)
        .map((s) => ({
          labels: { source: s.id },
          value: Math.max(0, (now - Date.parse(s.lastEventAt as string)) / 1000),
        }));
    },
  });
  registerScrapeMetric<never>(registry, {
    name: 'pdbscope_sse_clients',
    help: 'Browsers connected to the live event stream (/api/events).',
    type: 'gauge',
    samples: () => [{ labels: {}, value: input.sseClients() }],
  });
  registerScrapeMetric<never>(registry, {
    name: 'pdbscope_analysis_duration_seconds',
    help: 'Work time of the last overlap and findings analysis (the sum of its slices).',
    type: 'gauge',
    samples: () => {
      const ms = input.analysisMs();
      return ms === undefined ? [] : [{ labels: {}, value: ms / 1000 }];
    },
  });
}
