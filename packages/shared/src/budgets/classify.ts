import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { isDisrupted } from './disrupted.js';
import { notReadyCode, type PodClassification } from './types.js';

function notReadyReason(pod: PodView): string {
  if (pod.phase === 'Pending' || pod.phase === 'Succeeded' || pod.phase === 'Failed')
    return pod.phase;
  return pod.waitingReason === undefined ? 'not Ready' : `not Ready (${pod.waitingReason})`;
}

/**
 * Puts each selected pod in the lane the disruption controller counts it in: `available` is exactly
 * what `countHealthyPods` counts (Ready, not terminating, not in an unexpired disruptedPods entry).
 */
export function classifyPdbPods({
  pdb,
  pods,
  now,
}: {
  pdb: PdbView;
  pods: readonly PodView[];
  now: Date;
}): PodClassification[] {
  const disrupted = pdb.status.disruptedPods;
  return pods.map((pod): PodClassification => {
    if (pod.deletionTimestamp !== undefined)
      return { pod, lane: 'unavailable', code: 'Terminating', reason: 'terminating' };
    if (isDisrupted(pod, disrupted, now)) {
      return {
        pod,
        lane: 'disrupted',
        code: 'Disrupted',
        reason: `in disruptedPods since ${disrupted[pod.name] ?? ''}`,
      };
    }
    if (pod.ready)
      return {
        pod,
        lane: 'available',
        code: 'Ready',
        reason: pod.phase === 'Running' || pod.phase === '' ? 'Ready' : `Ready (${pod.phase})`,
      };
    return { pod, lane: 'unavailable', code: notReadyCode(pod), reason: notReadyReason(pod) };
  });
}
