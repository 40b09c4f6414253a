import { LABEL_NAME, promString } from '../prometheus/promql.js';

/** One PromQL query of the fleet view, with the name its errors and warnings are reported under. */
export interface FleetQuery {
  name: string;
  promql: string;
}

/** The instant queries of GET /api/fleet, each grouped by the fleet label. */
export interface FleetInstantQueries {
  /** Every cluster whose pdbscope was scraped within the look-back (raw samples: no step to miss). */
  seen: FleetQuery;
  /** Present now (a stopped target's series go stale at its next failed scrape), and synced or not. */
  ready: FleetQuery;
  /** When the present ones were last scraped. */
  scraped: FleetQuery;
  /** When the absent ones were last scraped (a subquery, to the minute). */
  lastSeen: FleetQuery;
  /** `up` of the targets that exported pdbscope within the look-back: 0 when their scrape fails. */
  targets: FleetQuery;
  /** `pdbscope_info`'s `pdbscope_url` label (--public-url of each pdbscope). */
  info: FleetQuery;
  budgets: FleetQuery;
  blocking: FleetQuery;
  blockingSince: FleetQuery;
  overlappingBudgets: FleetQuery;
  podsWithMultipleBudgets: FleetQuery;
  podsWithoutBudget: FleetQuery;
  nodes: FleetQuery;
  findings: FleetQuery;
}

export interface FleetQueries {
  instant: FleetInstantQueries;
  /** Blocking budgets per cluster, as a range query over the history range. */
  blockingHistory: FleetQuery;
}

/** A Prometheus duration (`1d`, `90m`) from milliseconds: whole units only. */
export function promDuration(ms: number): string {
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const)
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  return `${Math.max(1, Math.round(ms))}ms`;
}

/** The fleet label, refused unless it is a Prometheus label name (it is written into PromQL). */
export function checkFleetLabel(label: string): string {
  if (!LABEL_NAME.test(label))
    throw new Error(`--fleet-label: not a Prometheus label name: ${label}`);
  return label;
}

/**
 * Every query of the fleet view. A cluster may be scraped by several Prometheus targets (a
 * replica being replaced, two Prometheus behind one Thanos): figures are taken once per cluster
 * (`max`), budgets once per kind, namespace and name, never summed across targets.
 * `pdbscope_nodes` is grouped by `drainable_now` and `actor`: where a series has no `actor`
 * label the group has none either, so the query fits the exporter before and after the split.
 */
export function fleetQueries(input: { label: string; lookbackMs: number }): FleetQueries {
  const l = checkFleetLabel(input.label);
  const lookback = promDuration(input.lookbackMs);
  const perBudget = (family: string) => `max by (${l}, kind, namespace, name) (${family})`;
  const q = (name: string, promql: string): FleetQuery => ({ name, promql });
  const blocking = `sum by (${l}) (${perBudget('pdbscope_budget_blocking')})`;
  return {
    instant: {
      seen: q('clusters seen', `max by (${l}) (max_over_time(pdbscope_ready[${lookback}]))`),
      ready: q('pdbscope ready', `max by (${l}) (pdbscope_ready)`),
      scraped: q('last scrape', `max by (${l}) (timestamp(pdbscope_ready))`),
      lastSeen: q(
        'last scrape of absent clusters',
        `max by (${l}) (max_over_time(timestamp(pdbscope_ready)[${lookback}:1m]))`,
      ),
      targets: q(
        'scrape targets',
        `max by (${l}) (up and on (${l}, job, instance) max_over_time(pdbscope_ready[${lookback}]))`,
      ),
      info: q('pdbscope_info', `max by (${l}, pdbscope_url) (pdbscope_info)`),
      budgets: q('budgets', `count by (${l}) (${perBudget('pdbscope_budget_blocking')})`),
      blocking: q('blocking budgets', blocking),
      blockingSince: q(
        'blocking since',
        `min by (${l}) (pdbscope_budget_blocking_since_timestamp_seconds)`,
      ),
      overlappingBudgets: q(
        'budgets sharing live pods',
        `max by (${l}) (pdbscope_overlapping_budgets{overlap="live"})`,
      ),
      podsWithMultipleBudgets: q(
        'pods under several budgets',
        `max by (${l}) (pdbscope_pods_with_multiple_budgets)`,
      ),
      podsWithoutBudget: q('pods without a budget', `max by (${l}) (pdbscope_pods_without_budget)`),
      nodes: q('nodes', `max by (${l}, drainable_now, actor) (pdbscope_nodes)`),
      findings: q('findings', `max by (${l}, severity) (sum without (rule) (pdbscope_findings))`),
    },
    blockingHistory: q('blocking history', blocking),
  };
}

/** The per-budget families GET /api/fleet/clusters/{cluster}/budgets reads. */
export const BUDGET_FAMILIES = {
  disruptionsAllowed: 'pdbscope_budget_disruptions_allowed',
  currentHealthy: 'pdbscope_budget_current_healthy_pods',
  desiredHealthy: 'pdbscope_budget_desired_healthy_pods',
  expectedPods: 'pdbscope_budget_expected_pods',
  blocking: 'pdbscope_budget_blocking',
  blockingSince: 'pdbscope_budget_blocking_since_timestamp_seconds',
} as const;
export type BudgetFigure = keyof typeof BUDGET_FAMILIES;

/** One query per figure of one cluster's budgets, each once per kind, namespace and name. */
export function fleetBudgetQueries(input: {
  label: string;
  cluster: string;
}): Record<BudgetFigure, FleetQuery> {
  const l = checkFleetLabel(input.label);
  const matcher = `{${l}=${promString(input.cluster)}}`;
  const entries = Object.entries(BUDGET_FAMILIES).map(([figure, family]) => [
    figure,
    { name: family, promql: `max by (kind, namespace, name) (${family}${matcher})` },
  ]);
  return Object.fromEntries(entries) as Record<BudgetFigure, FleetQuery>;
}
