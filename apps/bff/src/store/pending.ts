import type { Budget, NodeView, PodView, WorkloadView } from '@pdbscope/shared';
import type { ObjectChange } from '@pdbscope/shared/index';
import type { ClusterObject } from '../kube/resources.js';

/**
 * Objects received before every source has synced once. Feeding 150,000 pods one by one to the
 * index would re-evaluate budgets on every pod; instead they are held here and handed over in
 * one `replaceAll` when the last source syncs.
 */
export interface Pending {
  pods: Map<string, PodView>;
  budgets: Map<string, Budget>;
  workloads: Map<string, WorkloadView>;
  nodes: Map<string, NodeView>;
}

export function emptyPending(): Pending {
  return { pods: new Map(), budgets: new Map(), workloads: new Map(), nodes: new Map() };
}

/** Which map of {@link Pending} an object belongs to, and its key there. */
export function slotOf(object: ClusterObject): { map: keyof Pending; key: string } {
  switch (object.kind) {
    case 'Pod':
      return { map: 'pods', key: `${object.namespace}/${object.name}` };
    case 'Node':
      return { map: 'nodes', key: object.name };
    case 'PodDisruptionBudget':
    case 'PodUnavailableBudget':
      return { map: 'budgets', key: `${object.kind}/${object.namespace}/${object.name}` };
    default: {
      // Any other kind is a workload (WorkloadView.kind is open-ended, so the switch cannot narrow).
      const w = object as WorkloadView;
      return { map: 'workloads', key: `${w.apiVersion}/${w.kind}/${w.namespace}/${w.name}` };
    }
  }
}

export function addOrUpdate(pending: Pending, object: ClusterObject): void {
  const slot = slotOf(object);
  (pending[slot.map] as Map<string, ClusterObject>).set(slot.key, object);
}

export function remove(pending: Pending, object: ClusterObject): void {
  const slot = slotOf(object);
  pending[slot.map].delete(slot.key);
}

/** The change that hands everything held to the index. */
export function replaceAllChange(pending: Pending): Extract<ObjectChange, { type: 'replaceAll' }> {
  return {
    type: 'replaceAll',
    pods: [...pending.pods.values()],
    budgets: [...pending.budgets.values()],
    workloads: [...pending.workloads.values()],
    nodes: [...pending.nodes.values()],
  };
}
