import type { BudgetRow } from '@pdbscope/shared/api';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Analysis } from '../store/analysis.js';
import { registerBudgetMetrics } from './budget-metrics.js';
import { registerClusterMetrics } from './cluster-metrics.js';
import { registerHealthMetrics, type HealthInput } from './health-metrics.js';
import { sourceTelemetry, type SourceTelemetry } from './telemetry.js';

export interface BffMetricsInput extends HealthInput {
  /** The budgets' rows as published to clients. */
  rows(): Iterable<BudgetRow>;
  analysis(): Analysis | undefined;
  /** Node.js process metrics (CPU, memory, event loop); off in unit tests of the families. */
  processMetrics?: boolean;
}

export interface BffMetrics {
  registry: Registry;
  telemetry: SourceTelemetry;
}

/**
 * Everything GET /metrics exposes, in one registry per BFF (tests run several in a process).
 * Every family but the counters is read at scrape time from what the store already holds.
 */
export function createBffMetrics(input: BffMetricsInput): BffMetrics {
  const registry = new Registry();
  registerBudgetMetrics(registry, input.rows);
  registerClusterMetrics(registry, input.analysis);
  registerHealthMetrics(registry, input);
  const telemetry = sourceTelemetry(registry);
  if (input.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  return { registry, telemetry };
}
