import type { PodView } from '../model/pod.js';

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
export function pubUnavailableReason(pod: PodView): string | undefined {
  if (pod.deletionTimestamp !== undefined) return 'terminating';
  if (pod.phase !== 'Running') return pod.phase === '' ? 'no phase' : pod.phase;
  if (!pod.ready) return pod.waitingReason === undefined ? 'not Ready' : `not Ready (${pod.waitingReason})`;
  const label = unavailableLabel(pod);
  if (label !== undefined) return `labelled ${label}`;
  if (!pod.consistent) return 'update in progress (state not consistent)';
  return undefined;
}

/** Running, Ready, not terminating, no unavailable label, state consistent. */
export function isPubPodAvailable(pod: PodView): boolean {
  return pubUnavailableReason(pod) === undefined;
}
