import type { PdbView } from '../../model/budget.js';
import type { NodeView } from '../../model/node.js';
import type { PodView } from '../../model/pod.js';
import type { FilterCode } from '../../scheduling/fit.js';
import type { PriorityClasses } from './priority.js';

/**
 * What one preemption decision reads of the cluster: the scheduler's snapshot (nodes and the pods
 * bound to each), the PDB lister, and the PriorityClasses. Functions rather than lists, so a caller
 * holding an index (the CLI, the bench) hands over its own lookups and nothing is copied.
 */
export interface PreemptionCluster {
  /** Every node, in the order the scheduler lists them (the dry run starts at an offset into it). */
  nodes: readonly NodeView[];
  /** The pods bound to a node (finished ones are left out here, as the scheduler's cache does). */
  podsOnNode: (node: string) => readonly PodView[];
  /** Pending pods whose `status.nominatedNodeName` is this node; none when absent. */
  nominatedPods?: (node: string) => readonly PodView[];
  /** Every PDB, in lister order; `status.disruptionsAllowed` and `status.disruptedPods` are read. */
  pdbs: readonly PdbView[];
  /**
   * The PDBs covering a pod (same namespace, selector converts and matches), when the caller has
   * them indexed; otherwise the engine matches each pod once per decision.
   */
  pdbsOfPod?: (pod: PodView) => Iterable<PdbView>;
  classes: PriorityClasses;
}

/** DefaultPreemptionArgs. */
export interface PreemptionArgs {
  /** Default 10. */
  minCandidateNodesPercentage: number;
  /** Default 100. */
  minCandidateNodesAbsolute: number;
}

export const DEFAULT_PREEMPTION_ARGS: PreemptionArgs = Object.freeze({
  minCandidateNodesPercentage: 10,
  minCandidateNodesAbsolute: 100,
});

/** A framework status: a filter's code, or `Error` when the dry run itself fails. */
export interface NodeStatus {
  code: FilterCode | 'Error';
  /** What the "0/N nodes are available" histogram counts, one entry per reason. */
  reasons: readonly string[];
}

/** A victim that costs a PDB more than it allows: the first budget its eviction takes below zero. */
export interface PdbViolation {
  pod: PodView;
  pdb: PdbView;
}

/** A node where preemption makes room: `extenderv1.Victims` and the node's name. */
export interface Candidate {
  node: string;
  /** Most important first (priority, start time, UID). */
  victims: readonly PodView[];
  numPdbViolations: number;
  /** The victims counted in `numPdbViolations`, with the budget each one violates. */
  violations: readonly PdbViolation[];
}
