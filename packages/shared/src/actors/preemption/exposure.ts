// What preemption can do to pods already running: no decision for one pending pod, but which
// priorities could take their place at all, and what that would cost their budgets.
import type { PdbView } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import type { PriorityClassView } from '../../model/priority-class.js';
import { byImportance, rankPod, type RankedPod } from './importance.js';
import { filterPodsWithPdbViolation, PdbBudgets } from './pdb-violation.js';
import type { PreemptionCluster } from './types.js';

/** A PriorityClass whose pods may preempt: `preemptionPolicy` is not `Never`. */
export interface PreemptingClass {
  name: string;
  value: number;
}

/** The classes whose pods would preempt a pod of `priority`: higher value, not `Never`; highest first. */
export function preemptingClassesAbove(
  classes: readonly PriorityClassView[],
  priority: number,
): PreemptingClass[] {
  return classes
    .filter((c) => c.value > priority && c.preemptionPolicy !== 'Never')
    .map((c) => ({ name: c.name, value: c.value }))
    .sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : 1));
}

/** What preemption could do on one node. */
export interface NodePreemptionExposure {
  /** The classes above the lowest pod here that preempt, highest first. */
  classes: PreemptingClass[];
  /**
   * The pods a pod of the highest of those classes may delete here (every pod below it), most
   * important first, as the scheduler orders victims before it reprieves any.
   */
  victims: PodView[];
  /** The victims whose deletion takes a PDB below zero, with that budget, counted as the scheduler counts. */
  violations: { pod: PodView; pdb: PdbView }[];
}

/**
 * Preemption's reach on a node, from the rules the scheduler decides with: pods below a
 * preempting class are candidates for deletion (a delete, which no budget can refuse), and
 * `filterPodsWithPdbViolation` says which of them would take a budget below zero if all of them
 * went. Only as many go as the pending pod needs: this is the most a class could take, not a
 * decision (`preempt` makes one, for one pod).
 */
export function nodePreemptionExposure(
  cluster: PreemptionCluster,
  node: string,
  classes: readonly PriorityClassView[],
): NodePreemptionExposure {
  const ranked: RankedPod[] = cluster.podsOnNode(node).map((p) => rankPod(p, cluster.classes));
  if (ranked.length === 0) return { classes: [], victims: [], violations: [] };
  const lowest = Math.min(...ranked.map((r) => r.priority));
  const above = preemptingClassesAbove(classes, lowest);
  const top = above[0];
  if (top === undefined) return { classes: [], victims: [], violations: [] };
  const victims = byImportance(ranked.filter((r) => r.priority < top.value));
  const split = filterPodsWithPdbViolation(
    victims,
    (r) => r.pod,
    new PdbBudgets(cluster.pdbs, cluster.pdbsOfPod),
  );
  return {
    classes: above,
    victims: victims.map((r) => r.pod),
    violations: split.violating.map((v) => ({ pod: v.victim.pod, pdb: v.pdb })),
  };
}
