import type { PlanStatusSource } from '../eviction/plan-types.js';
import type { PodOnNode } from '../index/cluster-index.js';
import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';

/**
 * A pod with the PDBs an autoscaler matches to it (same namespace, selector matches), with their
 * stored status: what both autoscalers read of a pod's budgets.
 */
export interface PodWithPdbs {
  readonly pod: PodView;
  readonly pdbs: readonly PdbView[];
}

const NO_PDBS: readonly PdbView[] = Object.freeze([]);

/**
 * A pod of the index's per-node list with its covering PDBs. The autoscalers read the PDBs the API
 * serves: `stored` is the status as the snapshot recorded it, `recomputed` the one the disruption
 * controller would have written by now (the default, as for drains).
 */
export function podWithPdbs(
  { pod, budgets }: PodOnNode,
  statusSource: PlanStatusSource = 'recomputed',
): PodWithPdbs {
  let pdbs: PdbView[] | undefined;
  for (const b of budgets) {
    const e = b.evaluation;
    if (e?.kind === 'PodDisruptionBudget')
      (pdbs ??= []).push(statusSource === 'stored' ? e.budget : e.synced);
  }
  return { pod, pdbs: pdbs ?? NO_PDBS };
}
