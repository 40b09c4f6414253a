import type { PodView } from '../../model/pod.js';
import type { FilterCode } from '../../scheduling/fit.js';
import { occupiesNode } from '../../scheduling/ledger.js';
import { podPreemptionPolicy, podPriority, type PriorityClasses } from './priority.js';

export type Eligibility = { eligible: true } | { eligible: false; reason: string };

/**
 * `PodTerminatingByPreemption`: deleted, and the pod's first DisruptionTarget condition is True
 * with reason PreemptionByScheduler (the scheduler sets it before deleting a victim).
 */
export function terminatingByPreemption(pod: PodView): boolean {
  return (
    pod.deletionTimestamp !== undefined &&
    pod.disruptionTarget?.status === 'True' &&
    pod.disruptionTarget.reason === 'PreemptionByScheduler'
  );
}

/**
 * `PodEligibleToPreemptOthers`: a pod with `preemptionPolicy: Never` waits; a pod that already
 * preempted (it has a nominated node) waits while a lower-priority victim there is still
 * terminating, unless the filters now call that node `UnschedulableAndUnresolvable`.
 */
export function podEligibleToPreemptOthers(input: {
  preemptor: PodView;
  /** The filters' code on the nominated node; undefined = Success. */
  nominatedNodeStatus: FilterCode | undefined;
  /** The pods bound to the nominated node. */
  podsOnNominatedNode: readonly PodView[];
  classes: PriorityClasses;
}): Eligibility {
  const { preemptor, classes } = input;
  if (podPreemptionPolicy(preemptor.scheduling, classes) === 'Never')
    return { eligible: false, reason: 'not eligible due to preemptionPolicy=Never.' };
  if (preemptor.nominatedNodeName === undefined) return { eligible: true };
  if (input.nominatedNodeStatus === 'UnschedulableAndUnresolvable') return { eligible: true };
  const priority = podPriority(preemptor.scheduling, classes);
  const waiting = input.podsOnNominatedNode.some(
    (p) =>
      occupiesNode(p) &&
      podPriority(p.scheduling, classes) < priority &&
      terminatingByPreemption(p),
  );
  return waiting
    ? { eligible: false, reason: 'not eligible due to a terminating pod on the nominated node.' }
    : { eligible: true };
}
