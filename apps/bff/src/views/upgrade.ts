import {
  nsName,
  planUpgrade,
  type ResourceRef,
  type StuckPod,
  type UpgradeProfile,
  type UpgradeForecast,
  type UpgradeRequest,
} from '@pdbscope/shared';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { BudgetRef, SimulateUpgradeResponse, UpgradeProfileBody } from '@pdbscope/shared/api';

type UpgradeForecastBody = SimulateUpgradeResponse['forecast'];

/** A request the cluster cannot answer: unknown nodes, a selector matching nothing. */
export interface Invalid {
  invalid: string;
}

/** An engine budget reference as the API's (a PUB, or else a PDB). */
export const budgetRef = (r: ResourceRef): BudgetRef => ({
  kind: r.kind === 'PodUnavailableBudget' ? 'PodUnavailableBudget' : 'PodDisruptionBudget',
  namespace: r.namespace,
  name: r.name,
});

const stuckPod = (p: StuckPod) => ({
  pod: nsName(p.pod),
  node: p.node,
  reason: p.reason,
  budgets: p.budgets.map(budgetRef),
  httpStatus: p.httpStatus,
  explanation: p.explanation,
  pendingReplacements: (p.pendingReplacements ?? []).map(nsName),
});

const profileBody = (p: UpgradeProfile): UpgradeProfileBody => ({
  provider: p.provider,
  source: p.source,
  guess: p.guess ?? null,
  maxSurge: p.maxSurge,
  maxUnavailable: p.maxUnavailable,
  defaulted: p.defaulted,
  drainTimeoutSeconds: p.drainTimeoutSeconds ?? null,
  atTimeout: p.atTimeout,
  forceUpdate: p.forceUpdate ?? null,
  undrainableNodeBehavior: p.undrainableNodeBehavior ?? null,
});

/** An engine forecast in the API's shape (POST /api/simulate/upgrade, POST /api/what-if). */
export function forecastBody(forecast: UpgradeForecast): UpgradeForecastBody {
  const stall = forecast.stall;
  const failure = forecast.failure;
  return {
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
      forced: (s.forced ?? []).map(nsName),
      quarantined: s.quarantined ?? [],
    })),
    durationSeconds: forecast.durationSeconds,
    stall: stall
      ? {
          step: stall.step,
          node: stall.node,
          nodes: stall.nodes,
          pods: stall.pods.map(stuckPod),
          budgets: stall.budgets.map(budgetRef),
          reasons: stall.reasons,
          summary: stall.summary,
        }
      : null,
    forced: (forecast.forced ?? []).map((f) => ({
      ...f,
      pods: f.pods.map(stuckPod),
      budgets: f.budgets.map((b) => ({ ...b, budget: budgetRef(b.budget) })),
    })),
    failure: failure
      ? { ...failure, pods: failure.pods.map(stuckPod), budgets: failure.budgets.map(budgetRef) }
      : null,
    quarantined: (forecast.quarantined ?? []).map((q) => ({ ...q, pods: q.pods.map(stuckPod) })),
    surgeNodes: forecast.surgeNodes,
    readiness: forecast.readiness,
  };
}

/**
 * POST /api/simulate/upgrade: the engine's forecast and fixes, on a copy of the index, upgraded by
 * the request's provider (kubectl when it names none). The answer's `profile.guess` says which
 * provider the pool's node labels name, and by what label, for a page to offer it.
 */
export function simulateUpgrade(
  index: ClusterIndex,
  request: UpgradeRequest,
  now: Date,
): SimulateUpgradeResponse | Invalid {
  const plan = planUpgrade(index, request, now);
  if (!plan.ok) return { invalid: plan.error };
  const { forecast, fixes, profile } = plan.value;
  return {
    forecast: forecastBody(forecast),
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
      forecast: {
        verdict: f.forecast.verdict,
        steps: f.forecast.steps,
        durationSeconds: f.forecast.durationSeconds,
        stall: f.forecast.stall ?? null,
        failure: f.forecast.failure ?? null,
        forcedPods: f.forecast.forcedPods ?? null,
      },
      patch: f.patch,
      parts: f.parts ?? [],
      search: f.search ?? null,
    })),
    profile: profileBody(profile),
  };
}
