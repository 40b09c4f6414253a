import { rfc3339 } from '../budgets/time.js';
import type { ClusterView } from '../index/view.js';
import { isNode } from '../index/state.js';
import type { IndexedObject } from '../index/types.js';
import type { Budget, PdbStatus, PubStatus, PubView } from '../model/budget.js';
import type { NodeView } from '../model/node.js';
import { pdbView } from '../model/pdb-view.js';
import type { PodView } from '../model/pod.js';
import { podWith } from '../model/pod-with.js';
import { pubView } from '../model/pub-view.js';
import type { ResourceRef } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';
import { fieldErrorText } from '../validation/field-error.js';
import { validatePdb } from '../validation/pdb.js';
import { pubConflict, validatePubSpec } from '../validation/pub.js';
import { WORKLOAD_API_VERSIONS } from './refs.js';

/** The object's kind, namespace ('' for a node) and name. */
export const refOfObject = (o: IndexedObject): ResourceRef => ({
  kind: o.kind,
  namespace: isNode(o) ? '' : o.namespace,
  name: o.name,
});

/** The object the view holds under this reference (a workload by its kind's usual apiVersion). */
export function currentObject(
  view: ClusterView,
  ref: ResourceRef,
  apiVersion?: string,
): IndexedObject | undefined {
  switch (ref.kind) {
    case 'Pod':
      return view.pod(ref);
    case 'Node':
      return view.node(ref.name);
    case 'PodDisruptionBudget':
    case 'PodUnavailableBudget':
      return view.budget(ref)?.budget;
    default:
      return view.workload({
        ...ref,
        apiVersion: apiVersion ?? WORKLOAD_API_VERSIONS[ref.kind] ?? 'apps/v1',
      });
  }
}

/** The UID the API server would give an object a manifest creates: made up, stable per object. */
export const createdUid = (ref: ResourceRef): string =>
  `what-if-${ref.kind}-${ref.namespace}-${ref.name}`.toLowerCase();

const NO_PDB_STATUS: PdbStatus = {
  observedGeneration: 0,
  disruptedPods: {},
  disruptionsAllowed: 0,
  currentHealthy: 0,
  desiredHealthy: 0,
  expectedPods: 0,
  conditions: [],
};

const NO_PUB_STATUS: PubStatus = {
  observedGeneration: 0,
  disruptedPods: {},
  unavailablePods: {},
  unavailableAllowed: 0,
  currentAvailable: 0,
  desiredAvailable: 0,
  totalReplicas: 0,
};

const sameSpec = (a: Budget, b: Budget): boolean =>
  JSON.stringify(a.spec) === JSON.stringify(b.spec);

/**
 * A budget as the API server stores an apply of it. A create starts at generation 1 with no status
 * (observedGeneration 0: the controller has not synced it); a replace keeps the UID, creation time
 * and status (a status subresource is not written through the object) and moves the generation
 * when the spec changed, so the stored status is stale until the controller syncs.
 */
export function storedBudget(applied: Budget, previous: Budget | undefined, now: Date): Budget {
  const ref = refOfObject(applied);
  const identity = previous
    ? {
        uid: previous.uid,
        generation: previous.generation + (sameSpec(applied, previous) ? 0 : 1),
        creationTimestamp: previous.creationTimestamp ?? rfc3339(now),
      }
    : { uid: applied.uid || createdUid(ref), generation: 1, creationTimestamp: rfc3339(now) };
  if (applied.kind === 'PodDisruptionBudget') {
    const status = previous?.kind === applied.kind ? previous.status : NO_PDB_STATUS;
    return pdbView({ ...applied, ...identity, resourceVersion: '' }, status);
  }
  const status = previous?.kind === applied.kind ? previous.status : NO_PUB_STATUS;
  return pubView({ ...applied, ...identity, resourceVersion: '' }, status);
}

/**
 * Why the API server (a PDB's validation) or OpenKruise's webhook (a PUB's, and its conflict
 * with the namespace's other PUBs) would refuse the budget; undefined when it admits it.
 */
export function budgetRefusal(budget: Budget, view: ClusterView): string | undefined {
  if (budget.kind === 'PodDisruptionBudget') {
    const errors = validatePdb(budget, { apiVersion: budget.apiVersion });
    if (errors.length === 0) return undefined;
    return `The PodDisruptionBudget "${budget.name}" is invalid: ${errors.map(fieldErrorText).join(', ')}`;
  }
  const others: PubView[] = [];
  for (const ev of view.budgets())
    if (ev.kind === 'PodUnavailableBudget' && ev.ref.namespace === budget.namespace)
      others.push(ev.budget);
  const errors = validatePubSpec(budget);
  const conflict = pubConflict(budget, others);
  if (conflict) errors.push(conflict);
  if (errors.length === 0) return undefined;
  return `admission webhook "vpodunavailablebudget.kb.io" denied the request: ${errors.map(fieldErrorText).join(', ')}`;
}

/** A workload as stored: a replace keeps its UID and owner; a create gets a UID. */
export function storedWorkload(
  applied: WorkloadView,
  previous: WorkloadView | undefined,
): WorkloadView {
  if (previous)
    return {
      ...applied,
      uid: previous.uid,
      ...(previous.controller ? { controller: previous.controller } : {}),
      resourceVersion: '',
    };
  return { ...applied, uid: applied.uid || createdUid(refOfObject(applied)), resourceVersion: '' };
}

/**
 * A pod as stored: a pod's spec cannot change once created, so a replace takes only the
 * manifest's labels and annotations; a create gets a UID and its creation time, Pending until a
 * node takes it.
 */
export function storedPod(applied: PodView, previous: PodView | undefined, now: Date): PodView {
  if (previous)
    return podWith(previous, { labels: applied.labels, annotations: applied.annotations });
  return podWith(applied, {
    uid: applied.uid || createdUid(refOfObject(applied)),
    resourceVersion: '',
    creationTimestamp: rfc3339(now),
    phase: 'Pending',
    ready: false,
  });
}

/** A node as stored: a replace takes the manifest's labels, taints and cordon, keeping its status. */
export function storedNode(applied: NodeView, previous: NodeView | undefined): NodeView {
  if (!previous) return applied;
  return {
    ...previous,
    labels: applied.labels,
    taints: applied.taints,
    unschedulable: applied.unschedulable,
    resourceVersion: '',
  };
}
