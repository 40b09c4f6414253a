// Karpenter's pod predicates (pkg/utils/pod/scheduling.go).
import type { PodView } from '../../model/pod.js';
import type { OwnerRef } from '../../model/refs.js';
import { tolerates } from '../../scheduling/fit.js';
import { isDoNotDisruptActive } from './do-not-disrupt.js';
import type { KarpenterClock } from './events.js';

/** `v1.DisruptedNoScheduleTaint`: what Karpenter puts on a node it is disrupting. */
export const DISRUPTED_NO_SCHEDULE_TAINT = Object.freeze({
  key: 'karpenter.sh/disrupted',
  effect: 'NoSchedule',
});

export const isTerminal = (pod: PodView): boolean =>
  pod.phase === 'Failed' || pod.phase === 'Succeeded';

export const isTerminating = (pod: PodView): boolean => pod.deletionTimestamp !== undefined;

/** `IsActive`: neither terminal nor terminating. */
export const isActive = (pod: PodView): boolean => !isTerminal(pod) && !isTerminating(pod);

const owns = (o: OwnerRef | undefined, apiVersion: string, kind: string): boolean =>
  o !== undefined && o.apiVersion === apiVersion && o.kind === kind;

/** `IsOwnedBy`: any owner reference (controller or not) of exactly this apiVersion and kind. */
function isOwnedBy(pod: PodView, apiVersion: string, kind: string): boolean {
  if (owns(pod.controller, apiVersion, kind)) return true;
  return pod.owners?.some((o) => owns(o, apiVersion, kind)) ?? false;
}

/** A static pod's mirror: owned by its `v1` Node (the mirror annotation is not looked at). */
export const isOwnedByNode = (pod: PodView): boolean => isOwnedBy(pod, 'v1', 'Node');
export const isOwnedByDaemonSet = (pod: PodView): boolean => isOwnedBy(pod, 'apps/v1', 'DaemonSet');
export const isOwnedByStatefulSet = (pod: PodView): boolean =>
  isOwnedBy(pod, 'apps/v1', 'StatefulSet');

/** `ToleratesDisruptedNoScheduleTaint`. */
export const toleratesDisruptedTaint = (pod: PodView): boolean =>
  pod.scheduling?.tolerations?.some((t) => tolerates(t, DISRUPTED_NO_SCHEDULE_TAINT)) ?? false;

/** Why Karpenter would not call the eviction API on a pod, in `IsEvictable`'s order of checks. */
export type NotEvictedBecause =
  'terminal' | 'terminating' | 'tolerates-disruption-taint' | 'mirror-pod' | 'do-not-disrupt';

/**
 * `IsEvictable`'s checks one by one: the first that excludes the pod (undefined: Karpenter evicts
 * it). Do-not-disrupt is checked last, so its events come only for pods that got that far.
 */
export function notEvictedBecause(
  pod: PodView,
  clock: KarpenterClock,
): NotEvictedBecause | undefined {
  if (isTerminal(pod)) return 'terminal';
  if (isTerminating(pod)) return 'terminating';
  if (toleratesDisruptedTaint(pod)) return 'tolerates-disruption-taint';
  if (isOwnedByNode(pod)) return 'mirror-pod';
  if (isDoNotDisruptActive(pod, clock)) return 'do-not-disrupt';
  return undefined;
}

/**
 * `IsEvictable`: Karpenter would call the eviction API on it: active, not tolerating its disruption
 * taint, not a mirror pod, no do-not-disrupt in force.
 */
export const isEvictable = (pod: PodView, clock: KarpenterClock): boolean =>
  notEvictedBecause(pod, clock) === undefined;

/** `IsDisruptable`: not active, or no do-not-disrupt in force. */
export const isDisruptable = (pod: PodView, clock: KarpenterClock): boolean =>
  !isActive(pod) || !isDoNotDisruptActive(pod, clock);

/**
 * `IsReschedulable`: active (or a terminating StatefulSet pod, which must go before its
 * replacement comes), and neither a DaemonSet nor a mirror pod.
 */
export const isReschedulable = (pod: PodView): boolean =>
  (isActive(pod) || (isOwnedByStatefulSet(pod) && isTerminating(pod))) &&
  !isOwnedByDaemonSet(pod) &&
  !isOwnedByNode(pod);
