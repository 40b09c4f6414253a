import { nsName, operatorInstances, type InstanceView, type WorkloadView } from '@pdbscope/shared';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { BudgetRef, OperatorInstance } from '@pdbscope/shared/api';

/** Uncovered pods listed per role group; the count says how many there are. */
const MAX_UNCOVERED = 50;

const budgetRef = (r: { kind: string; namespace: string; name: string }): BudgetRef => ({
  kind: r.kind === 'PodUnavailableBudget' ? 'PodUnavailableBudget' : 'PodDisruptionBudget',
  namespace: r.namespace,
  name: r.name,
});

function* allPods(index: ClusterIndex) {
  for (const ns of index.podNamespaces()) yield* index.podsInNamespace(ns);
}

function apiInstance(i: InstanceView): OperatorInstance {
  const resource = i.operator?.resource;
  return {
    namespace: i.namespace,
    app: i.app,
    instance: i.instance,
    operator: i.operator
      ? {
          name: i.operator.name,
          evidence: i.operator.evidence,
          resource: resource
            ? { group: resource.group, kind: resource.kind, name: resource.name }
            : null,
        }
      : null,
    generated: i.generated.map(budgetRef),
    roles: i.roles.map((r) => ({
      component: r.component ?? null,
      budgets: r.budgets.map((b) => ({ budget: budgetRef(b.ref), generated: b.generated })),
      roleGroups: r.roleGroups.map((g) => ({
        name: g.name ?? null,
        workloads: g.workloads.map((w) => ({
          kind: w.kind,
          name: w.name,
          replicas: w.replicas ?? null,
          readyReplicas: w.readyReplicas ?? null,
        })),
        pods: g.pods,
        readyPods: g.readyPods,
        uncovered: g.uncovered.slice(0, MAX_UNCOVERED).map(nsName),
        uncoveredCount: g.uncovered.length,
        replicasField: g.replicasField ?? null,
      })),
      budgetField: r.budgetField ?? null,
    })),
  };
}

/**
 * GET /api/operator-instances: the instances operators run, by role and role group (the engine's
 * `operatorInstances` over the index), sorted by namespace, app, instance.
 */
export function operatorInstancesView(index: ClusterIndex): OperatorInstance[] {
  const byUid = new Map<string, WorkloadView>();
  for (const w of index.workloads()) if (w.uid !== '') byUid.set(w.uid, w);
  return operatorInstances({
    budgets: index.budgets(),
    pods: allPods(index),
    isCovered: (pod) => index.coveringBudgets(pod).length > 0,
    workloadByUid: (uid) => byUid.get(uid),
  })
    .map(apiInstance)
    .sort(
      (a, b) =>
        a.namespace.localeCompare(b.namespace) ||
        a.app.localeCompare(b.app) ||
        a.instance.localeCompare(b.instance),
    );
}
