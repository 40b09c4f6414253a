import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { timeMs } from './time.js';
import type { BudgetEvent } from './types.js';

/** `DeletionTimeout`: how long an admitted eviction may stay unconfirmed. */
export const PDB_DELETION_TIMEOUT_MS = 2 * 60 * 1000;

export interface DisruptedPodMap {
  /** The pruned `status.disruptedPods`. */
  disruptedPods: Record<string, string>;
  /** The earliest time an entry kept expires (ms since epoch). */
  recheckAtMs?: number;
  events: BudgetEvent[];
}

/**
 * `buildDisruptedPodMap`: keeps an entry only for a selected, not-terminating pod whose eviction is
 * less than 2 minutes old; an expired one is dropped with a NotDeleted event on the pod.
 */
export function buildDisruptedPodMap(
  pdb: PdbView,
  pods: readonly PodView[],
  now: Date,
): DisruptedPodMap {
  const input = pdb.status.disruptedPods;
  const result: DisruptedPodMap = { disruptedPods: {}, events: [] };
  if (Object.keys(input).length === 0) return result;
  const nowMs = now.getTime();
  for (const pod of pods) {
    if (pod.deletionTimestamp !== undefined) continue;
    const at = input[pod.name];
    if (at === undefined) continue;
    const expiresAt = timeMs(at) + PDB_DELETION_TIMEOUT_MS;
    if (expiresAt < nowMs) {
      result.events.push({
        type: 'Warning',
        reason: 'NotDeleted',
        // Upstream prints the PDB namespace twice.
        message: `Pod was expected by PDB ${pdb.namespace}/${pdb.namespace} to be deleted but it wasn't`,
        object: { kind: 'Pod', namespace: pod.namespace, name: pod.name },
      });
      continue;
    }
    result.disruptedPods[pod.name] = at;
    if (result.recheckAtMs === undefined || expiresAt < result.recheckAtMs)
      result.recheckAtMs = expiresAt;
  }
  return result;
}

/** Whether the map has any entry, without listing its keys. */
export function hasEntries(map: Readonly<Record<string, string>>): boolean {
  for (const _ in map) return true;
  return false;
}

/**
 * True when the pod is in the (pruned) map with an entry that has not expired. Almost every budget
 * has an empty map, and a keyed lookup on a parsed object is costly at 150,000 pods, so the empty
 * case is answered first.
 */
export function isDisrupted(
  pod: PodView,
  disruptedPods: Readonly<Record<string, string>>,
  now: Date,
): boolean {
  if (!hasEntries(disruptedPods)) return false;
  const at = disruptedPods[pod.name];
  return at !== undefined && timeMs(at) + PDB_DELETION_TIMEOUT_MS > now.getTime();
}

/** `countHealthyPods`: not terminating, not disrupted, Ready (phase is ignored). */
export function isPdbHealthy(
  pod: PodView,
  disruptedPods: Readonly<Record<string, string>>,
  now: Date,
): boolean {
  return pod.deletionTimestamp === undefined && !isDisrupted(pod, disruptedPods, now) && pod.ready;
}

export function countHealthyPods(
  pods: readonly PodView[],
  disruptedPods: Readonly<Record<string, string>>,
  now: Date,
): number {
  let n = 0;
  if (!hasEntries(disruptedPods)) {
    for (const pod of pods) if (pod.deletionTimestamp === undefined && pod.ready) n++;
    return n;
  }
  for (const pod of pods) if (isPdbHealthy(pod, disruptedPods, now)) n++;
  return n;
}
