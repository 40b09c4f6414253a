import { refusalText, warningText } from '../eviction/drain-filters.js';
import { DRAIN_FLAG_NAMES, kubectlDrainCommand } from '../eviction/drain-options.js';
import type { DrainPlan } from '../eviction/plan-types.js';
import { nsName } from '../model/refs.js';
import { formatStep } from './evict.js';

const VERDICTS: Record<DrainPlan['verdict'], (plan: DrainPlan) => string> = {
  completes: (p) =>
    `The drain completes: ${p.evicted.length} pod(s) evicted in ${p.rounds.length} round(s).`,
  refused: () => 'kubectl refuses the node before evicting anything (exit 1).',
  fails: (p) =>
    `The drain fails: ${p.failed.length} eviction(s) answered with an error kubectl does not retry (exit 1).`,
  unknown: (p) =>
    `Not known: the visible pods would not stop it, but ${(p.unseen ?? []).join('; ')}.`,
  stuck: (p) =>
    `The drain gets stuck: ${p.blocked.length} pod(s) keep answering 429 until --timeout (${p.blocked.filter((b) => b.outlook === 'never').length} never can go with the budgets as they are).`,
};

/** The plan for people: the command assumed, what stops it first, then the rounds. */
export function formatDrainPlan(plan: DrainPlan): string {
  const lines = [
    `Drain of node ${plan.node}, as \`${kubectlDrainCommand(plan.node, plan.options)}\`:`,
  ];
  for (const r of plan.refusals)
    lines.push(
      `  error: ${refusalText(r)}${r.flag ? ` — ${DRAIN_FLAG_NAMES[r.flag]} would let kubectl past this` : ''}`,
    );
  if (!plan.schedulingChecked)
    lines.push(
      '  (no Node objects: replacements are assumed to fit on the other nodes the pods name; add nodes to the snapshot to check taints, selectors and capacity)',
    );
  const warning = warningText(plan.warnings);
  if (warning) lines.push(`  ${warning}`);
  if (plan.failed.length > 0) {
    lines.push(`Failed (${plan.failed.length}), not retried:`);
    for (const f of plan.failed) lines.push(`  ${f.message} — ${f.explanation}`);
  }
  if (plan.blocked.length > 0) {
    lines.push(`Blocked (${plan.blocked.length}):`);
    for (const b of plan.blocked)
      lines.push(
        `  ${nsName(b.pod)}: ${b.outlook === 'never' ? 'can never go with the budgets as they are' : 'blocked until others are Ready'}${b.budget ? ` (${nsName(b.budget)})` : ''} — ${b.explanation}`,
      );
  }
  for (const p of plan.pending)
    lines.push(
      `Pending: ${nsName(p.replacement)} (replaces ${nsName(p.evicted)}): ${p.reason}${p.blocks.length > 0 ? ` It keeps ${p.blocks.map(nsName).join(', ')} blocked.` : ''}`,
    );
  for (const round of plan.rounds) {
    const waited =
      round.waitedFor.length > 0
        ? ` (after the replacements of ${round.waitedFor.map((w) => nsName(w.evicted)).join(', ')} were scheduled)`
        : '';
    lines.push(`Round ${round.round}${waited}:`);
    for (const step of round.steps) lines.push(`  ${formatStep(step)}`);
  }
  if (plan.skipped.length > 0)
    lines.push(`Skipped: ${plan.skipped.map((s) => `${nsName(s.pod)} (${s.reason})`).join(', ')}`);
  lines.push(VERDICTS[plan.verdict](plan));
  return lines.join('\n') + '\n';
}
