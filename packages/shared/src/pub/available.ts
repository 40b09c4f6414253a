import type { PodView } from '../model/pod.js';
import { notReadyCode, type PodLaneCode } from '../budgets/types.js';

export const UNAVAILABLE_LABEL_PREFIX = 'unavailable-pod.kruise.io/';
/** `DeletionTimeout` of the PUB controller: an admitted delete/evict must show within 20 s. */
export const PUB_DELETION_TIMEOUT_MS = 20 * 1000;
/** `UpdatedDelayCheckTime`: an admitted in-place update is trusted for 10 s. */
export const PUB_UPDATE_DELAY_MS = 10 * 1000;

/** `kubecontroller.IsPodActive`: not Succeeded/Failed and not terminating. */
export function isPodActive(pod: PodView): boolean {
  return pod.phase !== 'Succeeded' && pod.phase !== 'Failed' && pod.deletionTimestamp === undefined;
}

/** The first `unavailable-pod.kruise.io/` label of the pod, if any. */
export function unavailableLabel(pod: PodView): string | undefined {
  return Object.keys(pod.labels).find((k) => k.startsWith(UNAVAILABLE_LABEL_PREFIX));
}

/** Why the PUB controller does not count the pod as available, or undefined when it does. */
export function pubUnavailability(pod: PodView): { code: PodLaneCode; reason: string } | undefined {
  if (pod.deletionTimestamp !== undefined) return { code: 'Terminating', reason: 'terminating' };
  if (pod.phase !== 'Running')
    return { code: notReadyCode(pod), reason: pod.phase === '' ? 'no phase' : pod.phase };
  if (!pod.ready) {
    return {
      code: 'NotReady',
      reason: pod.waitingReason === undefined ? 'not Ready' : `not Ready (${pod.waitingReason})`,
    };
  }
  const label = unavailableLabel(pod);
  if (label !== undefined) return { code: 'UnavailableLabel', reason: `labelled ${label}` };
  if (!pod.consistent)
    return { code: 'Updating', reason: 'update in progress (state not consistent)' };
  return undefined;
}

export function pubUnavailableReason(pod: PodView): string | undefined {
  return pubUnavailability(pod)?.reason;
}

/** Running, Ready, not terminating, no unavailable label, state consistent. */
export function isPubPodAvailable(pod: PodView): boolean {
  return pubUnavailableReason(pod) === undefined;
}
