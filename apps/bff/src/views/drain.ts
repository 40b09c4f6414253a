import {
  kubectlDrainCommand,
  nsName,
  planDrain,
  refusalText,
  type DrainOptions,
  type PlanStep,
} from '@pdbscope/shared';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { BudgetRef, SimulateDrainResponse } from '@pdbscope/shared/api';
import type { Simulated, Unknown } from '../model.js';
import { statusAfter, stepDecision } from './simulate.js';

const SKIP_REASONS = {
  daemonset: 'DaemonSet pod: kubectl drain --ignore-daemonsets leaves it',
  mirror: 'static (mirror) pod: only the kubelet can remove it',
} as const;

const podKeys = (refs: readonly { namespace: string; name: string }[]): string[] =>
  refs.map(nsName);

const drainPod = (step: PlanStep) => ({ pod: nsName(step.pod), decision: stepDecision(step) });

/** POST /api/simulate/drain: `kubectl drain` with the given flags, planned on a copy of the index. */
export function simulateDrain(
  index: ClusterIndex,
  request: { node: string } & DrainOptions,
  now: Date,
): Simulated<SimulateDrainResponse> | Unknown {
  const { node, ...options } = request;
  // A snapshot of pods may name nodes it holds no Node object for; they can still be drained.
  if (!index.node(node) && index.podsOnNode(node).length === 0) return { unknown: node };
  const plan = planDrain({ index, node, now, options });
  return {
    node,
    kubectl: kubectlDrainCommand(node, plan.options),
    options: plan.options,
    verdict: plan.verdict,
    complete: plan.complete,
    schedulingChecked: plan.schedulingChecked,
    ...(plan.unseen !== undefined ? { notVisible: plan.unseen } : {}),
    refusals: plan.refusals.map((r) => ({
      message: refusalText(r),
      flag: r.flag ?? null,
      pods: podKeys(r.pods),
    })),
    warnings: plan.warnings.map((w) => `${w.message}: ${podKeys(w.pods).join(', ')}`),
    rounds: plan.rounds.map((round, i) => {
      const next = plan.rounds[i + 1];
      const failed = new Set(podKeys(round.failed));
      return {
        index: round.round,
        evicted: round.steps.filter((s) => s.decision.allowed).map(drainPod),
        failed: round.steps.filter((s) => failed.has(nsName(s.pod))).map(drainPod),
        blocked: round.steps
          .filter((s) => !s.decision.allowed && !failed.has(nsName(s.pod)))
          .map(drainPod),
        waitsFor: (next?.waitedFor ?? []).map((w) =>
          w.node !== undefined
            ? `${nsName(w.replacement)} (replacing ${nsName(w.evicted)}) to be Ready on ${w.node}`
            : `${nsName(w.replacement)} (replacing ${nsName(w.evicted)}), which stays Pending: ${w.pending ?? ''}`,
        ),
      };
    }),
    failed: plan.failed.map((f) => ({
      pod: nsName(f.pod),
      round: f.round,
      message: f.message,
      explanation: f.explanation,
    })),
    // Blockers first: what can never go, then what waits.
    blocked: [...plan.blocked]
      .sort((a, b) => (a.outlook === b.outlook ? 0 : a.outlook === 'never' ? -1 : 1))
      .map((b) => ({
        pod: nsName(b.pod),
        outlook: b.outlook,
        reason: b.reason,
        explanation: b.explanation,
        budget: b.budget ? (b.budget as BudgetRef) : null,
        waitsFor: podKeys(b.waitsFor),
      })),
    pending: plan.pending.map((p) => ({
      replacement: nsName(p.replacement),
      replaces: nsName(p.evicted),
      reason: p.reason,
      blocks: podKeys(p.blocks),
    })),
    skipped: plan.skipped.map((s) => ({ pod: nsName(s.pod), reason: SKIP_REASONS[s.reason] })),
    budgetsAfter: plan.budgets.map(statusAfter),
  };
}
