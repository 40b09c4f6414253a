import type { ClusterView } from '../index/view.js';
import type { ResourceRef } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';
import { routeChange, type ChangeRoute } from '../operators/route.js';
import type { UpgradeChange } from './changes.js';

/** The groups a workload reference without one is looked for in, the built-in ones first. */
const WORKLOAD_GROUPS = ['apps', '', 'apps.kruise.io', 'argoproj.io'];

/** A workload by namespace, kind and name (a change names no group): a built-in one first. */
export function findWorkload(index: ClusterView, ref: ResourceRef): WorkloadView | undefined {
  const lookup = index.workloadLookup();
  for (const group of WORKLOAD_GROUPS) {
    const found = lookup.find({ namespace: ref.namespace, group, kind: ref.kind, name: ref.name });
    if (found) return found;
  }
  for (const w of index.workloads())
    if (w.namespace === ref.namespace && w.kind === ref.kind && w.name === ref.name) return w;
  return undefined;
}

/**
 * Where the change must be made: on the object, or on the custom resource its operator writes it
 * from. Surge and drain options are settings of the upgrade, never an operator's.
 */
export function routeOfChange(
  index: ClusterView,
  change: UpgradeChange,
  /** The workload a scale change names, when the caller has it already. */
  workload?: WorkloadView,
): ChangeRoute {
  switch (change.kind) {
    case 'surge':
    case 'drain-option':
      return { via: 'object' };
    case 'budget-spec':
    case 'remove-budget': {
      const budget = index.budget(change.budget)?.budget;
      if (!budget) return { via: 'object' };
      return routeChange(
        budget,
        change.kind === 'remove-budget'
          ? { kind: 'remove-budget' }
          : { kind: 'budget-field', field: change.field, value: change.value },
      );
    }
    case 'scale': {
      const w = workload ?? findWorkload(index, change.workload);
      return w ? routeChange(w, { kind: 'replicas', value: change.replicas }) : { via: 'object' };
    }
  }
}

/**
 * A change's title said where it is made: the custom resource's field first when an operator
 * writes the object (`Set HdfsCluster hdfs/hdfs's spec.dataNodes…maxUnavailable to 2 (…)`), or
 * "managed by X: change it there" when its field is not known.
 */
export function routedTitle(title: string, route: ChangeRoute, subject: string): string {
  if (route.via === 'object') return title;
  if (route.via === 'operator')
    return `${title} — managed by ${route.manager.name}: change it there`;
  const { resource, field, value } = route.change;
  // A CloneSet or Rollout is the custom resource itself: the title says it already.
  if (route.manager.self === true) return title;
  return `Set ${resource.kind} ${resource.namespace}/${resource.name}'s ${field} to ${value} (${route.manager.name} writes ${subject} from it)`;
}
