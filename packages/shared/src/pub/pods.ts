import { parseGroupVersion } from '../budgets/group-version.js';
import type { Result } from '../result/index.js';
import type { WorkloadLookup } from '../budgets/workload-lookup.js';
import type { PubView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { PUB_PROTECT_TOTAL_REPLICAS_ANNOTATION } from '../model/convert.js';
import { parseSelector, selectorMatches } from '../selectors/selector.js';
import { isPodActive } from './available.js';
import { KRUISE_APPS_GROUP, kruiseScaleForRef } from './finders.js';

/**
 * Which pods of its namespace a PUB covers, as a predicate an index can keep incrementally, plus the
 * expected count (`totalReplicas` before `protectTotalReplicas`).
 */
export interface PubCoverage {
  covers: (pod: PodView) => boolean;
  expectedFromPods: boolean;
  targetReplicas: number;
  selectorFallback?: (pod: PodView) => boolean;
  /** Why nothing is covered although a selector is set (it does not convert). */
  warning?: string;
}

const TARGET_GROUPS: Readonly<Record<string, readonly string[]>> = {
  ReplicaSet: ['apps'],
  Deployment: ['apps'],
  StatefulSet: ['apps', KRUISE_APPS_GROUP],
  ReplicationController: [''],
  CloneSet: [KRUISE_APPS_GROUP],
};

const NOTHING: PubCoverage = { covers: () => false, expectedFromPods: false, targetReplicas: 0 };
const COVERS_NOTHING: Result<PubCoverage> = { ok: true, value: NOTHING };

/** `ControllerFinder.GetPodsForRef` for a targetRef PUB (the workload's own pods). */
function targetCoverage(pub: PubView, lookup: WorkloadLookup): Result<PubCoverage> {
  const ref = pub.spec.targetRef;
  if (!ref) return COVERS_NOTHING;
  const gv = parseGroupVersion(ref.apiVersion);
  if (!gv.ok) return gv;
  const { group } = gv.value;
  const groups = TARGET_GROUPS[ref.kind];
  if (groups && !groups.includes(group)) return COVERS_NOTHING;
  const workload = lookup.find({ namespace: pub.namespace, group, kind: ref.kind, name: ref.name });
  if (!workload || workload.deletionTimestamp !== undefined) return COVERS_NOTHING;
  const replicas = groups
    ? (workload.replicas ?? 0)
    : (kruiseScaleForRef({ ...ref, uid: '' }, pub.namespace, lookup)?.scale ?? 0);
  if (replicas === 0) return COVERS_NOTHING;
  let uids = [workload.uid];
  if (ref.kind === 'Deployment') {
    const rss = (lookup.controlledBy?.(pub.namespace, workload.uid) ?? []).filter(
      (w) => w.kind === 'ReplicaSet' && w.deletionTimestamp === undefined,
    );
    if (rss.length > 0) uids = rss.map((rs) => rs.uid);
  }
  const owned = new Set(uids);
  const covers = (pod: PodView) =>
    pod.namespace === pub.namespace &&
    pod.controller !== undefined &&
    owned.has(pod.controller.uid);
  const base: PubCoverage = { covers, expectedFromPods: false, targetReplicas: replicas };
  // Custom workloads: when no pod is owned, the scale's selector picks them.
  if (!groups && workload.selector) {
    const parsed = parseSelector(workload.selector);
    if (parsed.ok) {
      const sel = parsed.value;
      return {
        ok: true,
        value: {
          ...base,
          selectorFallback: (pod) =>
            pod.namespace === pub.namespace && selectorMatches(sel, pod.labels),
        },
      };
    }
  }
  return { ok: true, value: base };
}

/** The coverage of a PUB: targetRef wins over selector (as in the controller). */
export function pubCoverage(pub: PubView, lookup: WorkloadLookup): Result<PubCoverage> {
  if (pub.spec.targetRef) return targetCoverage(pub, lookup);
  const parsed = parseSelector(pub.spec.selector);
  // The controller logs an unconvertible selector and protects nothing; it is not a reconcile error.
  if (!parsed.ok)
    return {
      ok: true,
      value: {
        ...NOTHING,
        expectedFromPods: true,
        warning: `spec.selector does not convert: ${parsed.error}`,
      },
    };
  const sel = parsed.value;
  return {
    ok: true,
    value: {
      covers: (pod) => pod.namespace === pub.namespace && selectorMatches(sel, pod.labels),
      expectedFromPods: true,
      targetReplicas: 0,
    },
  };
}

/** The active pods a PUB protects, from the pods of its namespace. */
export function pubPods(coverage: PubCoverage, podsInNamespace: readonly PodView[]): PodView[] {
  if (!coverage.expectedFromPods && coverage.targetReplicas === 0) return [];
  const active = podsInNamespace.filter(isPodActive);
  const pods = active.filter(coverage.covers);
  if (pods.length === 0 && coverage.selectorFallback)
    return active.filter(coverage.selectorFallback);
  return pods;
}

/** `GetExpectedScaleForPods`: Σ scale of the distinct live workloads of the pods; bare pods skipped. */
export function expectedScaleForPods(pods: readonly PodView[], lookup: WorkloadLookup): number {
  const scales = new Map<string, number>();
  for (const pod of pods) {
    const ref = pod.controller;
    if (!ref || scales.has(ref.uid)) continue;
    const found = kruiseScaleForRef(ref, pod.namespace, lookup);
    if (found && found.workload.deletionTimestamp === undefined)
      scales.set(found.workload.uid, found.scale);
  }
  let total = 0;
  for (const s of scales.values()) total += s;
  return total;
}

/** `spec.protectTotalReplicas`, or the v1alpha1 annotation when it is a valid int32. */
export function protectTotalReplicas(pub: PubView): number | undefined {
  if (pub.spec.protectTotalReplicas !== undefined) return pub.spec.protectTotalReplicas;
  const text = pub.annotations[PUB_PROTECT_TOTAL_REPLICAS_ANNOTATION];
  if (text === undefined || !/^[+-]?\d+$/.test(text)) return undefined;
  const n = Number.parseInt(text, 10);
  return n >= -2147483648 && n <= 2147483647 ? n : undefined;
}
