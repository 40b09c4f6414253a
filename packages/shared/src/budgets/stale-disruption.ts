import type { PodView } from '../model/pod.js';
import { timeMs } from './time.js';

/** `stalePodDisruptionTimeout`: how long a DisruptionTarget condition may wait for the pod's deletion. */
export const STALE_POD_DISRUPTION_TIMEOUT_MS = 2 * 60 * 1000;

export type StaleDisruption =
  | { hasCondition: false }
  /** `cleanAfterSeconds` 0: the controller flips DisruptionTarget to False now; otherwise it checks again then. */
  | { hasCondition: true; cleanAfterSeconds: number };

/**
 * `nonTerminatingPodHasStaleDisruptionCondition` (docs/semantics.md §4.9): a pod that is not terminating and not
 * terminal, whose DisruptionTarget=True was not set by the kubelet, is cleaned up two minutes after
 * the condition's lastTransitionTime.
 */
export function staleDisruption(pod: PodView, now: Date): StaleDisruption {
  const c = pod.disruptionTarget;
  if (
    pod.deletionTimestamp !== undefined ||
    !c ||
    c.status !== 'True' ||
    c.reason === 'TerminationByKubelet'
  )
    return { hasCondition: false };
  if (pod.phase === 'Succeeded' || pod.phase === 'Failed') return { hasCondition: false };
  const since =
    c.lastTransitionTime === undefined ? Number.NEGATIVE_INFINITY : timeMs(c.lastTransitionTime);
  const waitMs = STALE_POD_DISRUPTION_TIMEOUT_MS - (now.getTime() - since);
  return { hasCondition: true, cleanAfterSeconds: Math.max(0, waitMs / 1000) };
}
