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

/** The covering PDBs of an index entry, with the status chosen. */
function coveringPdbs(
  budgets: PodOnNode['budgets'],
  statusSource: PlanStatusSource,
): readonly PdbView[] {
  let pdbs: PdbView[] | undefined;
  for (const b of budgets) {
    const e = b.evaluation;
    if (e?.kind === 'PodDisruptionBudget')
      (pdbs ??= []).push(statusSource === 'stored' ? e.budget : e.synced);
  }
  return pdbs ?? NO_PDBS;
}

/**
 * A pod of the index's per-node list with its covering PDBs, read when first asked for: most
 * checks stop before a node's later pods' budgets matter, and at 150,000 pods reading every pod's
 * budget evaluations (scattered over the heap) cost more than the checks themselves.
 */
class IndexedPod implements PodWithPdbs {
  private read: readonly PdbView[] | undefined;

  constructor(
    private readonly entry: PodOnNode,
    private readonly statusSource: PlanStatusSource,
  ) {}

  get pod(): PodView {
    return this.entry.pod;
  }

  get pdbs(): readonly PdbView[] {
    return (this.read ??= coveringPdbs(this.entry.budgets, this.statusSource));
  }
}

/**
 * A pod of the index's per-node list with its covering PDBs. The autoscalers read the PDBs the API
 * serves: `stored` is the status as the snapshot recorded it, `recomputed` the one the disruption
 * controller would have written by now (the default, as for drains).
 */
export function podWithPdbs(
  entry: PodOnNode,
  statusSource: PlanStatusSource = 'recomputed',
): PodWithPdbs {
  return new IndexedPod(entry, statusSource);
}
