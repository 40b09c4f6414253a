import { describe, expect, it } from 'vitest';
import { fleetBudgetQueries, fleetQueries, promDuration } from './queries.js';

describe('fleetQueries', () => {
  it('groups every figure by the fleet label, once per cluster and per budget', () => {
    const { instant, blockingHistory } = fleetQueries({
      label: 'k8s_cluster',
      lookbackMs: 86_400_000,
    });
    expect(
      Object.fromEntries(Object.entries(instant).map(([key, q]) => [key, q.promql])),
    ).toStrictEqual({
      seen: 'max by (k8s_cluster) (max_over_time(pdbscope_ready[1d]))',
      ready: 'max by (k8s_cluster) (pdbscope_ready)',
      scraped: 'max by (k8s_cluster) (timestamp(pdbscope_ready))',
      lastSeen: 'max by (k8s_cluster) (max_over_time(timestamp(pdbscope_ready)[1d:1m]))',
      targets:
        'max by (k8s_cluster) (up and on (k8s_cluster, job, instance) max_over_time(pdbscope_ready[1d]))',
      info: 'max by (k8s_cluster, pdbscope_url) (pdbscope_info)',
      budgets:
        'count by (k8s_cluster) (max by (k8s_cluster, kind, namespace, name) (pdbscope_budget_blocking))',
      blocking:
        'sum by (k8s_cluster) (max by (k8s_cluster, kind, namespace, name) (pdbscope_budget_blocking))',
      blockingSince: 'min by (k8s_cluster) (pdbscope_budget_blocking_since_timestamp_seconds)',
      overlappingBudgets: 'max by (k8s_cluster) (pdbscope_overlapping_budgets{overlap="live"})',
      podsWithMultipleBudgets: 'max by (k8s_cluster) (pdbscope_pods_with_multiple_budgets)',
      podsWithoutBudget: 'max by (k8s_cluster) (pdbscope_pods_without_budget)',
      nodes: 'max by (k8s_cluster, drainable_now, actor) (pdbscope_nodes)',
      findings: 'max by (k8s_cluster, severity) (sum without (rule) (pdbscope_findings))',
    });
    expect(blockingHistory).toStrictEqual({
      name: 'blocking history',
      promql: instant.blocking.promql,
    });
  });

  it('refuses a label that is not a Prometheus label name (it would be PromQL)', () => {
    expect(() => fleetQueries({ label: 'cluster) or vector(1', lookbackMs: 60_000 })).toThrow(
      '--fleet-label: not a Prometheus label name: cluster) or vector(1',
    );
    expect(() => fleetQueries({ label: '1cluster', lookbackMs: 60_000 })).toThrow(
      /not a Prometheus label name/,
    );
  });

  it("asks for one cluster's budgets with its name quoted", () => {
    const queries = fleetBudgetQueries({ label: 'cluster', cluster: 'eu "west"\\1' });
    expect(Object.values(queries).map((q) => q.promql)).toStrictEqual(
      [
        'pdbscope_budget_disruptions_allowed',
        'pdbscope_budget_current_healthy_pods',
        'pdbscope_budget_desired_healthy_pods',
        'pdbscope_budget_expected_pods',
        'pdbscope_budget_blocking',
        'pdbscope_budget_blocking_since_timestamp_seconds',
      ].map((family) => `max by (kind, namespace, name) (${family}{cluster="eu \\"west\\"\\\\1"})`),
    );
  });

  it('writes durations in whole units', () => {
    expect([86_400_000, 3 * 3_600_000, 90 * 60_000, 45_000, 1500].map(promDuration)).toStrictEqual([
      '1d',
      '3h',
      '90m',
      '45s',
      '1500ms',
    ]);
  });
});
