import { newPodLike } from '../eviction/drain-replacement.js';
import { budgetRefsForPod } from '../eviction/plan.js';
import { PlanState } from '../eviction/plan-state.js';
import type { PdbView, PubView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { refKey, type ResourceRef } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';
import type { ForecastUpgradeInput } from './forecast.js';
import type { UpgradeDrainOptions } from './types.js';

/** One what-if change to the cluster or the upgrade, as data (the API takes these back). */
export type UpgradeChange =
  | {
      kind: 'budget-spec';
      budget: ResourceRef;
      field: 'minAvailable' | 'maxUnavailable';
      value: number;
    }
  | { kind: 'remove-budget'; budget: ResourceRef }
  | {
      kind: 'scale';
      /** The workload whose replicas change (Deployment, StatefulSet, ReplicaSet, …). */
      workload: ResourceRef;
      replicas: number;
      /** A pod of the workload, copied as the new pod. */
      template: ResourceRef;
    }
  | { kind: 'surge'; maxSurge: number }
  | { kind: 'drain-option'; option: keyof UpgradeDrainOptions };

const wKey = (w: { namespace: string; kind: string; name: string }) =>
  `${w.namespace}/${w.kind}/${w.name}`;

/** The forecast's input with the changes applied: overrides on a copy, never the index. */
export function applyChanges(
  input: ForecastUpgradeInput,
  changes: readonly UpgradeChange[],
): ForecastUpgradeInput {
  if (changes.length === 0) return input;
  const budgets = new Map(input.overrides?.budgets ?? []);
  const removed = new Set(input.overrides?.removedBudgets ?? []);
  const scaled = new Map<string, number>();
  const extraPods = [...(input.extraPods ?? [])];
  let strategy = input.strategy;
  let drain = input.drain;
  const plain = new PlanState(input.index, input.now, 'recomputed');
  for (const change of changes) {
    if (change.kind === 'surge') {
      // GKE and AKS drain as many more nodes at once as they surge.
      const more = input.provider?.surgeDrains === true ? change.maxSurge - strategy.maxSurge : 0;
      strategy = { maxUnavailable: strategy.maxUnavailable + more, maxSurge: change.maxSurge };
    } else if (change.kind === 'drain-option') drain = { ...drain, [change.option]: true };
    else if (change.kind === 'remove-budget') removed.add(refKey(change.budget));
    else if (change.kind === 'budget-spec') {
      const key = refKey(change.budget);
      const current = budgets.get(key) ?? input.index.budget(change.budget)?.budget;
      if (!current) continue;
      const { minAvailable: _m, maxUnavailable: _u, ...spec } = current.spec;
      budgets.set(key, {
        ...current,
        spec: { ...spec, [change.field]: change.value },
      } as PdbView | PubView);
    } else {
      scaled.set(wKey(change.workload), change.replicas);
      const template = input.index.pod(change.template);
      if (template) extraPods.push(scaledPod(plain, template, extraPods.length + 1));
    }
  }
  const base = input.index.workloadLookup();
  const workloads =
    scaled.size === 0
      ? input.overrides?.workloads
      : {
          apiResource: (group: string, kind: string) => base.apiResource(group, kind),
          ...(base.controlledBy
            ? { controlledBy: (ns: string, uid: string) => base.controlledBy?.(ns, uid) ?? [] }
            : {}),
          find: (q: Parameters<typeof base.find>[0]): WorkloadView | undefined => {
            const w = base.find(q);
            const replicas = w && scaled.get(wKey(w));
            return w && replicas !== undefined ? { ...w, replicas } : w;
          },
        };
  return {
    ...input,
    strategy,
    drain,
    extraPods,
    overrides: {
      budgets,
      removedBudgets: removed,
      ...(workloads ? { workloads } : {}),
    },
  };
}

/** The new pod a scale-up adds: like `template`, Ready, with its budgets. */
function scaledPod(state: PlanState, template: PodView, n: number) {
  const pod = newPodLike(template, {
    name: `${template.name}-scaled-${n}`,
    uid: `${template.uid}-scaled-${n}`,
    phase: 'Running',
    ready: true,
  });
  return { pod, budgets: budgetRefsForPod(state, template), original: template };
}
