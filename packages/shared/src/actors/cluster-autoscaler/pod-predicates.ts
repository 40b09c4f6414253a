// The pod tests CA's drainability rules are made of (utils/drain/drain.go, utils/pod/pod.go).
import type { PodView } from '../../model/pod.js';
import { NS_PER_SECOND, parseGoTime } from '../go/time.js';

export const SAFE_TO_EVICT = 'cluster-autoscaler.kubernetes.io/safe-to-evict';
export const SAFE_TO_EVICT_LOCAL_VOLUMES =
  'cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes';
export const DAEMONSET_POD = 'cluster-autoscaler.kubernetes.io/daemonset-pod';
export const CONFIG_MIRROR = 'kubernetes.io/config.mirror';

/** `apiv1.DefaultTerminationGracePeriodSeconds`, and the extra wait CA gives a terminating pod. */
const DEFAULT_GRACE_SECONDS = 30n;
const LONG_TERMINATING_EXTRA_NS = 30n * NS_PER_SECOND;

/** CA's `AllPodLister`: every pod but Succeeded and Failed ones (only listed pods are judged). */
export const isListedPod = (pod: PodView): boolean =>
  pod.phase !== 'Succeeded' && pod.phase !== 'Failed';

/** `pod_util.IsDaemonSetPod`: a controller of kind DaemonSet (any group), or the annotation. */
export const isDaemonSetPod = (pod: PodView): boolean =>
  pod.controller?.kind === 'DaemonSet' || pod.annotations[DAEMONSET_POD] === 'true';

/** `pod_util.IsMirrorPod`: the mirror annotation, whatever its value. */
export const isMirrorPod = (pod: PodView): boolean => pod.annotations[CONFIG_MIRROR] !== undefined;

/** `drain.IsPodTerminal`: Failed whatever the restart policy, or Succeeded and never restarted. */
export function isPodTerminal(pod: PodView): boolean {
  if (pod.phase === 'Failed') return true;
  return (
    pod.phase === 'Succeeded' &&
    (pod.restartPolicy === 'Never' || pod.restartPolicy === 'OnFailure')
  );
}

/** `drain.HasSafeToEvictAnnotation` / `…OnCompletionAnnotation` / `HasNotSafeToEvictAnnotation`. */
export const safeToEvict = (pod: PodView): string | undefined => pod.annotations[SAFE_TO_EVICT];

/**
 * `drain.HasBlockingLocalStorage`: a hostPath, or an emptyDir not in memory, that the
 * comma-separated `safe-to-evict-local-volumes` annotation does not name (an empty value names none).
 */
export function hasBlockingLocalStorage(pod: PodView): boolean {
  const volumes = pod.localStorageVolumes;
  if (volumes === undefined) return false;
  const listed = pod.annotations[SAFE_TO_EVICT_LOCAL_VOLUMES];
  const nonBlocking = new Set(listed ? listed.split(',') : []);
  return volumes.some((name) => !nonBlocking.has(name));
}

/**
 * `drain.IsPodLongTerminating`: deleted, and `deletionTimestamp + grace period (30 s when unset) +
 * 30 s` is strictly before now. A deletionTimestamp that does not parse counts as not deleted.
 */
export function isPodLongTerminating(pod: PodView, nowNs: bigint): boolean {
  if (pod.deletionTimestamp === undefined) return false;
  const deleted = parseGoTime(pod.deletionTimestamp);
  if (deleted === undefined) return false;
  const grace = BigInt(
    Math.trunc(pod.terminationGracePeriodSeconds ?? Number(DEFAULT_GRACE_SECONDS)),
  );
  return deleted + grace * NS_PER_SECOND + LONG_TERMINATING_EXTRA_NS < nowNs;
}
