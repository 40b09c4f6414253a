// CA's drainability rules but ReplicaCount (simulator/drainability/rules/*/rule.go), one function
// each: the rule's verdict on one pod, UndefinedOutcome when it has nothing to say.
import { GO_ZERO_TIME_NS, parseGoTime } from '../go/time.js';
import type { DrainContext, DrainSubject } from './context.js';
import {
  hasBlockingLocalStorage,
  isDaemonSetPod,
  isMirrorPod,
  isPodLongTerminating,
  isPodTerminal,
  safeToEvict,
} from './pod-predicates.js';
import {
  blocked,
  DRAIN_OK,
  SKIP_DRAIN,
  UNDEFINED_STATUS,
  WAIT_FOR_COMPLETION,
  type DrainStatus,
} from './status.js';

/** One rule: its name (as CA logs it) and its verdict on a pod. */
export interface DrainabilityRule {
  readonly name: string;
  drainable(subject: DrainSubject, ctx: DrainContext): DrainStatus;
}

const rule = (
  name: string,
  drainable: (subject: DrainSubject, ctx: DrainContext) => DrainStatus,
): DrainabilityRule => ({ name, drainable });

export const mirrorRule = rule('Mirror', ({ pod }) =>
  isMirrorPod(pod) ? SKIP_DRAIN : UNDEFINED_STATUS,
);

export const longTerminatingRule = rule('LongTerminating', ({ pod }, ctx) =>
  isPodLongTerminating(pod, ctx.nowNs) ? SKIP_DRAIN : UNDEFINED_STATUS,
);

export const daemonSetRule = rule('DaemonSet', ({ pod }) =>
  isDaemonSetPod(pod) ? DRAIN_OK : UNDEFINED_STATUS,
);

export const safeToEvictRule = rule('SafeToEvict', ({ pod }) =>
  safeToEvict(pod) === 'true' ? DRAIN_OK : UNDEFINED_STATUS,
);

export const terminalRule = rule('Terminal', ({ pod }) =>
  isPodTerminal(pod) ? DRAIN_OK : UNDEFINED_STATUS,
);

// safe-to-evict: on-completion (WaitForCompletion) exists since cluster-autoscaler 1.36.
export const onCompletionRule = rule('OnCompletion', ({ pod }) =>
  safeToEvict(pod) === 'on-completion' ? WAIT_FOR_COMPLETION : UNDEFINED_STATUS,
);

/** The controller kinds Replicated accepts when custom controllers are not trusted. */
const REPLICATED_KINDS: ReadonlySet<string> = new Set([
  'ReplicationController',
  'Job',
  'ReplicaSet',
  'StatefulSet',
]);

/** Replicated: a pod without a controller blocks; with the option, only the built-in kinds count. */
export function replicatedRule(skipNodesWithCustomControllerPods: boolean): DrainabilityRule {
  return rule('Replicated', ({ pod }) => {
    const controller = pod.controller;
    const replicated =
      controller !== undefined &&
      (!skipNodesWithCustomControllerPods || REPLICATED_KINDS.has(controller.kind));
    return replicated
      ? UNDEFINED_STATUS
      : blocked('NotReplicated', `${pod.namespace}/${pod.name} is not replicated`);
  });
}

/**
 * System: a kube-system pod no PDB matches blocks, unless it was created (non-zero
 * creationTimestamp) more than `bspDisruptionTimeoutNs` before now (the timeout exists since
 * cluster-autoscaler 1.33; before, such a pod always blocked). Whether the PDB allows a
 * disruption is the PDB rule's business.
 */
export function systemRule(bspDisruptionTimeoutNs: bigint): DrainabilityRule {
  return rule('System', ({ pod, pdbs }, ctx) => {
    if (pod.namespace !== 'kube-system' || pdbs.length > 0) return UNDEFINED_STATUS;
    const created =
      pod.creationTimestamp === undefined ? undefined : parseGoTime(pod.creationTimestamp);
    if (
      created !== undefined &&
      created !== GO_ZERO_TIME_NS &&
      ctx.nowNs > created + bspDisruptionTimeoutNs
    )
      return DRAIN_OK;
    return blocked(
      'UnmovableKubeSystemPod',
      `non-daemonset, non-mirrored, non-pdb-assigned kube-system pod present: ${pod.name}`,
    );
  });
}

export const notSafeToEvictRule = rule('NotSafeToEvict', ({ pod }) =>
  safeToEvict(pod) === 'false'
    ? blocked('NotSafeToEvictAnnotation', `pod annotated as not safe to evict present: ${pod.name}`)
    : UNDEFINED_STATUS,
);

export const localStorageRule = rule('LocalStorage', ({ pod }) =>
  hasBlockingLocalStorage(pod)
    ? blocked('LocalStorageRequested', `pod with local storage present: ${pod.name}`)
    : UNDEFINED_STATUS,
);

/** PDB: any matching PDB whose stored `status.disruptionsAllowed` is below 1 blocks. */
export const pdbRule = rule('PDB', ({ pod, pdbs }) => {
  for (const pdb of pdbs)
    if (pdb.status.disruptionsAllowed < 1)
      return blocked(
        'NotEnoughPdb',
        `not enough pod disruption budget to move ${pod.namespace}/${pod.name}`,
      );
  return UNDEFINED_STATUS;
});
