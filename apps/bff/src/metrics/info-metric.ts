import type { Registry } from 'prom-client';
import { registerScrapeMetric } from './scrape-metric.js';

/**
 * `pdbscope_info`, always 1: the series a fleet reads this pdbscope's own address from
 * (`pdbscope_url`, --public-url; without it the label is absent, as Prometheus drops empty ones).
 */
export function registerInfoMetric(registry: Registry, publicUrl: string | undefined): void {
  registerScrapeMetric<'pdbscope_url'>(registry, {
    name: 'pdbscope_info',
    help: "Always 1; pdbscope_url is this pdbscope's address for people (--public-url), which a fleet view links to.",
    type: 'gauge',
    samples: () => [{ labels: { pdbscope_url: publicUrl ?? '' }, value: 1 }],
  });
}
