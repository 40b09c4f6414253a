import { EVICTION_RULE_SUMMARIES, explainEviction } from '../eviction/explain.js';
import { nsName } from '../model/refs.js';
import type {
  DrainPlan,
  EvictionPlan,
  PlanStep,
  PlannedBudgetState,
} from '../eviction/plan-types.js';

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

export function formatDrainPlan(plan: DrainPlan): string {
  const lines = [`Drain of node ${plan.node}:`];
  for (const round of plan.rounds) {
    const waited =
      round.waitedFor.length > 0
        ? ` (after the replacements of ${round.waitedFor.map((w) => nsName(w.evicted)).join(', ')} became Ready)`
        : '';
    lines.push(`Round ${round.round}${waited}:`);
    for (const step of round.steps) lines.push(`  ${formatStep(step)}`);
  }
  if (plan.skipped.length > 0)
    lines.push(`Skipped: ${plan.skipped.map((s) => `${nsName(s.pod)} (${s.reason})`).join(', ')}`);
  if (plan.blocked.length > 0) {
    lines.push(`Blocked (${plan.blocked.length}):`);
    for (const b of plan.blocked)
      lines.push(
        `  ${nsName(b.pod)}: ${b.reason}${b.budget ? ` by ${nsName(b.budget)}` : ''} — ${b.explanation}`,
      );
  }
  lines.push(
    plan.complete
      ? `The drain completes: ${plan.evicted.length} pod(s) evicted in ${plan.rounds.length} round(s).`
      : `The drain would not complete: ${plan.blocked.length} pod(s) can never be evicted.`,
  );
  return lines.join('\n') + '\n';
}
