import type { Budget } from '../model/budget.js';
import { refKey } from '../model/refs.js';
import { neverSynced } from '../model/stale.js';
import { parseSelector, selectorToString } from '../selectors/selector.js';
import { evaluateFindings } from '../findings/table.js';
import { budgetFactsFromEvaluations } from '../findings/from-evaluations.js';
import type { Finding } from '../findings/types.js';
import type { BudgetEvaluation } from '../index/types.js';
import type { SnapshotError } from '../snapshot/types.js';
import { evaluations, overlapGroupsOf, type LoadedCluster } from './cluster.js';
import { textTable } from './table.js';

/** One line of the budgets table: the recomputed status beside the reported one. */
export interface BudgetRow {
  kind: Budget['kind'];
  namespace: string;
  name: string;
  selector: string;
  minAvailable: string;
  maxUnavailable: string;
  expected: number;
  desiredHealthy: number;
  currentHealthy: number;
  /** As the controller would compute it now. */
  allowedDisruptions: number;
  /**
   * As the cluster reported it (what the eviction API decides on); null when no controller has
   * synced the budget yet (a manifest, a budget just created): the API server refuses its pods'
   * evictions until it does, and `allowedDisruptions` is what it allows once synced.
   */
  reportedAllowedDisruptions: number | null;
  unhealthyPodEvictionPolicy: string;
  flags: string[];
}

export interface EvaluateReport {
  now: string;
  budgets: BudgetRow[];
  findings: Finding[];
  snapshotErrors: SnapshotError[];
}

function selectorText(b: Budget): string {
  if (b.kind === 'PodUnavailableBudget' && b.spec.targetRef)
    return `targetRef ${b.spec.targetRef.kind}/${b.spec.targetRef.name}`;
  const parsed = parseSelector(b.spec.selector);
  if (!parsed.ok) return '<invalid>';
  if (parsed.value.kind === 'nothing') return '<none>';
  if (parsed.value.kind === 'everything') return '<all>';
  return selectorToString(parsed.value);
}

const text = (v: number | string | undefined): string => (v === undefined ? '-' : String(v));

function row(ev: BudgetEvaluation, flags: string[]): BudgetRow {
  const b = ev.budget;
  const base = {
    kind: b.kind,
    namespace: b.namespace,
    name: b.name,
    selector: selectorText(b),
    minAvailable: text(b.spec.minAvailable),
    maxUnavailable: text(b.spec.maxUnavailable),
  };
  if (ev.kind === 'PodDisruptionBudget') {
    const s = ev.sync.status;
    return {
      ...base,
      expected: s.expectedPods,
      desiredHealthy: s.desiredHealthy,
      currentHealthy: s.currentHealthy,
      allowedDisruptions: s.disruptionsAllowed,
      reportedAllowedDisruptions: neverSynced(b) ? null : ev.budget.status.disruptionsAllowed,
      unhealthyPodEvictionPolicy: ev.budget.spec.unhealthyPodEvictionPolicy ?? 'IfHealthyBudget',
      flags,
    };
  }
  const s = ev.sync.status;
  return {
    ...base,
    expected: s.totalReplicas,
    desiredHealthy: s.desiredAvailable,
    currentHealthy: s.currentAvailable,
    allowedDisruptions: s.unavailableAllowed,
    reportedAllowedDisruptions: neverSynced(b) ? null : ev.budget.status.unavailableAllowed,
    unhealthyPodEvictionPolicy: '-',
    flags,
  };
}

/** Evaluates every budget of the snapshot and runs the findings catalogue over it. */
export function evaluateCluster(cluster: LoadedCluster): EvaluateReport {
  const evs = evaluations(cluster);
  const overlaps = overlapGroupsOf(cluster);
  const findings = evaluateFindings({
    now: cluster.now,
    budgets: budgetFactsFromEvaluations(evs),
    pods: cluster.snapshot.pods,
    workloads: cluster.snapshot.workloads,
    overlaps,
  });
  const flagsOf = new Map<string, Set<string>>();
  const flag = (ref: { kind: string; namespace: string; name: string }, f: string) => {
    const key = `${ref.kind}/${ref.namespace}/${ref.name}`;
    const set = flagsOf.get(key) ?? new Set<string>();
    set.add(f);
    flagsOf.set(key, set);
  };
  for (const shared of overlaps.podsWithMultipleBudgets)
    for (const ref of shared.budgets) flag(ref, 'overlap');
  const unsynced = new Set(evs.filter((ev) => neverSynced(ev.budget)).map((ev) => refKey(ev.ref)));
  for (const ev of evs) if (unsynced.has(refKey(ev.ref))) flag(ev.ref, 'unsynced');
  for (const f of findings) {
    if (f.kind === 'stale-status' && !unsynced.has(refKey(f.object))) flag(f.object, 'stale');
    flag(f.object, f.severity === 'error' ? 'error' : 'finding');
  }
  return {
    now: cluster.now.toISOString(),
    budgets: evs.map((ev) =>
      row(ev, [...(flagsOf.get(`${ev.ref.kind}/${ev.ref.namespace}/${ev.ref.name}`) ?? [])].sort()),
    ),
    findings,
    snapshotErrors: cluster.snapshot.errors,
  };
}

const SHORT_KIND: Readonly<Record<string, string>> = {
  PodDisruptionBudget: 'pdb',
  PodUnavailableBudget: 'pub',
};

export function formatEvaluate(report: EvaluateReport): string {
  const table = textTable(
    [
      'NAMESPACE',
      'NAME',
      'KIND',
      'SELECTOR',
      'MIN AVAILABLE',
      'MAX UNAVAILABLE',
      'EXPECTED',
      'DESIRED',
      'CURRENT',
      'ALLOWED',
      'REPORTED',
      'POLICY',
      'FLAGS',
    ],
    report.budgets.map((r) => [
      r.namespace,
      r.name,
      SHORT_KIND[r.kind] ?? r.kind,
      r.selector,
      r.minAvailable,
      r.maxUnavailable,
      String(r.expected),
      String(r.desiredHealthy),
      String(r.currentHealthy),
      String(r.allowedDisruptions),
      r.reportedAllowedDisruptions === null ? 'unsynced' : String(r.reportedAllowedDisruptions),
      r.unhealthyPodEvictionPolicy,
      r.flags.join(',') || '-',
    ]),
  );
  const findings =
    report.findings.length === 0
      ? 'No findings.\n'
      : `Findings (${report.findings.length}):\n` +
        report.findings
          .map(
            (f) =>
              `  ${f.severity.toUpperCase().padEnd(7)} ${f.kind}  ${f.object.kind} ${f.object.namespace}/${f.object.name}\n          ${f.message}\n          Remedy: ${f.remedy}\n`,
          )
          .join('');
  return `${report.budgets.length === 0 ? 'No budgets in the snapshot.\n' : table}\n${findings}`;
}
