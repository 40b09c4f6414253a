import type { PdbStatus, PdbView } from './budget.js';
import type { OwnerRef } from './refs.js';

/** What a PDB view holds besides its kind. */
export type PdbViewFields = Omit<PdbView, 'kind'>;

/**
 * A PDB view as one of two literals (with and without creationTimestamp), its fields always in
 * this order; `status` replaces the fields' own when given. pdbFromObject builds every view with
 * it and the engine every view it changes, so they all share the converter's hidden classes. A
 * spread (`{ ...pdb, status }`) gave the 10,000 synced views two classes of their own, neither the
 * converter's: code compiled on one kind of view was thrown away when another came ("wrong map"
 * deoptimizations in drainable now's first run).
 */
export function pdbView(f: PdbViewFields, status: PdbStatus = f.status): PdbView {
  if (f.controller !== undefined) return ownedPdbView(f, f.controller, status);
  return f.creationTimestamp === undefined
    ? {
        kind: 'PodDisruptionBudget',
        apiVersion: f.apiVersion,
        namespace: f.namespace,
        name: f.name,
        uid: f.uid,
        generation: f.generation,
        resourceVersion: f.resourceVersion,
        labels: f.labels,
        spec: f.spec,
        status,
      }
    : {
        kind: 'PodDisruptionBudget',
        apiVersion: f.apiVersion,
        namespace: f.namespace,
        name: f.name,
        uid: f.uid,
        generation: f.generation,
        resourceVersion: f.resourceVersion,
        creationTimestamp: f.creationTimestamp,
        labels: f.labels,
        spec: f.spec,
        status,
      };
}

/** An operator's PDB (one with a controller ownerReference): its own two literals, as rare as they are. */
function ownedPdbView(f: PdbViewFields, controller: OwnerRef, status: PdbStatus): PdbView {
  return f.creationTimestamp === undefined
    ? {
        kind: 'PodDisruptionBudget',
        apiVersion: f.apiVersion,
        namespace: f.namespace,
        name: f.name,
        uid: f.uid,
        generation: f.generation,
        resourceVersion: f.resourceVersion,
        labels: f.labels,
        controller,
        spec: f.spec,
        status,
      }
    : {
        kind: 'PodDisruptionBudget',
        apiVersion: f.apiVersion,
        namespace: f.namespace,
        name: f.name,
        uid: f.uid,
        generation: f.generation,
        resourceVersion: f.resourceVersion,
        creationTimestamp: f.creationTimestamp,
        labels: f.labels,
        controller,
        spec: f.spec,
        status,
      };
}
