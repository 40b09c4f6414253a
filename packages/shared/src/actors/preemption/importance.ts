import type { PodView } from '../../model/pod.js';
import { compareInstants, parseInstant, type Instant } from './instant.js';
import { podPriority, type PriorityClasses } from './priority.js';

/** What victim ordering reads of a pod, worked out once per decision. */
export interface RankedPod {
  pod: PodView;
  priority: number;
  /** `status.startTime`; undefined when the pod has not started (or the time is unreadable). */
  start: Instant | undefined;
}

export function rankPod(pod: PodView, classes: PriorityClasses): RankedPod {
  const start = pod.startTime === undefined ? undefined : parseInstant(pod.startTime);
  return { pod, priority: podPriority(pod.scheduling, classes), start };
}

/**
 * Start times in the scheduler's order, where a pod that has not started counts as starting "now"
 * (`util.GetPodStartTime`): later than any pod that has. Two such pods tie; newer main makes that
 * explicit with a fixed far-future sentinel instead of reading the clock during the sort.
 */
export function compareStarts(a: Instant | undefined, b: Instant | undefined): number {
  if (a === undefined || b === undefined)
    return (a === undefined ? 1 : 0) - (b === undefined ? 1 : 0);
  return compareInstants(a, b);
}

/**
 * Negative when `a` is the more important victim (`preemption.MoreImportantVictim` for single
 * pods, current main at util.go@1d54bff3): higher priority; then the earlier start; then the
 * smaller UID. VERSION-SENSITIVE: up to default_preemption.go@008b3652 (`util.MoreImportantPod`
 * under an unstable `sort.Slice`) the order stopped at the start time, so equally old pods came out
 * in any order; the UID tie-break came with the workload-aware preemption refactor on main (a
 * write-up attributes it to PR #140999; no release containing it could be checked). Still tied
 * (pods without UIDs): the order given, which the stable sort keeps.
 */
export function compareImportance(a: RankedPod, b: RankedPod): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  const byStart = compareStarts(a.start, b.start);
  if (byStart !== 0) return byStart;
  return a.pod.uid < b.pod.uid ? -1 : a.pod.uid > b.pod.uid ? 1 : 0;
}

/** Most important first; a copy, stable. */
export const byImportance = <T extends RankedPod>(pods: readonly T[]): T[] =>
  [...pods].sort(compareImportance);
