import { groupOf } from '../model/refs.js';
import type { ApiResourceInfo, WorkloadView } from '../model/workload.js';

/** What a finder asks for: a workload by namespace, API group, kind and name. */
export interface WorkloadQuery {
  namespace: string;
  group: string;
  kind: string;
  name: string;
}

/**
 * The controllers' view of workloads: the listers (`find`), and the REST mapper + discovery
 * (`apiResource`: which resource serves a group/kind and whether it has `/scale`; undefined = no match).
 */
export interface WorkloadLookup {
  find(q: WorkloadQuery): WorkloadView | undefined;
  apiResource(group: string, kind: string): ApiResourceInfo | undefined;
  /**
   * The workloads of a namespace whose controller is the object with this UID (e.g. a Deployment's
   * ReplicaSets). Optional: OpenKruise's targetRef lookup of a Deployment uses it; without it the
   * Deployment's own UID is used.
   */
  controlledBy?(namespace: string, ownerUid: string): WorkloadView[];
}

/** The kinds every cluster's REST mapper knows, keyed `group/Kind` (core group: `/Kind`). */
export const BUILT_IN_API_RESOURCES: Readonly<Record<string, ApiResourceInfo>> = {
  '/ReplicationController': { resource: 'replicationcontrollers', scale: true },
  'apps/ReplicaSet': { resource: 'replicasets', scale: true },
  'apps/Deployment': { resource: 'deployments', scale: true },
  'apps/StatefulSet': { resource: 'statefulsets', scale: true },
  'apps/DaemonSet': { resource: 'daemonsets', scale: false },
  'batch/Job': { resource: 'jobs', scale: false },
  'batch/CronJob': { resource: 'cronjobs', scale: false },
  '/Node': { resource: 'nodes', scale: false },
  '/Pod': { resource: 'pods', scale: false },
};

// The finders accept either group for these kinds (listers are typed, not versioned).
const LEGACY_GROUP: Readonly<Record<string, string>> = { extensions: 'apps' };
const normalGroup = (group: string): string => LEGACY_GROUP[group] ?? group;

const workloadKey = (namespace: string, group: string, kind: string, name: string): string =>
  `${namespace}\u0000${normalGroup(group)}\u0000${kind}\u0000${name}`;

/**
 * A lookup over plain lists (tests, the oracle, snapshot files). `apiResources` adds custom kinds to
 * the built-in ones, keyed `group/Kind`; a key matches the kind case-insensitively.
 */
export function workloadLookupFromList(
  workloads: readonly WorkloadView[],
  apiResources: Readonly<Record<string, ApiResourceInfo>> = {},
): WorkloadLookup {
  const byKey = new Map<string, WorkloadView>();
  const byOwner = new Map<string, WorkloadView[]>();
  for (const w of workloads) {
    byKey.set(workloadKey(w.namespace, groupOf(w.apiVersion), w.kind, w.name), w);
    if (w.controller) {
      const k = `${w.namespace}\u0000${w.controller.uid}`;
      byOwner.set(k, [...(byOwner.get(k) ?? []), w]);
    }
  }
  const resources = new Map<string, ApiResourceInfo>();
  for (const [k, v] of Object.entries({ ...BUILT_IN_API_RESOURCES, ...apiResources }))
    resources.set(k.toLowerCase(), v);
  return {
    find: (q) => byKey.get(workloadKey(q.namespace, q.group, q.kind, q.name)),
    apiResource: (group, kind) => resources.get(`${group}/${kind}`.toLowerCase()),
    controlledBy: (namespace, ownerUid) => byOwner.get(`${namespace}\u0000${ownerUid}`) ?? [],
  };
}
