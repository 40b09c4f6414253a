import type { PodView } from '../../model/pod.js';
import { drainable, type ChainVerdict } from './chain.js';
import type { DrainContext, DrainSubject } from './context.js';
import { isDaemonSetPod } from './pod-predicates.js';
import type { DrainabilityRule } from './rules.js';
import type { BlockingReason } from './status.js';

/** One pod the simulation looked at, with the chain's verdict. */
export interface PodDecision extends ChainVerdict {
  readonly pod: PodView;
}

/** `simulator.PodMoveInfo`, with every examined pod's verdict for display. */
export interface PodMoveInfo {
  /** Pods to reschedule elsewhere (terminal pods too: they are DrainOk). */
  podsToMove: PodView[];
  daemonSetPods: PodView[];
  /** `safe-to-evict: on-completion` pods, left to finish. */
  onCompletionPods: PodView[];
  /** The first pod that blocks, with its reason and CA's error; later pods are not examined. */
  blockingPod?: { pod: PodView; reason: BlockingReason; error: string };
  /** The pods examined, in order, each with the rule that decided it. */
  decisions: PodDecision[];
}

/**
 * `simulator.GetPodsToMove`: each pod of the node in order through the rules. Undefined and DrainOk
 * pods move (DaemonSet pods into their own list), WaitForCompletion pods wait, SkipDrain pods are
 * ignored, and the first BlockDrain pod ends the walk: pods already sorted stay where they are.
 */
export function getPodsToMove(
  subjects: Iterable<DrainSubject>,
  rules: readonly DrainabilityRule[],
  ctx: DrainContext,
): PodMoveInfo {
  const out: PodMoveInfo = {
    podsToMove: [],
    daemonSetPods: [],
    onCompletionPods: [],
    decisions: [],
  };
  for (const subject of subjects) {
    const verdict = drainable(rules, subject, ctx);
    const { pod } = subject;
    out.decisions.push({ pod, status: verdict.status, rule: verdict.rule });
    switch (verdict.status.outcome) {
      case 'UndefinedOutcome':
      case 'DrainOk':
        (isDaemonSetPod(pod) ? out.daemonSetPods : out.podsToMove).push(pod);
        break;
      case 'WaitForCompletion':
        out.onCompletionPods.push(pod);
        break;
      case 'SkipDrain':
        break;
      case 'BlockDrain':
        out.blockingPod = {
          pod,
          reason: verdict.status.blockingReason,
          error: verdict.status.error ?? '',
        };
        return out;
    }
  }
  return out;
}
