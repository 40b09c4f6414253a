// The disruption controller's finders (pkg/controller/disruption/disruption.go, `finders()`):
// each maps a pod's controllerRef to (uid, scale) or "no result"; an error aborts the sync.
import type { OwnerRef } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';
import type { Result } from '../result/index.js';
import { parseGroupVersion } from './group-version.js';
import type { WorkloadLookup } from './workload-lookup.js';

export interface ControllerAndScale {
  kind: string;
  name: string;
  uid: string;
  scale: number;
}

/** The controller and its scale, undefined when the finder does not know the ref; an error aborts. */
type FinderResult = Result<ControllerAndScale | undefined>;

type Finder = (ref: OwnerRef, namespace: string, lookup: WorkloadLookup) => FinderResult;

const NONE: FinderResult = { ok: true, value: undefined };

/** `verifyGroupKind`: an unparsable apiVersion is an error, a different kind or group is false. */
function verifyGroupKind(ref: OwnerRef, kind: string, groups: readonly string[]): Result<boolean> {
  const gv = parseGroupVersion(ref.apiVersion);
  if (!gv.ok) return gv;
  return { ok: true, value: ref.kind === kind && groups.includes(gv.value.group) };
}

function verified(
  ref: OwnerRef,
  kind: string,
  groups: readonly string[],
): FinderResult | undefined {
  const v = verifyGroupKind(ref, kind, groups);
  if (!v.ok) return v;
  return v.value ? undefined : NONE;
}

function found(kind: string, name: string, uid: string, scale: number | undefined): FinderResult {
  return { ok: true, value: { kind, name, uid, scale: scale ?? 0 } };
}

const RS_GROUPS = ['apps', 'extensions'];

/**
 * `getPodReplicaSet`: the live ReplicaSet a ref names (group apps or extensions, same UID), or the
 * finder result to return right away (an error, or "no result" for another kind).
 */
function replicaSetOf(
  ref: OwnerRef,
  namespace: string,
  lookup: WorkloadLookup,
): WorkloadView | FinderResult {
  const no = verified(ref, 'ReplicaSet', RS_GROUPS);
  if (no) return no;
  const rs = lookup.find({ namespace, group: 'apps', kind: 'ReplicaSet', name: ref.name });
  return rs && rs.uid === ref.uid ? rs : NONE;
}

const isResult = (v: WorkloadView | FinderResult): v is FinderResult => 'ok' in v;

const replicationControllerFinder: Finder = (ref, namespace, lookup) => {
  const no = verified(ref, 'ReplicationController', ['']);
  if (no) return no;
  const rc = lookup.find({ namespace, group: '', kind: 'ReplicationController', name: ref.name });
  return rc && rc.uid === ref.uid ? found(rc.kind, rc.name, rc.uid, rc.replicas) : NONE;
};

const deploymentFinder: Finder = (ref, namespace, lookup) => {
  const rs = replicaSetOf(ref, namespace, lookup);
  if (isResult(rs)) return rs;
  const depRef = rs.controller;
  if (!depRef) return NONE;
  const noDep = verified(depRef, 'Deployment', RS_GROUPS);
  if (noDep) return noDep;
  const dep = lookup.find({ namespace, group: 'apps', kind: 'Deployment', name: depRef.name });
  return dep && dep.uid === depRef.uid ? found(dep.kind, dep.name, dep.uid, dep.replicas) : NONE;
};

const replicaSetFinder: Finder = (ref, namespace, lookup) => {
  const rs = replicaSetOf(ref, namespace, lookup);
  if (isResult(rs)) return rs;
  // A ReplicaSet controlled by a Deployment is only ever counted through the Deployment.
  if (rs.controller?.kind === 'Deployment') return NONE;
  return found(rs.kind, rs.name, rs.uid, rs.replicas);
};

const statefulSetFinder: Finder = (ref, namespace, lookup) => {
  const no = verified(ref, 'StatefulSet', ['apps']);
  if (no) return no;
  const ss = lookup.find({ namespace, group: 'apps', kind: 'StatefulSet', name: ref.name });
  return ss && ss.uid === ref.uid ? found(ss.kind, ss.name, ss.uid, ss.replicas) : NONE;
};

/** Go's `NoKindMatchError.Error()` for a lookup with one version (or none). */
export function noKindMatchError(kind: string, group: string, version: string): string {
  if (version === '') return `no matches for kind "${kind}" in group "${group}"`;
  const gv = group === '' ? version : `${group}/${version}`;
  return `no matches for kind "${kind}" in version "${gv}"`;
}

const scaleFinder: Finder = (ref, namespace, lookup) => {
  const parsed = parseGroupVersion(ref.apiVersion);
  if (!parsed.ok) return parsed;
  const gv = parsed.value;
  const mapping = lookup.apiResource(gv.group, ref.kind);
  if (!mapping) return { ok: false, error: noKindMatchError(ref.kind, gv.group, gv.version) };
  const target = lookup.find({ namespace, group: gv.group, kind: ref.kind, name: ref.name });
  if (!target || !mapping.scale) {
    // NotFound: either no such object or no /scale; discovery tells which.
    if (!mapping.scale) {
      const gr = gv.group === '' ? mapping.resource : `${mapping.resource}.${gv.group}`;
      return { ok: false, error: `${gr} does not implement the scale subresource` };
    }
    return NONE;
  }
  return target.uid === ref.uid
    ? found(target.kind, target.name, target.uid, target.replicas)
    : NONE;
};

/** The fixed order of `finders()`: the first result wins. */
export const PDB_FINDERS: readonly Finder[] = [
  replicationControllerFinder,
  deploymentFinder,
  replicaSetFinder,
  statefulSetFinder,
  scaleFinder,
];

/** Runs the finders for one controllerRef; the value is undefined when no finder knew it. */
export function findControllerScale(
  ref: OwnerRef,
  namespace: string,
  lookup: WorkloadLookup,
): FinderResult {
  for (const finder of PDB_FINDERS) {
    const r = finder(ref, namespace, lookup);
    if (!r.ok || r.value) return r;
  }
  return NONE;
}
