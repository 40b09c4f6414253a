import type { Budget } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';
import { operatorOf, type OperatorManager } from './detect.js';
import { APP_NAME, COMPONENT, INSTANCE, ROLE_GROUP } from './labels.js';
import { stackableBudgetPath, stackableReplicasPath, stackableRole } from './stackable.js';

/** A workload of a role group, with its replicas. */
export interface RoleGroupWorkload {
  kind: string;
  name: string;
  replicas: number | undefined;
  readyReplicas?: number;
}

/** The pods of one role group (`app.kubernetes.io/role-group`), and those no budget covers. */
export interface RoleGroupView {
  /** Undefined: pods without the label. */
  name: string | undefined;
  workloads: RoleGroupWorkload[];
  pods: number;
  readyPods: number;
  uncovered: PodView[];
  /** Where the operator reads its replicas, when known (Stackable: `spec.<role>.roleGroups.<group>.replicas`). */
  replicasField?: string;
}

/** One role (`app.kubernetes.io/component`) of an instance: its budgets and role groups. */
export interface RoleView {
  /** Undefined: pods without the label. */
  component: string | undefined;
  /** Budgets over pods of the role: the operator's first, each once. */
  budgets: { ref: ResourceRef; generated: boolean }[];
  roleGroups: RoleGroupView[];
  /** Where the operator configures the role's budget, when known (Stackable: `spec.<role>.roleConfig.podDisruptionBudget`). */
  budgetField?: string;
}

/** An instance an operator runs (`app.kubernetes.io/name` + `instance` in a namespace). */
export interface InstanceView {
  namespace: string;
  app: string;
  instance: string;
  /** Who runs it, from its budgets or its workloads (the first found). */
  operator?: OperatorManager;
  /** The operator's budgets over its pods, in the order given. */
  generated: ResourceRef[];
  roles: RoleView[];
}

export interface InstancesInput {
  budgets: Iterable<{ budget: Budget; pods: readonly PodView[] }>;
  pods: Iterable<PodView>;
  /** Whether some budget selects the pod. */
  isCovered: (pod: PodView) => boolean;
  /** A pod's controller (or, for a ReplicaSet, its Deployment) by UID. */
  workloadByUid: (uid: string) => WorkloadView | undefined;
  /** Also instances none of whose budgets is an operator's, by their workloads (default true). */
  byWorkloads?: boolean;
  /** List each role's budgets (default true; the findings need only its pods). */
  withBudgets?: boolean;
}

const ref = (b: { kind: string; namespace: string; name: string }): ResourceRef => ({
  kind: b.kind,
  namespace: b.namespace,
  name: b.name,
});

/**
 * Instances by namespace, app and instance label: nested maps, so that no key is built per pod
 * (at 150,000 pods their garbage costs more than the lookups).
 */
class ByInstance<T> {
  private readonly byNamespace = new Map<string, Map<string, Map<string, T>>>();
  size = 0;

  get(pod: PodView): T | undefined {
    const app = pod.labels[APP_NAME];
    const instance = pod.labels[INSTANCE];
    if (app === undefined || instance === undefined) return undefined;
    return this.byNamespace.get(pod.namespace)?.get(app)?.get(instance);
  }

  /** The value for the pod's instance, made by `make` the first time; undefined without labels. */
  getOrAdd(pod: PodView, make: (pod: PodView) => T): T | undefined {
    const app = pod.labels[APP_NAME];
    const instance = pod.labels[INSTANCE];
    if (app === undefined || instance === undefined) return undefined;
    let byApp = this.byNamespace.get(pod.namespace);
    if (!byApp) this.byNamespace.set(pod.namespace, (byApp = new Map()));
    let byInstance = byApp.get(app);
    if (!byInstance) byApp.set(app, (byInstance = new Map()));
    let value = byInstance.get(instance);
    if (value === undefined) {
      byInstance.set(instance, (value = make(pod)));
      this.size++;
    }
    return value;
  }

  *values(): IterableIterator<T> {
    for (const byApp of this.byNamespace.values())
      for (const byInstance of byApp.values()) yield* byInstance.values();
  }
}

const compareNames = (a: string | undefined, b: string | undefined): number =>
  a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : a < b ? -1 : 1;

class InstanceBuilder {
  readonly view: InstanceView;
  private readonly roles = new Map<string | undefined, RoleView>();
  private readonly groups = new Map<RoleView, Map<string | undefined, RoleGroupView>>();
  private readonly budgetSeen = new Map<RoleView, Set<string>>();

  constructor(pod: PodView) {
    this.view = {
      namespace: pod.namespace,
      app: pod.labels[APP_NAME] ?? '',
      instance: pod.labels[INSTANCE] ?? '',
      generated: [],
      roles: [],
    };
  }

  role(component: string | undefined): RoleView {
    let role = this.roles.get(component);
    if (!role) {
      role = { component, budgets: [], roleGroups: [] };
      this.roles.set(component, role);
      this.view.roles.push(role);
    }
    return role;
  }

