import type { Registry } from 'prom-client';

export type Labels<L extends string> = Record<L, string>;

/** One sample of a family read at scrape time. */
export interface Sample<L extends string> {
  labels: Labels<L>;
  value: number;
}

export interface ScrapeMetricOptions<L extends string> {
  /** Full name, `pdbscope_` prefixed, in base units. */
  name: string;
  help: string;
  type: 'gauge' | 'counter';
  /** Every sample now; called on each scrape. */
  samples(): Iterable<Sample<L>>;
}

/**
 * A metric family whose samples are read from the store's rows when Prometheus scrapes, handed
 * straight to prom-client's Registry for formatting. A Gauge's `set(labels)` hashes each label
 * set into its own map, which at 10,000 budgets × 7 families is most of a scrape's time for
 * values that are thrown away after it.
 */
export function registerScrapeMetric<L extends string>(
  registry: Registry,
  options: ScrapeMetricOptions<L>,
): void {
  const metric = {
    name: options.name,
    help: options.help,
    type: options.type,
    aggregator: 'sum' as const,
    get: () =>
      Promise.resolve({
        name: options.name,
        help: options.help,
        type: options.type,
        aggregator: 'sum',
        values: [...options.samples()],
      }),
  };
  // The registry only reads name, type and get() of what it holds.
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
}
