import type { BudgetRow } from '@pdbscope/shared/api';

interface BudgetFamily {
  name: string;
  help: string;
  /** `undefined`: no sample of this budget (the family is about some budgets only). */
  value(row: BudgetRow): number | undefined;
}

const flag = (on: boolean) => (on ? 1 : 0);

/** The budget's pods are not visible: nothing drawn from them is known. */
const podsHidden = (r: BudgetRow): boolean =>
  r.notVisible?.pods !== undefined && r.notVisible.pods !== null;

/**
 * Per budget, the numbers the cluster reports and what pdbscope adds. A PodUnavailableBudget's
 * counters are reported under the PDB's names (unavailableAllowed as disruptions allowed,
 * currentAvailable as current healthy...), as the overview shows them. What pdbscope cannot know
 * (its pods or its recomputed status not visible) has no sample, as Prometheus has it for a
 * value not known; `pdbscope_budget_pods_visible` says which.
 */
const FAMILIES: readonly BudgetFamily[] = [
  {
    name: 'pdbscope_budget_disruptions_allowed',
    help: 'Pod disruptions the budget allows now, as its status reports (a PUB: unavailableAllowed).',
    value: (r) => (r.kind === 'PodDisruptionBudget' ? r.disruptionsAllowed : r.unavailableAllowed),
  },
  {
    name: 'pdbscope_budget_current_healthy_pods',
    help: 'Healthy pods the budget counts now, as its status reports (a PUB: currentAvailable).',
    value: (r) => (r.kind === 'PodDisruptionBudget' ? r.currentHealthy : r.currentAvailable),
  },
  {
    name: 'pdbscope_budget_desired_healthy_pods',
    help: 'Healthy pods the budget wants at least, as its status reports (a PUB: desiredAvailable).',
    value: (r) => (r.kind === 'PodDisruptionBudget' ? r.desiredHealthy : r.desiredAvailable),
  },
  {
    name: 'pdbscope_budget_expected_pods',
    help: 'Pods the budget expects (its controllers scale), as its status reports (a PUB: totalReplicas).',
    value: (r) => (r.kind === 'PodDisruptionBudget' ? r.expectedPods : r.totalReplicas),
  },
  {
    name: 'pdbscope_budget_blocking',
    help: '1 when no eviction of its pods gets through: its status allows no disruption, or every pod is refused anyway (e.g. each is also under another PDB).',
    // Blocking by its status is known; "every pod refused anyway" is not when its pods are hidden.
    value: (r) => (r.flags.blocking || !podsHidden(r) ? flag(r.flags.blocking) : undefined),
  },
  {
    name: 'pdbscope_budget_blocking_since_timestamp_seconds',
    help: 'While blocking: since when the budget has allowed no disruption, as its DisruptionAllowed=False condition says (Unix seconds); no sample otherwise.',
    value: (r) =>
      r.flags.blocking && r.blockingSince !== undefined
        ? Date.parse(r.blockingSince) / 1000
        : undefined,
  },
  {
    name: 'pdbscope_budget_status_stale',
    help: '1 when status.observedGeneration is behind metadata.generation.',
    value: (r) => flag(r.flags.stale),
  },
  {
    name: 'pdbscope_budget_status_differs',
    help: '1 when the reported status differs from the one pdbscope recomputes; no sample when it cannot recompute it (pods or their controllers not visible).',
    value: (r) => (r.notVisible === undefined ? flag(r.flags.mismatch) : undefined),
  },
  {
    name: 'pdbscope_budget_pods_visible',
    help: '1 when pdbscope may list the pods the budget selects, 0 when they are not visible (403, or a namespace not watched): its figures drawn from pods have no sample then.',
    value: (r) => flag(!podsHidden(r)),
  },
];

const escapeLabel = (v: string) =>
  v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * The per-budget families in Prometheus' text format. Written here rather than by prom-client's
 * registry, which formats each sample's labels on its own (~10 µs a line: 0.7 s a scrape at
 * 10,000 budgets); each budget's label set is escaped once and shared by its samples.
 */
export function budgetExposition(rows: Iterable<BudgetRow>): string {
  const labelled: { labels: string; row: BudgetRow }[] = [];
  for (const row of rows)
    labelled.push({
      labels: `{kind="${escapeLabel(row.kind)}",namespace="${escapeLabel(row.namespace)}",name="${escapeLabel(row.name)}"}`,
      row,
    });
  const parts: string[] = [];
  for (const family of FAMILIES) {
    parts.push(`# HELP ${family.name} ${family.help}\n# TYPE ${family.name} gauge\n`);
    for (const { labels, row } of labelled) {
      const value = family.value(row);
      if (value !== undefined && !Number.isNaN(value))
        parts.push(`${family.name}${labels} ${value}\n`);
    }
  }
  return parts.join('');
}