  addBudget(pod: PodView, budget: ResourceRef, generated: boolean): void {
    const role = this.role(pod.labels[COMPONENT]);
    let seen = this.budgetSeen.get(role);
    if (!seen) this.budgetSeen.set(role, (seen = new Set()));
    const key = `${budget.kind}/${budget.name}`;
    if (seen.has(key)) return;
    seen.add(key);
    role.budgets.push({ ref: budget, generated });
  }

  addPod(pod: PodView, covered: boolean, workload: WorkloadView | undefined): void {
    const role = this.role(pod.labels[COMPONENT]);
    let groups = this.groups.get(role);
    if (!groups) this.groups.set(role, (groups = new Map()));
    const name = pod.labels[ROLE_GROUP];
    let group = groups.get(name);
    if (!group) {
      group = { name, workloads: [], pods: 0, readyPods: 0, uncovered: [] };
      groups.set(name, group);
      role.roleGroups.push(group);
    }
    group.pods++;
    if (pod.ready) group.readyPods++;
    if (!covered) group.uncovered.push(pod);
    if (
      workload &&
      !group.workloads.some((w) => w.kind === workload.kind && w.name === workload.name)
    )
      group.workloads.push({
        kind: workload.kind,
        name: workload.name,
        replicas: workload.replicas,
        ...(workload.readyReplicas !== undefined ? { readyReplicas: workload.readyReplicas } : {}),
      });
  }

  /** Roles and role groups in name order (unlabelled last), budgets the operator's first. */
  sorted(): InstanceView {
    this.view.roles.sort((a, b) => compareNames(a.component, b.component));
    for (const role of this.view.roles) {
      role.roleGroups.sort((a, b) => compareNames(a.name, b.name));
      role.budgets.sort((a, b) => Number(b.generated) - Number(a.generated));
      this.addFields(role);
    }
    return this.view;
  }

  /** The custom resource's fields for a Stackable role and its role groups. */
  private addFields(role: RoleView): void {
    const resource = this.view.operator?.resource;
    if (this.view.operator?.operator !== 'stackable' || !resource || role.component === undefined)
      return;
    const key = stackableRole(resource.kind, { [COMPONENT]: role.component })?.role;
    if (key === undefined) return;
    role.budgetField = stackableBudgetPath(key).join('.');
    for (const group of role.roleGroups)
      if (group.name !== undefined)
        group.replicasField = stackableReplicasPath(key, group.name).join('.');
  }
}

const newBuilder = (pod: PodView): InstanceBuilder => new InstanceBuilder(pod);

/**
 * The instances operators run, by the recommended labels of their pods (`app.kubernetes.io/name`
 * and `instance`), each by role (`component`) and role group (`role-group`): the budgets over each
 * role (the operator's, e.g. Stackable's one per role, and hand-written ones), each role group's
 * workloads with their replicas, and the pods no budget covers. An instance is an operator's when
 * one of its budgets is (or, with `byWorkloads`, one of its pods' workloads is).
 */
export function operatorInstances(input: InstancesInput): InstanceView[] {
  const builders = new ByInstance<InstanceBuilder>();
  const managed = new Map<string, OperatorManager | undefined>();
  const managerOf = (w: WorkloadView): OperatorManager | undefined => {
    if (!managed.has(w.uid)) managed.set(w.uid, operatorOf(w));
    return managed.get(w.uid);
  };
  const budgets: { budget: Budget; pods: readonly PodView[]; manager?: OperatorManager }[] = [];
  for (const b of input.budgets) {
    const manager = operatorOf(b.budget);
    budgets.push(manager ? { ...b, manager } : b);
    if (!manager) continue;
    const r = ref(b.budget);
    for (const pod of b.pods) {
      const builder = builders.getOrAdd(pod, newBuilder);
      if (!builder) continue;
      builder.view.operator ??= manager;
      if (!builder.view.generated.some((g) => g.kind === r.kind && g.name === r.name))
        builder.view.generated.push(r);
    }
  }
  const byWorkloads = input.byWorkloads ?? true;
  if (builders.size === 0 && !byWorkloads) return [];
  for (const pod of input.pods) {
    const owner = pod.controller ? input.workloadByUid(pod.controller.uid) : undefined;
    const parent = owner?.controller ? input.workloadByUid(owner.controller.uid) : undefined;
    const workload = parent ?? owner;
    let builder = builders.get(pod);
    const manager = !builder && byWorkloads && workload ? managerOf(workload) : undefined;
    if (manager) {
      builder = builders.getOrAdd(pod, newBuilder);
      if (builder) builder.view.operator = manager;
    }
    builder?.addPod(pod, input.isCovered(pod), workload);
  }
  if (input.withBudgets ?? true) {
    for (const b of budgets)
      for (const pod of b.pods)
        builders.get(pod)?.addBudget(pod, ref(b.budget), b.manager !== undefined);
  }
  return [...builders.values()].map((b) => b.sorted());
}
