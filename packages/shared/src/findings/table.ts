import { findingsContext } from './context.js';
import { disruptedPodNotCleared } from './rules/disrupted-not-cleared.js';
import { invalidSpec } from './rules/invalid-spec.js';
import { jobPodsSelected } from './rules/job-pods.js';
import { kruiseConflict } from './rules/kruise-conflict.js';
import { podsUnderMultipleBudgets } from './rules/multiple-budgets.js';
import { relatedPubMissing } from './rules/related-pub-missing.js';
import { neverAllowsDisruption } from './rules/never-allows.js';
import { selectorMatchesNoPod } from './rules/no-pods.js';
import { generatedBudgetOverlap, rolePodsUncovered } from './rules/operator-roles.js';
import { staleStatus } from './rules/stale-status.js';
import { statusDiffers } from './rules/status-differs.js';
import { syncFailed } from './rules/sync-failed.js';
import { unhealthyPodsBlockDrain } from './rules/unhealthy-blocking.js';
import { unmanagedPods } from './rules/unmanaged-pods.js';
import { workloadWithoutBudget } from './rules/workload-without-budget.js';
import type { Finding, FindingRule, FindingsInput, Severity } from './types.js';

/** The catalogue, in the order findings are listed for one object. */
export const FINDING_RULES: readonly FindingRule[] = [
  invalidSpec,
  syncFailed,
  podsUnderMultipleBudgets,
  kruiseConflict,
  relatedPubMissing,
  neverAllowsDisruption,
  selectorMatchesNoPod,
  unmanagedPods,
  unhealthyPodsBlockDrain,
  staleStatus,
  disruptedPodNotCleared,
  statusDiffers,
  jobPodsSelected,
  rolePodsUncovered,
  generatedBudgetOverlap,
  workloadWithoutBudget,
];

const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** Runs every rule over the input; errors first, then warnings, then info (stable within a severity). */
export function evaluateFindings(
  input: FindingsInput,
  rules: readonly FindingRule[] = FINDING_RULES,
): Finding[] {
  return mergeFindings([findingsByRule(input, rules)]);
}

/**
 * Each rule's findings (in the order of `rules`), unsorted: one namespace's part of a per-namespace
 * evaluation. Every rule reads one namespace at a time (budgets select pods of their own namespace,
 * a pod's owners are in its namespace), so the input may be one namespace's budgets, pods,
 * workloads and overlap report.
 */
export function findingsByRule(
  input: FindingsInput,
  rules: readonly FindingRule[] = FINDING_RULES,
): Finding[][] {
  const ctx = findingsContext(input);
  return rules.map((rule) => rule(ctx));
}

/**
 * Merges per-namespace parts (from {@link findingsByRule}, in namespace order) into the order
 * {@link evaluateFindings} gives over all of them at once: by severity, then rule, then namespace.
 */
export function mergeFindings(parts: readonly (readonly Finding[][])[]): Finding[] {
  const rules = Math.max(0, ...parts.map((p) => p.length));
  // One bucket per severity instead of a sort: the same stable order, linear in the findings.
  const bySeverity: Finding[][] = Object.keys(SEVERITY_ORDER).map(() => []);
  for (let r = 0; r < rules; r++) {
    for (const part of parts)
      for (const f of part[r] ?? []) bySeverity[SEVERITY_ORDER[f.severity]]?.push(f);
  }
  return bySeverity.flat();
}
