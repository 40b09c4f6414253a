import { EVICTION_RULE_SUMMARIES, explainEviction } from '../eviction/explain.js';
import { nsName } from '../model/refs.js';
import type { EvictionPlan, PlanStep, PlannedBudgetState } from '../eviction/plan-types.js';

function budgetState(b: PlannedBudgetState): string {
  const allowed =
    b.kind === 'PodDisruptionBudget' ? b.status.disruptionsAllowed : b.status.unavailableAllowed;
  const kind = b.kind === 'PodDisruptionBudget' ? 'pdb' : 'pub';
  return `${kind} ${nsName(b.ref)} allows ${allowed} more`;
}

/** One eviction as a line: the answer, and where the covering budgets stand afterwards. */
export function formatStep(step: PlanStep): string {
  const d = step.decision;
  const cause = d.causes.map((c) => c.message).join('; ');
  // The status line and the engine's rule, then the API server's words, then why.
  const headline = `${d.allowed ? 'allowed' : 'refused'} ${d.httpStatus}, ${EVICTION_RULE_SUMMARIES[d.rule]}`;
  const server = d.allowed ? '' : `: ${d.message}${cause ? ` (${cause})` : ''}`;
  const verdict = `${headline}${server} [${explainEviction(d)}]`;
  const after =
    step.budgetsAfter.length > 0 ? `; then ${step.budgetsAfter.map(budgetState).join(', ')}` : '';
  return `${nsName(step.pod)}: ${verdict}${after}`;
}

export function formatEvictionPlan(plan: EvictionPlan): string {
  const lines = plan.steps.map((s, i) => `${i + 1}. ${formatStep(s)}`);
  lines.push('', `${plan.evicted.length} evicted, ${plan.refused.length} refused.`);
  return lines.join('\n') + '\n';
}
