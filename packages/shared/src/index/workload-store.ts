import {
  workloadLookupFromList,
  type WorkloadLookup,
  type WorkloadQuery,
} from '../budgets/workload-lookup.js';
import { groupOf } from '../model/refs.js';
import type { ApiResourceInfo, WorkloadView } from '../model/workload.js';

/**
 * Workloads held incrementally, served through the engine's `WorkloadLookup`. Every lookup can be
 * recorded, so the index knows exactly which budgets a workload change can affect.
 */
export interface WorkloadStore {
  byKey: Map<string, WorkloadView>;
  /** namespace + owner UID → keys of the workloads it controls (a Deployment's ReplicaSets). */
  byOwner: Map<string, Set<string>>;
  mapper: Pick<WorkloadLookup, 'apiResource'>;
  /** The custom kinds the mapper knows beyond the built-in ones (a copy of the index starts from them). */
  apiResources: Readonly<Record<string, ApiResourceInfo>>;
}

// The listers are typed, not versioned: an `extensions` ReplicaSet is the `apps` one.
const sameGroup = (group: string): string => (group === 'extensions' ? 'apps' : group);

/** The dependency key a lookup of this workload records (and a change of it invalidates). */
export function workloadDependency(
  namespace: string,
  group: string,
  kind: string,
  name: string,
): string {
  // Joined, not a template (see refKey): these are Map keys for every workload.
  return ['w', namespace, sameGroup(group), kind, name].join('\u0000');
}

/** The dependency key of a `controlledBy(namespace, ownerUid)` lookup. */
export function ownerDependency(namespace: string, ownerUid: string): string {
  return ['o', namespace, ownerUid].join('\u0000');
}

export function createWorkloadStore(
  apiResources: Readonly<Record<string, ApiResourceInfo>> = {},
): WorkloadStore {
  return {
    byKey: new Map(),
    byOwner: new Map(),
    mapper: workloadLookupFromList([], apiResources),
    apiResources,
  };
}

/** Replaces the REST mapper's custom kinds (learnt while loading, e.g. from owners' /scale). */
export function setApiResources(
  store: WorkloadStore,
  apiResources: Readonly<Record<string, ApiResourceInfo>>,
): void {
  store.mapper = workloadLookupFromList([], apiResources);
  store.apiResources = apiResources;
}

function keyOf(w: WorkloadView): string {
  return workloadDependency(w.namespace, groupOf(w.apiVersion), w.kind, w.name);
}

/** Adds or replaces a workload; returns the dependency keys whose answers may have changed. */
export function putWorkload(store: WorkloadStore, w: WorkloadView): string[] {
  const key = keyOf(w);
  const old = store.byKey.get(key);
  const touched = [key];
  if (old?.controller) touched.push(unlinkOwner(store, old, key));
  store.byKey.set(key, w);
  if (w.controller) {
    const ok = ownerDependency(w.namespace, w.controller.uid);
    const set = store.byOwner.get(ok) ?? new Set<string>();
    set.add(key);
    store.byOwner.set(ok, set);
    touched.push(ok);
  }
  return touched;
}

/** Removes a workload; returns the dependency keys whose answers may have changed. */
export function dropWorkload(
  store: WorkloadStore,
  w: { namespace: string; apiVersion: string; kind: string; name: string },
): string[] {
  const key = workloadDependency(w.namespace, groupOf(w.apiVersion), w.kind, w.name);
  const old = store.byKey.get(key);
  if (!old) return [];
  store.byKey.delete(key);
  return old.controller ? [key, unlinkOwner(store, old, key)] : [key];
}

function unlinkOwner(store: WorkloadStore, w: WorkloadView, key: string): string {
  const ok = ownerDependency(w.namespace, w.controller?.uid ?? '');
  const set = store.byOwner.get(ok);
  set?.delete(key);
  if (set?.size === 0) store.byOwner.delete(ok);
  return ok;
}

/** A lookup over the store; when `record` is given, every dependency key it answers from is added to it. */
export function storeLookup(store: WorkloadStore, record?: Set<string>): WorkloadLookup {
  return {
    find: (q: WorkloadQuery) => {
      const key = workloadDependency(q.namespace, q.group, q.kind, q.name);
      record?.add(key);
      return store.byKey.get(key);
    },
    apiResource: (group, kind) => store.mapper.apiResource(group, kind),
    controlledBy: (namespace, ownerUid) => {
      const ok = ownerDependency(namespace, ownerUid);
      record?.add(ok);
      const keys = store.byOwner.get(ok);
      if (!keys) return [];
      const out: WorkloadView[] = [];
      for (const k of keys) {
        const w = store.byKey.get(k);
        if (w) out.push(w);
      }
      return out;
    },
  };
}
