import type { Budget } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import type { ResourceRef } from '../../model/refs.js';
import { refKey } from '../../model/refs.js';
import { refOf } from '../../overlaps/live.js';
import { finding, namesList, somePods } from '../context.js';
import type { Finding, FindingRule } from '../types.js';

const NAME = 'app.kubernetes.io/name';
const INSTANCE = 'app.kubernetes.io/instance';
const COMPONENT = 'app.kubernetes.io/component';
const ROLE_GROUP = 'app.kubernetes.io/role-group';
const MANAGED_BY = 'app.kubernetes.io/managed-by';

/** Deployment tools that also set managed-by on what people write by hand (Helm charts, kustomize). */
const DEPLOYMENT_TOOLS =
  /^(helm|tiller|kustomize|kubectl|argocd|argo-cd|flux|fluxcd|pulumi|terraform|skaffold|kapp|tanka)$/i;

/**
 * An operator writes its budgets with a managed-by label naming itself (Stackable:
 * `hdfs.stackable.tech_hdfscluster`); a deployment tool's name there means a hand-written budget.
 */
export const isOperatorGenerated = (b: Budget): boolean => {
  const managedBy = b.labels[MANAGED_BY];
  return managedBy !== undefined && managedBy !== '' && !DEPLOYMENT_TOOLS.test(managedBy);
};

/** The operator's budget covering some pod of (namespace, app name, instance): nested maps, no keys built per pod. */
class InstanceBudgets {
  private readonly byNamespace = new Map<string, Map<string, Map<string, ResourceRef>>>();

  add(pod: PodView, budget: ResourceRef): void {
    const instance = pod.labels[INSTANCE];
    const app = pod.labels[NAME];
    if (instance === undefined || app === undefined) return;
    let byApp = this.byNamespace.get(pod.namespace);
    if (!byApp) this.byNamespace.set(pod.namespace, (byApp = new Map()));
    let byInstance = byApp.get(app);
    if (!byInstance) byApp.set(app, (byInstance = new Map()));
    if (!byInstance.has(instance)) byInstance.set(instance, budget);
  }

  budgetOf(pod: PodView): ResourceRef | undefined {
    const instance = pod.labels[INSTANCE];
    const app = pod.labels[NAME];
    if (instance === undefined || app === undefined) return undefined;
    return this.byNamespace.get(pod.namespace)?.get(app)?.get(instance);
  }

  get size(): number {
    return this.byNamespace.size;
  }
}

/**
 * Pods of an operator-managed instance (same app.kubernetes.io/name + instance) that no budget
 * covers although the operator's budgets cover other roles of the instance (a role or role group
 * without a budget), grouped per role and role group.
 */
export const rolePodsUncovered: FindingRule = (ctx) => {
  const instances = new InstanceBudgets();
  for (const facts of ctx.budgets) {
    if (!isOperatorGenerated(facts.budget)) continue;
    const ref = refOf(facts.budget);
    for (const pod of facts.pods) instances.add(pod, ref);
  }
  if (instances.size === 0) return [];
  const uncovered = new Map<
    string,
    { budget: ResourceRef; instance: string; role: string; pods: PodView[] }
  >();
  for (const pod of ctx.pods) {
    const budget = instances.budgetOf(pod);
    if (!budget || ctx.isCovered(pod)) continue;
    const instance = `${pod.namespace}/${pod.labels[NAME] ?? ''}/${pod.labels[INSTANCE] ?? ''}`;
    const role = `${pod.labels[COMPONENT] ?? '(no component)'}${pod.labels[ROLE_GROUP] !== undefined ? `/${pod.labels[ROLE_GROUP]}` : ''}`;
    const key = `${instance}\u0000${role}`;
    const entry = uncovered.get(key);
    if (entry) entry.pods.push(pod);
    else uncovered.set(key, { budget, instance, role, pods: [pod] });
  }
  const out: Finding[] = [];
  for (const { budget, instance, role, pods } of uncovered.values()) {
    out.push(
      finding({
        kind: 'role-pods-uncovered',
        severity: 'warning',
        object: budget,
        detail: `${instance}:${role}`,
        message: `Role ${role} of ${instance} has ${pods.length} pod(s) no budget covers (${namesList(pods.map((p) => p.name))}), while the operator's budgets cover other roles of the same instance.`,
        remedy:
          "Check the operator's role-group configuration (a new role group may lack its budget), or add a budget for this role.",
        related: somePods(pods),
      }),
    );
  }
  return out;
};

/**
 * Operator-generated and hand-written budgets that select (or could select) the same pods: one
 * finding per overlap group holding both, on its first hand-written budget.
 */
export const generatedBudgetOverlap: FindingRule = (ctx) => {
  const byRef = new Map<string, Budget>();
  for (const facts of ctx.budgets) byRef.set(refKey(refOf(facts.budget)), facts.budget);
  return ctx.overlaps.groups.flatMap((group) => {
    const generated: ResourceRef[] = [];
    const hand: ResourceRef[] = [];
    for (const ref of group.budgets) {
      const budget = byRef.get(refKey(ref));
      if (budget) (isOperatorGenerated(budget) ? generated : hand).push(ref);
    }
    const [first] = hand;
    if (!first || generated.length === 0) return [];
    const gen = namesList(generated.map((g) => g.name));
    const n = group.sharedPods.length;
    return [
      finding({
        kind: 'generated-budget-overlap',
        severity: 'warning',
        object: first,
        detail: generated[0]?.name ?? '',
        message:
          n > 0
            ? `Hand-written ${first.kind} ${first.namespace}/${first.name} and operator-generated ${gen} select ${n} pod(s) in common.`
            : `Hand-written ${first.kind} ${first.namespace}/${first.name} and operator-generated ${gen} could select the same pods (e.g. labels ${JSON.stringify(group.witness ?? {})}).`,
        remedy:
          'Remove the hand-written budget (the operator already protects the role), or disable the operator-generated budgets and keep yours.',
        related: [...generated.slice(0, 20), ...hand.slice(1, 21)],
      }),
    ];
  });
};
