import { eckNodeSetOf, operatorOf, type CustomResourceRef, type ManagedObject } from './detect.js';
import type { OperatorManager } from './detect.js';
import { stackableBudgetPath, stackableReplicasPath, stackableRole } from './stackable.js';

/** A change to a budget or a workload, said of the object itself. */
export type ManagedChange =
  | { kind: 'budget-field'; field: 'minAvailable' | 'maxUnavailable'; value: number }
  | { kind: 'remove-budget' }
  | { kind: 'replicas'; value: number };

/** How the custom resource's field is patched. */
export type FieldPatch =
  /** An RFC 7386 merge patch (`kubectl patch --type merge`). */
  | { type: 'merge'; body: Record<string, unknown> }
  /**
   * A field of the entry named `key` in a list that is not a map to the API server (a merge patch
   * would replace the whole list): a JSON patch at that entry's index, checked by its name.
   */
  | { type: 'list-entry'; list: readonly string[]; key: string; field: string; value: number };

/** The same change made where the operator reads it: a field of its custom resource. */
export interface CustomResourceChange {
  resource: CustomResourceRef;
  /** The field, e.g. `spec.dataNodes.roleConfig.podDisruptionBudget.maxUnavailable`. */
  field: string;
  /** The value in words, as YAML writes it (`2`, `false`, `{}`). */
  value: string;
  patch: FieldPatch;
}

/**
 * Where a change goes: to the object (nothing manages it), to a field of its operator's custom
 * resource (the operator would undo a change to the object it writes), or, when that field is not
 * known, to the operator ("managed by X: change it there").
 */
export type ChangeRoute =
  | { via: 'object' }
  | { via: 'custom-resource'; manager: OperatorManager; change: CustomResourceChange }
  | { via: 'operator'; manager: OperatorManager };

/** `{ a: { b: value } }` from `['a', 'b']`. */
function nested(path: readonly string[], value: unknown): Record<string, unknown> {
  let out: unknown = value;
  for (let i = path.length - 1; i >= 0; i--) out = { [path[i] ?? '']: out };
  return out as Record<string, unknown>;
}

function mergeChange(
  resource: CustomResourceRef,
  path: readonly string[],
  value: unknown,
  body: Record<string, unknown> = nested(path, value),
): CustomResourceChange {
  return {
    resource,
    field: path.join('.'),
    value: typeof value === 'object' ? JSON.stringify(value) : String(value),
    patch: { type: 'merge', body },
  };
}

/** Stackable: one PDB per role (`roleConfig.podDisruptionBudget`), replicas per role group. */
function stackableChange(
  resource: CustomResourceRef,
  labels: ManagedObject['labels'],
  change: ManagedChange,
): CustomResourceChange | undefined {
  const role = stackableRole(resource.kind, labels);
  if (!role) return undefined;
  const budget = stackableBudgetPath(role.role);
  switch (change.kind) {
    // Stackable's budgets have maxUnavailable only.
    case 'budget-field':
      return change.field === 'maxUnavailable'
        ? mergeChange(resource, [...budget, 'maxUnavailable'], change.value)
        : undefined;
    case 'remove-budget':
      return mergeChange(resource, [...budget, 'enabled'], false);
    case 'replicas':
      return role.roleGroup === undefined
        ? undefined
        : mergeChange(resource, stackableReplicasPath(role.role, role.roleGroup), change.value);
  }
}

/** ECK: the default budget's template under `spec.podDisruptionBudget`, nodeSets' counts. */
function eckChange(
  resource: CustomResourceRef,
  object: ManagedObject,
  change: ManagedChange,
): CustomResourceChange | undefined {
  if (resource.kind !== 'Elasticsearch') return undefined;
  switch (change.kind) {
    case 'budget-field': {
      const other = change.field === 'minAvailable' ? 'maxUnavailable' : 'minAvailable';
      const path = ['spec', 'podDisruptionBudget', 'spec', change.field];
      return mergeChange(
        resource,
        path,
        change.value,
        nested(path.slice(0, -1), { [change.field]: change.value, [other]: null }),
      );
    }
    case 'remove-budget':
      // The empty value disables the default budget.
      return mergeChange(
        resource,
        ['spec', 'podDisruptionBudget'],
        {},
        nested(['spec', 'podDisruptionBudget'], { spec: null, metadata: null }),
      );
    case 'replicas': {
      const nodeSet = eckNodeSetOf(object);
      if (nodeSet === undefined) return undefined;
      return {
        resource,
        field: `spec.nodeSets[${nodeSet}].count`,
        value: String(change.value),
        patch: {
          type: 'list-entry',
          list: ['spec', 'nodeSets'],
          key: nodeSet,
          field: 'count',
          value: change.value,
        },
      };
    }
  }
}

/** An OpenKruise CloneSet, Advanced StatefulSet or Argo Rollout: its own `spec.replicas`. */
function replicasChange(
  resource: CustomResourceRef,
  change: ManagedChange,
): CustomResourceChange | undefined {
  const scalable = ['CloneSet', 'StatefulSet', 'Rollout'].includes(resource.kind);
  return change.kind === 'replicas' && scalable
    ? mergeChange(resource, ['spec', 'replicas'], change.value)
    : undefined;
}

/**
 * Where a change to this budget or workload must be made: on the object when nothing manages it;
 * else on its operator's custom resource, at the field the operator reads (Stackable's
 * `spec.<role>.roleConfig.podDisruptionBudget`, ECK's `spec.nodeSets[<name>].count`, a CloneSet's
 * or Rollout's `spec.replicas`); else only the operator is named.
 */
export function routeChange(object: ManagedObject, change: ManagedChange): ChangeRoute {
  const manager = operatorOf(object);
  if (!manager) return { via: 'object' };
  const resource = manager.resource;
  let made: CustomResourceChange | undefined;
  if (resource) {
    if (manager.operator === 'stackable') made = stackableChange(resource, object.labels, change);
    else if (manager.operator === 'eck') made = eckChange(resource, object, change);
    else if (manager.operator === 'openkruise' || manager.operator === 'argo-rollouts')
      made = replicasChange(resource, change);
  }
  return made ? { via: 'custom-resource', manager, change: made } : { via: 'operator', manager };
}
