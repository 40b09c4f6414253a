import type { Registry } from 'prom-client';
import type { Analysis } from '../store/analysis.js';
import { registerScrapeMetric, type Sample } from './scrape-metric.js';

/**
 * What only pdbscope knows about the cluster as a whole, from the last overlap and findings
 * analysis. Before the first analysis has run these families have no sample (absent, not 0:
 * an alert on them must not fire, nor resolve, on a guess).
 */
export function registerClusterMetrics(
  registry: Registry,
  analysis: () => Pick<Analysis, 'overlaps' | 'findings' | 'podsWithoutBudget'> | undefined,
): void {
  registerScrapeMetric<'overlap'>(registry, {
    name: 'pdbscope_overlapping_budgets',
    help: 'Budgets that share live pods with another (overlap="live": evicting those pods fails) or whose selectors could share one (overlap="potential").',
    type: 'gauge',
    samples: () => {
      const a = analysis();
      if (!a) return [];
      const live = new Set<string>();
      for (const shared of a.overlaps.podsWithMultipleBudgets)
        for (const b of shared.budgets) live.add(`${b.kind}/${b.namespace}/${b.name}`);
      let potential = 0;
      for (const g of a.overlaps.groups)
        if (g.sharedPods.length === 0) potential += g.budgets.length;
      return [
        { labels: { overlap: 'live' }, value: live.size },
        { labels: { overlap: 'potential' }, value: potential },
      ];
    },
  });
  registerScrapeMetric<never>(registry, {
    name: 'pdbscope_pods_with_multiple_budgets',
    help: 'Pods selected by more than one budget (their eviction fails with a 500).',
    type: 'gauge',
    samples: () => {
      const a = analysis();
      return a ? [{ labels: {}, value: a.overlaps.podsWithMultipleBudgets.length }] : [];
    },
  });
  registerScrapeMetric<never>(registry, {
    name: 'pdbscope_pods_without_budget',
    help: 'Pods of replicated workloads that no budget selects.',
    type: 'gauge',
    samples: () => {
      const a = analysis();
      return a ? [{ labels: {}, value: a.podsWithoutBudget }] : [];
    },
  });
  registerScrapeMetric<'rule' | 'severity'>(registry, {
    name: 'pdbscope_findings',
    help: 'Findings of the catalogue, by rule and severity.',
    type: 'gauge',
    samples: function* (): Iterable<Sample<'rule' | 'severity'>> {
      const a = analysis();
      if (!a) return;
      const counts = new Map<string, Sample<'rule' | 'severity'>>();
      for (const f of a.findings) {
        const key = `${f.kind}\n${f.severity}`;
        const sample = counts.get(key);
        if (sample) sample.value++;
        else counts.set(key, { labels: { rule: f.kind, severity: f.severity }, value: 1 });
      }
      yield* [...counts.values()].sort((x, y) =>
        x.labels.rule === y.labels.rule
          ? x.labels.severity.localeCompare(y.labels.severity)
          : x.labels.rule.localeCompare(y.labels.rule),
      );
    },
  });
}
