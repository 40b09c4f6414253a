// The operations the tally property tests apply to a plan, in the order a forecast does them:
// evictions, replacements joining their budgets, replacements turning Ready, and a scale-up.
// Shared by the PDB and PUB tally tests, which differ only in the budgets they build.
import fc from 'fast-check';
import { NOW, deployment, pod, statefulSet } from '../../index/__fixtures__/objects.js';
import type { BudgetKind } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import type { ResourceRef } from '../../model/refs.js';
import { replacementPod } from '../drain-replacement.js';
import { budgetRefsForPod, evictInPlan } from '../plan.js';
import type { PlanState } from '../plan-state.js';

/** How many of each kind of pod the tally tests' cluster has. */
export interface ShopPodCounts {
  web: number;
  webUnready: number;
  db: number;
  bare: number;
  /** Pods whose ReplicaSet no finder resolves: they count no scale. */
  orphans: number;
}

/**
 * The tally tests' pods, all labelled `tier: shop`: a web Deployment on node-a and node-b, a db
 * StatefulSet on node-a, bare web pods on node-b and web pods of a ReplicaSet that is gone.
 */
export function shopPods(c: ShopPodCounts) {
  const tier = { tier: 'shop' };
  const web = deployment({
    name: 'web',
    replicas: c.web,
    unready: c.webUnready,
    labels: { app: 'web', ...tier },
    nodes: ['node-a', 'node-b'],
  });
  const db = statefulSet({
    name: 'db',
    replicas: c.db,
    labels: { app: 'db', ...tier },
    nodes: ['node-a'],
  });
  const loose = [
    ...Array.from({ length: c.bare }, (_, i) =>
      pod({ name: `bare-${i}`, labels: { app: 'web', ...tier }, node: 'node-b' }),
    ),
    ...Array.from({ length: c.orphans }, (_, i) =>
      pod({
        name: `orphan-${i}`,
        labels: { app: 'web', ...tier },
        owner: { kind: 'ReplicaSet', name: 'gone' },
        node: 'node-a',
      }),
    ),
  ];
  return { web, db, loose };
}

export const planOpArb = fc.oneof(
  fc.record({ op: fc.constant('evict' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('replace' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('ready' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('scale-up' as const) }),
);

export type PlanOp = typeof planOpArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * Applies `ops` to `state`, re-syncing every budget a step touched (the tests' checks run inside
 * those re-syncs), then re-syncs `all`. A scale-up adds a `web` pod under the `web` and `shop`
 * budgets of `budgetKind` in `default`.
 */
export function applyPlanOps(input: {
  state: PlanState;
  pods: readonly PodView[];
  ops: readonly PlanOp[];
  budgetKind: BudgetKind;
  all: readonly ResourceRef[];
}): void {
  const { state } = input;
  let live: PodView[] = [...input.pods];
  const pending: { pod: PodView; budgets: ResourceRef[] }[] = [];
  let serial = 0;
  for (const step of input.ops) {
    if (step.op === 'evict' && live.length > 0) {
      const target = live[step.at % live.length] as PodView;
      evictInPlan(state, target, { dryRun: false, now: NOW });
    } else if (step.op === 'replace' && live.length > 0) {
      // The forecast's step: the pod is gone, its controller's replacement joins its budgets.
      const target = state.pod(live[step.at % live.length] as PodView) as PodView;
      const budgets = budgetRefsForPod(state, target);
      state.remove(target, undefined, budgets);
      const next = replacementPod(target, { now: NOW, suffix: `r${++serial}` });
      if (next) state.addPod(next, budgets, target);
      if (next?.name !== target.name) state.forget(target, budgets);
      for (const b of budgets) state.resync(b);
      live = live.filter((p) => p.name !== target.name);
      if (next) {
        live.push(next);
        pending.push({ pod: next, budgets });
      }
    } else if (step.op === 'ready' && pending.length > 0) {
      const [w] = pending.splice(step.at % pending.length, 1);
      if (!w || state.pod(w.pod)?.name === undefined) continue;
      state.updatePod({ ...w.pod, phase: 'Running', ready: true }, w.budgets);
      for (const b of w.budgets) state.resync(b);
    } else if (step.op === 'scale-up') {
      const extra = pod({
        name: `web-scaled-${++serial}`,
        labels: { app: 'web', tier: 'shop', 'pod-template-hash': '6d4f8c7b9' },
        owner: { kind: 'ReplicaSet', name: 'web-6d4f8c7b9' },
        node: 'node-b',
      });
      const budgets: ResourceRef[] = [
        { kind: input.budgetKind, namespace: 'default', name: 'web' },
        { kind: input.budgetKind, namespace: 'default', name: 'shop' },
      ];
      state.addPod(extra, budgets);
      for (const b of budgets) state.resync(b);
      live.push(extra);
    }
  }
  for (const b of input.all) state.resync(b);
}
