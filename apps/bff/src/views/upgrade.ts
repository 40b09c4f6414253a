import {
  nodesUnseen,
  nsName,
  planUpgrade,
  verdictAsFarAsVisible,
  type ResourceRef,
  type StuckPod,
  type UpgradeChange,
  type UpgradeChangeInput,
  type UpgradeProfile,
  type UpgradeForecast,
} from '@pdbscope/shared';
import type { ClusterIndex, ClusterView } from '@pdbscope/shared/index';
import {
  fixScript,
  fixYaml,
  formatFix,
  parseFix,
  type BudgetRef,
  type FixChange,
  type SimulateUpgradeRequest,
  type SimulateUpgradeResponse,
  type UpgradeProfileBody,
} from '@pdbscope/shared/api';
import type { Simulated } from '../model.js';

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
export function forecastBody(forecast: UpgradeForecast, view: ClusterView): UpgradeForecastBody {
  const stall = forecast.stall;
  const failure = forecast.failure;
  // Worked out on the visible pods: told what it cannot see, it completes only when all is seen.
  const unseen = nodesUnseen(view, forecast.nodes);
  const stoppedBy = [
    ...(stall?.pods ?? []),
    ...(failure?.pods ?? []),
    ...(forecast.forced ?? []).flatMap((f) => f.pods),
  ].map((p) => p.pod);
  return {
    verdict: verdictAsFarAsVisible({ verdict: forecast.verdict, unseen, stoppedBy }),
    ...(unseen.texts.length > 0 ? { notVisible: unseen.texts } : {}),
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

/** An engine change in the API's shape (its budget refs typed as budgets, its template a pod). */
function apiChange(
  c: UpgradeChange,
): FixChange & SimulateUpgradeResponse['fixes'][number]['changes'][number] {
  if (c.kind === 'budget-spec' || c.kind === 'remove-budget')
    return { ...c, budget: budgetRef(c.budget) };
  if (c.kind === 'scale')
    return {
      ...c,
      template: { kind: 'Pod', namespace: c.template.namespace, name: c.template.name },
    };
  return c;
}

/** The request's changes: `changes` as given, then each `fix=` text (the schema checked them). */
function requestChanges(request: SimulateUpgradeRequest): UpgradeChangeInput[] | Invalid {
  const out: UpgradeChangeInput[] = [...(request.changes ?? [])];
  for (const [i, text] of (request.fix ?? []).entries()) {
    const parsed = parseFix(text);
    if (!parsed.ok) return { invalid: `fix.${i}: ${parsed.error}` };
    out.push(parsed.value);
  }
  return out;
}

/**
 * POST /api/simulate/upgrade: the engine's forecast and fixes, on a copy of the index, upgraded by
 * the request's provider (kubectl when it names none). The answer's `profile.guess` says which
 * provider the pool's node labels name, and by what label, for a page to offer it; `applied`, the
 * request's changes as made (their readable form, a script and a YAML of them all).
 */
export function simulateUpgrade(
  index: ClusterIndex,
  request: SimulateUpgradeRequest,
  now: Date,
): Simulated<SimulateUpgradeResponse> | Invalid {
  const { fix: _fix, ...rest } = request;
  const changes = requestChanges(request);
  if ('invalid' in changes) return changes;
  const plan = planUpgrade(index, { ...rest, changes }, now);
  if (!plan.ok) return { invalid: plan.error };
  const { forecast, fixes, profile, applied } = plan.value;
  return {
    forecast: forecastBody(forecast, index),
    fixes: fixes.map((f) => ({
      id: f.id,
      title: f.title,
      cost: f.cost,
      changes: f.changes.map(apiChange),
      fix: f.changes.map((c) => formatFix(apiChange(c))),
      outcome: f.outcome,
      forecast: {
        verdict: f.forecast.verdict,
        steps: f.forecast.steps,
        durationSeconds: f.forecast.durationSeconds,
        stall: f.forecast.stall ?? null,
        failure: f.forecast.failure ?? null,
        forcedPods: f.forecast.forcedPods ?? null,
      },
      steps: f.steps,
      script: f.script,
      yaml: f.yaml,
      parts: f.parts ?? [],
      search: f.search ?? null,
    })),
    profile: profileBody(profile),
    applied: {
      items: applied.map((step, i) => ({
        ...step,
        fix: formatFix(apiChange(plan.value.changes[i] as UpgradeChange)),
      })),
      script: fixScript(applied),
      yaml: fixYaml(applied),
    },
  };
}
