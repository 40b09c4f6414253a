import { pdbsForPod } from '../../budgets/select.js';
import type { PdbView } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';

const NO_POSITIONS: readonly number[] = Object.freeze([]);

/**
 * Every PDB of one decision, with which ones cover each pod worked out once per pod and kept for
 * the whole decision (every node the dry run tries reads them), never once per node.
 */
export class PdbBudgets {
  private readonly position = new Map<PdbView, number>();
  private readonly byNamespace = new Map<string, PdbView[]>();
  private readonly covering = new Map<PodView, readonly number[]>();
  /** Each PDB's `status.disruptedPods`, when it has any (most have none). */
  private readonly disrupted: (Readonly<Record<string, string>> | undefined)[] = [];

  constructor(
    readonly pdbs: readonly PdbView[],
    private readonly pdbsOfPod?: (pod: PodView) => Iterable<PdbView>,
  ) {
    pdbs.forEach((pdb, i) => {
      this.position.set(pdb, i);
      const admitted = pdb.status.disruptedPods;
      this.disrupted.push(Object.keys(admitted).length > 0 ? admitted : undefined);
      if (pdbsOfPod) return;
      const list = this.byNamespace.get(pdb.namespace);
      if (list) list.push(pdb);
      else this.byNamespace.set(pdb.namespace, [pdb]);
    });
  }

  /** The positions (in lister order) of the PDBs covering the pod. */
  of(pod: PodView): readonly number[] {
    let found = this.covering.get(pod);
    if (found === undefined) {
      const pdbs = this.pdbsOfPod
        ? this.pdbsOfPod(pod)
        : pdbsForPod(pod, this.byNamespace.get(pod.namespace) ?? []);
      const out: number[] = [];
      for (const pdb of pdbs) {
        const i = this.position.get(pdb);
        if (i !== undefined) out.push(i);
      }
      found = out.length === 0 ? NO_POSITIONS : out.length === 1 ? out : out.sort((a, b) => a - b);
      this.covering.set(pod, found);
    }
    return found;
  }

  at(i: number): PdbView {
    return this.pdbs[i] as PdbView;
  }

  /** The API server already admitted this pod's eviction under the PDB (`status.disruptedPods`). */
  admitted(i: number, pod: PodView): boolean {
    const admitted = this.disrupted[i];
    return admitted !== undefined && Object.hasOwn(admitted, pod.name);
  }
}

/** A victim whose eviction takes a PDB below zero, with that budget. */
export interface ViolatingVictim<T> {
  victim: T;
  /** Pods of the victim that violate: 1 for a single pod (PodGroup victims are not modelled). */
  violateCount: number;
  pdb: PdbView;
}

export interface PdbSplit<T> {
  violating: ViolatingVictim<T>[];
  nonViolating: T[];
}

/**
 * `FilterVictimsWithPDBViolation` (preemption/util.go, current main): walks the victims in the
 * order given (most important first), each taking one disruption from every covering PDB that has
 * not already counted it (`status.disruptedPods`: the API server admitted its eviction), starting
 * from `status.disruptionsAllowed` afresh on every call. A pod is violating once a budget goes
 * below zero; the walk over its budgets stops there, as current main returns at that point (the
 * older `filterPodsWithPDBViolation` in default_preemption.go@008b3652 went on taking from the
 * pod's other budgets). VERSION-SENSITIVE: a PDB with the empty selector `{}` covers every pod of
 * its namespace and an unlabelled pod can be covered (`selector.Matches`); older releases skipped
 * both, so such pods never violated (a write-up attributes the fix to PR #141785).
 */
export function filterPodsWithPdbViolation<T>(
  victims: readonly T[],
  podOf: (victim: T) => PodView,
  budgets: PdbBudgets,
): PdbSplit<T> {
  const taken = new Map<number, number>();
  const out: PdbSplit<T> = { violating: [], nonViolating: [] };
  for (const victim of victims) {
    const pod = podOf(victim);
    let violated: PdbView | undefined;
    for (const i of budgets.of(pod)) {
      if (budgets.admitted(i, pod)) continue;
      const used = (taken.get(i) ?? 0) + 1;
      taken.set(i, used);
      const pdb = budgets.at(i);
      if (pdb.status.disruptionsAllowed - used < 0) {
        violated = pdb;
        break;
      }
    }
    if (violated) out.violating.push({ victim, violateCount: 1, pdb: violated });
    else out.nonViolating.push(victim);
  }
  return out;
}
