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
 * A pod of the index's per-node list with its covering PDBs as stored (what a lister returns), not
 * as the disruption controller would recompute them: the autoscalers read the API's objects.
 */
export function podWithPdbs({ pod, budgets }: PodOnNode): PodWithPdbs {
  let pdbs: PdbView[] | undefined;
  for (const b of budgets)
    if (b.evaluation?.kind === 'PodDisruptionBudget') (pdbs ??= []).push(b.evaluation.budget);
  return { pod, pdbs: pdbs ?? NO_PDBS };
}
