// OpenKruise ControllerFinder (pkg/util/controllerfinder): workload scale for a reference.
import { parseGroupVersion } from '../budgets/group-version.js';
import type { WorkloadLookup } from '../budgets/workload-lookup.js';
import type { WorkloadView } from '../model/workload.js';

export const KRUISE_APPS_GROUP = 'apps.kruise.io';
/** `ReplicasUnknown`: what the "object exists" finder reports for a workload without a known scale. */
export const REPLICAS_UNKNOWN = -1;

export interface KruiseRef {
  apiVersion: string;
  kind: string;
  name: string;
  /** Empty: any UID (a targetRef has none). */
  uid: string;
}

export interface ScaleAndSelector {
  workload: WorkloadView;
  scale: number;
}

/** The API group each built-in kind is looked up in (unlike the PDB controller, no `extensions`). */
const BUILT_IN_GROUPS: ReadonlyArray<{ kind: string; group: string }> = [
  { kind: 'ReplicationController', group: '' },
  { kind: 'Deployment', group: 'apps' },
  { kind: 'ReplicaSet', group: 'apps' },
  { kind: 'StatefulSet', group: 'apps' },
  { kind: 'CloneSet', group: KRUISE_APPS_GROUP },
  { kind: 'StatefulSet', group: KRUISE_APPS_GROUP },
];

function live(w: WorkloadView | undefined, uid: string): WorkloadView | undefined {
  if (!w || (uid !== '' && w.uid !== uid)) return undefined;
  return w;
}

/**
 * `GetScaleAndSelectorForRef`: RC, Deployment (directly or through its ReplicaSet), ReplicaSet,
 * StatefulSet, CloneSet, Advanced StatefulSet, /scale, and finally any existing object
 * (`REPLICAS_UNKNOWN`). Undefined when nothing is found (NotFound is not an error here).
 */
export function kruiseScaleForRef(
  ref: KruiseRef,
  namespace: string,
  lookup: WorkloadLookup,
): ScaleAndSelector | undefined {
  const gv = parseGroupVersion(ref.apiVersion);
  if (!gv.ok) return undefined;
  const group = gv.value.group;
  const find = (g: string, kind: string, name: string, uid: string) =>
    live(lookup.find({ namespace, group: g, kind, name }), uid);

  if (ref.kind === 'ReplicaSet' && group === 'apps') {
    const rs = find('apps', 'ReplicaSet', ref.name, ref.uid);
    if (!rs) return undefined;
    const owner = rs.controller;
    if (owner?.kind === 'Deployment') {
      const ownerGroup = parseGroupVersion(owner.apiVersion);
      const dep =
        ownerGroup.ok && ownerGroup.value.group === 'apps'
          ? find('apps', 'Deployment', owner.name, owner.uid)
          : undefined;
      return dep ? { workload: dep, scale: dep.replicas ?? 0 } : undefined;
    }
    return { workload: rs, scale: rs.replicas ?? 0 };
  }
  const builtIn = BUILT_IN_GROUPS.find((b) => b.kind === ref.kind && b.group === group);
  if (builtIn) {
    const w = find(group, ref.kind, ref.name, ref.uid);
    return w ? { workload: w, scale: w.replicas ?? 0 } : undefined;
  }
  const w = find(group, ref.kind, ref.name, ref.uid);
  if (!w) return undefined;
  const mapping = lookup.apiResource(group, ref.kind);
  if (mapping?.scale) return { workload: w, scale: w.replicas ?? 0 };
  return { workload: w, scale: REPLICAS_UNKNOWN };
}
