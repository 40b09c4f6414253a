import type { BudgetRow, NodeRow } from '@pdbscope/shared/api';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Analysis } from '../store/analysis.js';
import { budgetExposition } from './budget-metrics.js';
import { registerClusterMetrics } from './cluster-metrics.js';
import { registerHealthMetrics, type HealthInput } from './health-metrics.js';
import { registerInfoMetric } from './info-metric.js';
import { registerNodeMetrics } from './node-metrics.js';
import { sourceTelemetry, type SourceTelemetry } from './telemetry.js';

export interface BffMetricsInput extends HealthInput {
  /** The budgets' rows as published to clients. */
  rows(): Iterable<BudgetRow>;
  analysis(): Analysis | undefined;
  /** The nodes' rows as GET /api/nodes serves them; undefined before the first sync. */
  nodes?(): Iterable<NodeRow> | undefined;
  /** Node.js process metrics (CPU, memory, event loop); off in unit tests of the families. */
  processMetrics?: boolean;
  /** This pdbscope's address for people (--public-url), on `pdbscope_info`. */
  publicUrl?: string;
}

/** What GET /metrics serves: the whole exposition, rendered when scraped. */
export type MetricsExposition = Pick<Registry, 'metrics' | 'contentType'>;

export interface BffMetrics {
  /** prom-client's registry: health, counters, cluster-wide counts, process metrics. */
  registry: Registry;
  /** The registry's families and the per-budget ones. */
  exposition: MetricsExposition;
  telemetry: SourceTelemetry;
}

/**
 * Everything GET /metrics exposes, in one registry per BFF (tests run several in a process).
 * Every family but the counters is read at scrape time from what the store already holds.
 */
export function createBffMetrics(input: BffMetricsInput): BffMetrics {
  const registry = new Registry();
  registerClusterMetrics(registry, input.analysis);
  registerHealthMetrics(registry, input);
  registerNodeMetrics(registry, () => input.nodes?.());
  registerInfoMetric(registry, input.publicUrl);
  const telemetry = sourceTelemetry(registry);
  if (input.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  return {
    registry,
    exposition: {
      contentType: registry.contentType,
      metrics: async () => `${await registry.metrics()}\n${budgetExposition(input.rows())}`,
    },
    telemetry,
  };
}
