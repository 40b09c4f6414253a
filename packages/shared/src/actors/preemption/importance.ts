import type { PodView } from '../../model/pod.js';
import { compareInstants, parseInstant, type Instant } from '../go/time.js';
import { podPriority, type PriorityClasses } from './priority.js';

/** What victim ordering reads of a pod, worked out once per decision. */
export interface RankedPod {
  pod: PodView;
  priority: number;
  /** `status.startTime` read, when first asked; null when absent or unreadable. */
  start?: Instant | null;
}

export function rankPod(pod: PodView, classes: PriorityClasses): RankedPod {
  return { pod, priority: podPriority(pod.scheduling, classes) };
}

/** The pod's start time; undefined when it has not started (or the time is unreadable). */
export function startOf(r: RankedPod): Instant | undefined {
  if (r.start === undefined)
    r.start = r.pod.startTime === undefined ? null : (parseInstant(r.pod.startTime) ?? null);
  return r.start ?? undefined;
}

/** `…T..:..:..[.fraction]Z`, as the API server writes every time: no offset to apply. */
const utc = (t: string): boolean => t.charCodeAt(t.length - 1) === 90 && t.charCodeAt(10) === 84;

/**
 * The start times of two pods in the scheduler's order. Two UTC times written alike (same length,
 * so the same number of fractional digits) compare as text, which spares the dry run reading the
 * start time of every pod of every node it tries; any other pair is read to the nanosecond.
 */
function compareStartTimes(a: RankedPod, b: RankedPod): number {
  const x = a.pod.startTime;
  const y = b.pod.startTime;
  if (x !== undefined && y !== undefined && x.length === y.length && utc(x) && utc(y))
    return x < y ? -1 : x > y ? 1 : 0;
  return compareStarts(startOf(a), startOf(b));
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
  const byStart = compareStartTimes(a, b);
  if (byStart !== 0) return byStart;
  return a.pod.uid < b.pod.uid ? -1 : a.pod.uid > b.pod.uid ? 1 : 0;
}

/** Most important first; a copy, stable. */
export const byImportance = <T extends RankedPod>(pods: readonly T[]): T[] =>
  [...pods].sort(compareImportance);
