import type { Budget } from '../../model/budget.js';
import { refKey } from '../../model/refs.js';
import { refOf } from '../../overlaps/live.js';
import { budgetsToRemove, isOperatorManaged } from '../../operators/overlap.js';
import { operatorInstances } from '../../operators/instances.js';
import { routeChange } from '../../operators/route.js';
import { finding, namesList, somePods } from '../context.js';
import type { Finding, FindingRule } from '../types.js';

/**
 * Whether an operator writes the budget (its controller ownerReference is a custom resource, or
 * its labels name an operator rather than a deployment tool): see `operatorOf`.
 */
export const isOperatorGenerated = (b: Budget): boolean => isOperatorManaged(b);

/**
 * Pods of an operator-managed instance (same app.kubernetes.io/name + instance) that no budget
 * covers although the operator's budgets cover other roles of the instance (a role or role group
 * without a budget), grouped per role and role group: what the Budgets page shows in place, by
 * `operatorInstances`.
 */
export const rolePodsUncovered: FindingRule = (ctx) => {
  const instances = operatorInstances({
    budgets: ctx.budgets,
    pods: ctx.pods,
    isCovered: ctx.isCovered,
    workloadByUid: (uid) => ctx.workloadsByUid.get(uid),
    byWorkloads: false,
    withBudgets: false,
  });
  const out: Finding[] = [];
  for (const inst of instances) {
    const [budget] = inst.generated;
    if (!budget) continue;
    const instance = `${inst.namespace}/${inst.app}/${inst.instance}`;
    for (const role of inst.roles) {
      for (const group of role.roleGroups) {
        const pods = group.uncovered;
        if (pods.length === 0) continue;
        const name = `${role.component ?? '(no component)'}${group.name !== undefined ? `/${group.name}` : ''}`;
        out.push(
          finding({
            kind: 'role-pods-uncovered',
            severity: 'warning',
            object: budget,
            detail: `${instance}:${name}`,
            message: `Role ${name} of ${instance} has ${pods.length} pod(s) no budget covers (${namesList(pods.map((p) => p.name))}), while the operator's budgets cover other roles of the same instance.`,
            remedy:
              "Check the operator's role-group configuration (a new role group may lack its budget), or add a budget for this role.",
            related: somePods(pods),
          }),
        );
      }
    }
  }
  return out;
};

/** How to turn an operator's budget off, where its custom resource's field is known. */
function disableText(budget: Budget): string {
  const route = routeChange(budget, { kind: 'remove-budget' });
  if (route.via === 'custom-resource') {
    const { resource, field, value } = route.change;
    return `disable ${budget.name} on ${resource.kind} ${resource.namespace}/${resource.name} (${field}: ${value})`;
  }
  return route.via === 'operator'
    ? `disable ${budget.name} where ${route.manager.name} is configured`
    : `disable ${budget.name}`;
}

/**
 * Operator-generated and hand-written budgets that select (or could select) the same pods: one
 * finding per overlap group holding both, on the first budget to remove. Which to remove is
 * `budgetsToRemove`'s choice, the upgrade fixes' too: the hand-written ones.
 */
export const generatedBudgetOverlap: FindingRule = (ctx) => {
  const byRef = new Map<string, Budget>();
  for (const facts of ctx.budgets) byRef.set(refKey(refOf(facts.budget)), facts.budget);
  return ctx.overlaps.groups.flatMap((group) => {
    const members = group.budgets.flatMap((ref) => byRef.get(refKey(ref)) ?? []);
    const generated = members.filter(isOperatorManaged);
    const remove = budgetsToRemove(members).filter((b) => !isOperatorManaged(b));
    const [first] = remove;
    const [kept] = generated;
    if (!first || !kept) return [];
    const gen = namesList(generated.map((g) => g.name));
    const n = group.sharedPods.length;
    const who = `${first.kind} ${first.namespace}/${first.name}`;
    return [
      finding({
        kind: 'generated-budget-overlap',
        severity: 'warning',
        object: refOf(first),
        detail: kept.name,
        message:
          n > 0
            ? `Hand-written ${who} and operator-generated ${gen} select ${n} pod(s) in common.`
            : `Hand-written ${who} and operator-generated ${gen} could select the same pods (e.g. labels ${JSON.stringify(group.witness ?? {})}).`,
        remedy: `Remove hand-written ${who} (the operator already protects the role), or ${disableText(kept)} and keep yours.`,
        related: [...generated.slice(0, 20).map(refOf), ...remove.slice(1, 21).map(refOf)],
      }),
    ];
  });
};
