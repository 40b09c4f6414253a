import { findingsContext } from './context.js';
import { disruptedPodNotCleared } from './rules/disrupted-not-cleared.js';
import { invalidSpec } from './rules/invalid-spec.js';
import { jobPodsSelected } from './rules/job-pods.js';
import { kruiseConflict } from './rules/kruise-conflict.js';
import { podsUnderMultipleBudgets } from './rules/multiple-budgets.js';
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
export function evaluateFindings(input: FindingsInput, rules: readonly FindingRule[] = FINDING_RULES): Finding[] {
  const ctx = findingsContext(input);
  return rules.flatMap((rule) => rule(ctx)).sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
