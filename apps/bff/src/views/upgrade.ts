import { nsName, planUpgrade, type ResourceRef, type UpgradeRequest } from '@pdbscope/shared';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { BudgetRef, SimulateUpgradeResponse } from '@pdbscope/shared/api';

/** A request the cluster cannot answer: unknown nodes, a selector matching nothing. */
export interface Invalid {
  invalid: string;
}

const budgetRef = (r: ResourceRef): BudgetRef => ({
  kind: r.kind === 'PodUnavailableBudget' ? 'PodUnavailableBudget' : 'PodDisruptionBudget',
  namespace: r.namespace,
  name: r.name,
});

/** POST /api/simulate/upgrade: the engine's forecast and fixes, on a copy of the index. */
export function simulateUpgrade(
  index: ClusterIndex,
  request: UpgradeRequest,
  now: Date,
): SimulateUpgradeResponse | Invalid {
  const plan = planUpgrade(index, request, now);
  if (!plan.ok) return { invalid: plan.error };
  const { forecast, fixes } = plan.value;
  const stall = forecast.stall;
  return {
    forecast: {
      verdict: forecast.verdict,
      nodes: forecast.nodes,
      strategy: forecast.strategy,
      drain: forecast.drain,
      steps: forecast.steps.map((s) => ({
        step: s.step,
        nodes: s.nodes,
        startSeconds: s.startSeconds,
        endSeconds: s.endSeconds,
        evicted: s.evicted.map(nsName),
        replacements: s.replacements.map((r) => ({
          pod: nsName(r.pod),
          node: r.node ?? null,
          readySeconds: r.readySeconds,
        })),
        retries: s.retries,
        completed: s.completed,
      })),
      durationSeconds: forecast.durationSeconds,
      stall: stall
        ? {
            step: stall.step,
            node: stall.node,
            nodes: stall.nodes,
            pods: stall.pods.map((p) => ({
              pod: nsName(p.pod),
              node: p.node,
              reason: p.reason,
              budgets: p.budgets.map(budgetRef),
              httpStatus: p.httpStatus,
              explanation: p.explanation,
              pendingReplacements: (p.pendingReplacements ?? []).map(nsName),
            })),
            budgets: stall.budgets.map(budgetRef),
            reasons: stall.reasons,
            summary: stall.summary,
          }
        : null,
      surgeNodes: forecast.surgeNodes,
      readiness: forecast.readiness,
    },
    fixes: fixes.map((f) => ({
      id: f.id,
      title: f.title,
      cost: f.cost,
      changes: f.changes.map((c) =>
        c.kind === 'budget-spec' || c.kind === 'remove-budget'
          ? { ...c, budget: budgetRef(c.budget) }
          : c.kind === 'scale'
            ? {
                ...c,
                template: {
                  kind: 'Pod' as const,
                  namespace: c.template.namespace,
                  name: c.template.name,
                },
              }
            : c,
      ),
      outcome: f.outcome,
      forecast: { ...f.forecast, stall: f.forecast.stall ?? null },
      patch: f.patch,
      parts: f.parts ?? [],
      search: f.search ?? null,
    })),
  };
}
