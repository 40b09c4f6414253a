import { nsName, planDrain } from '@pdbscope/shared';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { SimulateDrainResponse } from '@pdbscope/shared/api';
import type { Unknown } from '../model.js';
import { statusAfter, stepDecision } from './simulate.js';

const SKIP_REASONS = {
  daemonset: 'DaemonSet pod: kubectl drain --ignore-daemonsets leaves it',
  mirror: 'static (mirror) pod: only the kubelet can remove it',
} as const;

/** POST /api/simulate/drain: the engine's drain plan in rounds, on a copy of the index. */
export function simulateDrain(
  index: ClusterIndex,
  node: string,
  now: Date,
): SimulateDrainResponse | Unknown {
  // A snapshot of pods may name nodes it holds no Node object for; they can still be drained.
  if (!index.node(node) && index.podsOnNode(node).length === 0) return { unknown: node };
  const plan = planDrain({ index, node, now });
  return {
    node,
    complete: plan.complete,
    rounds: plan.rounds.map((round, i) => {
      const steps = round.steps.map((step) => ({
        pod: nsName(step.pod),
        decision: stepDecision(step),
      }));
      const next = plan.rounds[i + 1];
      return {
        index: round.round,
        evicted: steps.filter((s) => s.decision.allowed),
        blocked: steps.filter((s) => !s.decision.allowed),
        waitsFor: (next?.waitedFor ?? []).map(
          (w) => `a replacement for ${nsName(w.evicted)} to be Ready elsewhere`,
        ),
      };
    }),
    skipped: plan.skipped.map((s) => ({ pod: nsName(s.pod), reason: SKIP_REASONS[s.reason] })),
    neverEvictable: plan.blocked.map((b) => ({
      pod: nsName(b.pod),
      reason: b.explanation,
      budget: b.budget
        ? {
            kind: b.budget.kind as 'PodDisruptionBudget',
            namespace: b.budget.namespace,
            name: b.budget.name,
          }
        : null,
    })),
    budgetsAfter: plan.budgets.map(statusAfter),
  };
}
