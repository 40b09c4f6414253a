import type { ClusterIndex } from '../../index/cluster-index.js';
import type { PdbEvaluation } from '../../index/types.js';
import type { PdbView } from '../../model/budget.js';
import type { NodeView } from '../../model/node.js';
import type { PodView } from '../../model/pod.js';
import type { PriorityClassView } from '../../model/priority-class.js';
import { priorityClasses } from './priority.js';
import type { PreemptionCluster } from './types.js';

export interface FromIndexOptions {
  classes: readonly PriorityClassView[];
  /**
   * `recomputed`: each PDB's status as the disruption controller would write it now (what the
   * scheduler's lister holds once the controller has synced); `stored`: as the snapshot has it.
   */
  statusSource: 'recomputed' | 'stored';
}

const byName = (a: NodeView, b: NodeView): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/**
 * What a preemption decision reads, from the index: its nodes (Node objects only: the scheduler
 * knows no other), each node's pods and each pod's covering PDBs as the index already holds them,
 * so nothing is matched again. Nodes are listed by name: upstream's order (its node tree, zone by
 * zone) is not in a snapshot.
 */
export function preemptionClusterFromIndex(
  index: ClusterIndex,
  options: FromIndexOptions,
): PreemptionCluster {
  const view = (e: PdbEvaluation): PdbView =>
    options.statusSource === 'stored' ? e.budget : e.synced;
  const pdbs: PdbView[] = [];
  for (const e of index.budgets()) if (e.kind === 'PodDisruptionBudget') pdbs.push(view(e));
  const nominated = new Map<string, PodView[]>();
  for (const ns of index.podNamespaces())
    for (const pod of index.podsInNamespace(ns)) {
      const node = pod.nominatedNodeName;
      if (pod.nodeName !== undefined || node === undefined) continue;
      const list = nominated.get(node);
      if (list) list.push(pod);
      else nominated.set(node, [pod]);
    }
  return {
    nodes: [...index.nodes()].sort(byName),
    podsOnNode: (node) => index.podsOnNodeWithBudgets(node).map((r) => r.pod),
    nominatedPods: (node) => nominated.get(node) ?? [],
    pdbs,
    pdbsOfPod: function* (pod) {
      for (const { evaluation } of index.coveringBudgets(pod))
        if (evaluation?.kind === 'PodDisruptionBudget') yield view(evaluation);
    },
    classes: priorityClasses(options.classes),
  };
}
