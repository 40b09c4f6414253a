import type { PubStatus, PubView } from './budget.js';

/** What a PUB view holds besides its kind. */
export type PubViewFields = Omit<PubView, 'kind'>;

/**
 * A PodUnavailableBudget view as one of two literals (with and without creationTimestamp), its
 * fields always in this order; `status` replaces the fields' own when given. As pdbView does for
 * PDBs: pubFromObject builds every view with it and the engine every view it changes, so they all
 * share the converter's hidden classes instead of a spread's (`{ ...pub, status }`).
 */
export function pubView(f: PubViewFields, status: PubStatus = f.status): PubView {
  return f.creationTimestamp === undefined
    ? {
        kind: 'PodUnavailableBudget',
        apiVersion: f.apiVersion,
        namespace: f.namespace,
        name: f.name,
        uid: f.uid,
        generation: f.generation,
        resourceVersion: f.resourceVersion,
        labels: f.labels,
        annotations: f.annotations,
        spec: f.spec,
        status,
      }
    : {
        kind: 'PodUnavailableBudget',
        apiVersion: f.apiVersion,
        namespace: f.namespace,
        name: f.name,
        uid: f.uid,
        generation: f.generation,
        resourceVersion: f.resourceVersion,
        creationTimestamp: f.creationTimestamp,
        labels: f.labels,
        annotations: f.annotations,
        spec: f.spec,
        status,
      };
}
