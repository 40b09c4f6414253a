import type { NodeRow } from '@pdbscope/shared/api';
import type { Registry } from 'prom-client';
import { registerScrapeMetric } from './scrape-metric.js';

const STATES: readonly NodeRow['drainableNow']['state'][] = [
  'drainable',
  'refused',
  'stuck',
  'unknown',
];

/**
 * Nodes by what `kubectl drain --ignore-daemonsets --delete-emptydir-data` would do now, from the
 * rows GET /api/nodes serves (absent before the first sync, as the cluster-wide families are).
 */
export function registerNodeMetrics(
  registry: Registry,
  nodes: () => Iterable<NodeRow> | undefined,
): void {
  registerScrapeMetric<'drainable_now'>(registry, {
    name: 'pdbscope_nodes',
    help: 'Nodes by whether kubectl drain would finish now (drainable), be refused by its filters (refused), leave pods whose eviction is refused now (stuck), or is not known because pods or budgets are not visible (unknown).',
    type: 'gauge',
    samples: () => {
      const rows = nodes();
      if (!rows) return [];
      const counts = new Map(STATES.map((s) => [s, 0]));
      for (const row of rows)
        counts.set(row.drainableNow.state, (counts.get(row.drainableNow.state) ?? 0) + 1);
      return STATES.map((s) => ({ labels: { drainable_now: s }, value: counts.get(s) ?? 0 }));
    },
  });
}
