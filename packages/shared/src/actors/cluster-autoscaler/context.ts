import type { PodWithPdbs } from '../subject.js';

/** The controller kinds ReplicaCount looks up, each in its own lister. */
export type ListedControllerKind =
  'ReplicationController' | 'DaemonSet' | 'Job' | 'ReplicaSet' | 'StatefulSet';

/**
 * What a lister answers: the controller (with `spec.replicas`, undefined when unset), or that the
 * lister has no such object, or that nothing of that kind was listed at all (a snapshot taken
 * without Jobs cannot say a Job is missing: the rule then takes it as present).
 */
export type ControllerLookup =
  { readonly replicas: number | undefined } | 'not-found' | 'not-listed';

/** `kube_util.ListerRegistry`, as far as ReplicaCount reads it. */
export interface ControllerListers {
  get(kind: ListedControllerKind, namespace: string, name: string): ControllerLookup;
}

/**
 * `drainability.DrainContext`: the remaining-PDB tracker, the listers (undefined: none, and
 * ReplicaCount decides nothing) and the drain timestamp, in nanoseconds since the epoch.
 */
export interface DrainContext {
  readonly nowNs: bigint;
  readonly listers?: ControllerListers;
}

/**
 * One pod as the rules read it: the pod and the PDBs the tracker's `MatchingPdbs` finds for it
 * (same namespace, selector matches).
 */
export type DrainSubject = PodWithPdbs;
