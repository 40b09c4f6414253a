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

const NONE: readonly PdbView[] = Object.freeze([]);
const NO_PODS: readonly PodView[] = Object.freeze([]);

/**
 * The pending pods nominated to each node. Only an unbound pod can be nominated, so when the nodes
 * hold every pod the index has (the usual case) there is nothing to look for among 150,000 pods.
 */
function nominatedPodsOf(
  index: ClusterIndex,
  nodes: readonly NodeView[],
): (node: string) => readonly PodView[] {
  let bound = 0;
  for (const node of nodes) bound += index.podsOnNodeWithBudgets(node.name).length;
  if (bound === index.counts().pods) return () => NO_PODS;
  const nominated = new Map<string, PodView[]>();
  for (const ns of index.podNamespaces())
    for (const pod of index.podsInNamespace(ns)) {
      const node = pod.nominatedNodeName;
      if (pod.nodeName !== undefined || node === undefined) continue;
      const list = nominated.get(node);
      if (list) list.push(pod);
      else nominated.set(node, [pod]);
    }
  return (node) => nominated.get(node) ?? NO_PODS;
}

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
  const nodes = [...index.nodes()].sort(byName);
  return {
    nodes,
    podsOnNode: (node) => index.podsOnNodeWithBudgets(node).map((r) => r.pod),
    nominatedPods: nominatedPodsOf(index, nodes),
    pdbs,
    pdbsOfPod: (pod) => {
      // The pod's entry among its node's (a few tens, compared by identity) rather than a lookup
      // by namespace and name: the dry run asks for every pod of every node it tries.
      const onNode =
        pod.nodeName === undefined
          ? undefined
          : index.podsOnNodeWithBudgets(pod.nodeName).find((r) => r.pod === pod);
      const covering = onNode?.budgets ?? index.coveringBudgets(pod);
      if (covering.length === 0) return NONE;
      const out: PdbView[] = [];
      for (const { evaluation } of covering)
        if (evaluation?.kind === 'PodDisruptionBudget') out.push(view(evaluation));
      return out;
    },
    classes: priorityClasses(options.classes),
  };
}
