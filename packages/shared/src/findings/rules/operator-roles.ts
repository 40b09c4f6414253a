import type { Budget } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import type { ResourceRef } from '../../model/refs.js';
import { refKey } from '../../model/refs.js';
import { refOf } from '../../overlaps/live.js';
import type { BudgetOverlap } from '../../overlaps/types.js';
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

/** Operator-generated and hand-written budgets that select (or could select) the same pods. */
export const generatedBudgetOverlap: FindingRule = (ctx) => {
  const byRef = new Map<string, Budget>();
  for (const facts of ctx.budgets) byRef.set(refKey(refOf(facts.budget)), facts.budget);
  const generated = (ref: ResourceRef): boolean | undefined => {
    const b = byRef.get(refKey(ref));
    return b && isOperatorGenerated(b);
  };
  // Namespace by namespace (live pairs, then potential ones), so per-namespace runs merge to the same order.
  const byNamespace = new Map<string, BudgetOverlap[]>();
  for (const pair of [...ctx.overlaps.live, ...ctx.overlaps.potential]) {
    const list = byNamespace.get(pair.a.namespace);
    if (list) list.push(pair);
    else byNamespace.set(pair.a.namespace, [pair]);
  }
  return [...byNamespace.values()].flat().flatMap((pair) => {
    const ga = generated(pair.a);
    const gb = generated(pair.b);
    if (ga === undefined || gb === undefined || ga === gb) return [];
    const [gen, hand] = ga ? [pair.a, pair.b] : [pair.b, pair.a];
    const live = pair.sharedPods.length > 0;
    return [
      finding({
        kind: 'generated-budget-overlap',
        severity: 'warning',
        object: hand,
        detail: gen.name,
        message: live
          ? `Hand-written ${hand.kind} ${hand.namespace}/${hand.name} and operator-generated ${gen.name} both select ${pair.sharedPods.length} pod(s).`
          : `Hand-written ${hand.kind} ${hand.namespace}/${hand.name} and operator-generated ${gen.name} could select the same pods (e.g. labels ${JSON.stringify(pair.witness ?? {})}).`,
        remedy:
          'Remove the hand-written budget (the operator already protects the role), or disable the operator-generated budgets and keep yours.',
        related: [gen],
      }),
    ];
  });
};
