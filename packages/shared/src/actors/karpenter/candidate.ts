// Karpenter's candidate validation (disruption.NewCandidate → StateNode.ValidateNodeDisruptable,
// ValidatePodsDisruptable), with its exact error sentences and DisruptionBlocked event texts.
import type { PodView } from '../../model/pod.js';
import { nsName } from '../../model/refs.js';
import type { PodWithPdbs } from '../subject.js';
import { DO_NOT_DISRUPT } from './do-not-disrupt.js';
import { sentence, type KarpenterClock, type KarpenterEvent } from './events.js';
import {
  isInitialized,
  isManaged,
  isMarkedForDeletion,
  NODEPOOL_LABEL,
  stateAnnotations,
  stateLabels,
  type StateNode,
} from './node-state.js';
import { canEvictPods } from './pdb-limits.js';
import { isDisruptable } from './pod-predicates.js';

/** graceful: consolidation and emptiness; eventual: drift and expiration. */
export type DisruptionClass = 'graceful' | 'eventual';

/** `ValidateNodeDisruptable`: the first node-level reason the node cannot be a candidate. */
export function nodeDisruptionError(s: StateNode): string | undefined {
  if (!isManaged(s)) return "node isn't managed by karpenter";
  if (s.node === undefined) return 'nodeclaim does not have an associated node';
  if (!isInitialized(s)) return "node isn't initialized";
  if (isMarkedForDeletion(s)) return 'node is deleting or marked for deletion';
  if (s.nominated === true) return 'node is nominated for a pending pod';
  if (stateAnnotations(s)[DO_NOT_DISRUPT] === 'true')
    return `disruption is blocked through the "${DO_NOT_DISRUPT}" annotation`;
  if (stateLabels(s)[NODEPOOL_LABEL] === undefined)
    return `node doesn't have required label (label=${NODEPOOL_LABEL})`;
  return undefined;
}

/** What blocks a pod-level check, and the blocking pod or PDBs. */
export interface PodsError {
  message: string;
  pod?: string;
  pdbs?: readonly string[];
}

/** The error a pod whose do-not-disrupt is in force makes. */
export const doNotDisruptMessage = (pod: PodView): string =>
  `pod has "${DO_NOT_DISRUPT}" annotation (Pod=${nsName(pod)})`;

/** The error `CanEvictPods`' refusal makes, by how many PDB keys it returned. */
export const pdbRefusalMessage = (keys: readonly string[]): string =>
  keys.length > 1
    ? `eviction does not support multiple PDBs (PodDisruptionBudget(s)=[${keys.join(' ')}])`
    : `pdb prevents pod evictions (PodDisruptionBudget=[${keys.join(' ')}])`;

/**
 * `ValidatePodsDisruptable`: every pod (DaemonSet and mirror pods too) must be disruptable, then
 * `CanEvictPods` must pass.
 */
export function podsDisruptionError(
  pods: readonly PodWithPdbs[],
  clock: KarpenterClock,
): PodsError | undefined {
  for (const { pod } of pods)
    if (!isDisruptable(pod, clock)) return { message: doNotDisruptMessage(pod), pod: nsName(pod) };
  const r = canEvictPods(pods, clock);
  if (r.canEvict) return undefined;
  return { message: pdbRefusalMessage(r.blockingPdbs), pdbs: r.blockingPdbs };
}

/** Where a candidate was turned down. */
export type CandidateStage = 'node' | 'nodepool' | 'pods';

/** `NewCandidate`'s answer for one node. */
export interface CandidateVerdict {
  disruptable: boolean;
  stage?: CandidateStage;
  /** The error NewCandidate returns. */
  message?: string;
  /** The DisruptionBlocked event's message (on the Node and its NodeClaim), when one is published. */
  event?: string;
  /** The pod-level error an eventual disruption of a NodeClaim with a terminationGracePeriod ignores. */
  ignored?: PodsError;
  /** The blocking pod or PDBs, when the pods blocked. */
  blocking?: PodsError;
  /** Every event the checks published, in order (do-not-disrupt's included). */
  events: KarpenterEvent[];
}

export interface CandidateInput {
  state: StateNode;
  /** The node's pods, each with its PDBs. */
  pods: readonly PodWithPdbs[];
  /** Whether the NodePool the node's label names exists. */
  nodePoolExists: (name: string) => boolean;
  disruptionClass: DisruptionClass;
  nowNs: bigint;
}

/**
 * `disruption.NewCandidate` (the disruption queue and instance types aside): node checks, then its
 * NodePool, then its pods. Pod-level errors do not count when the NodeClaim has a
 * terminationGracePeriod and the disruption is eventual. Each refusal is published as a
 * DisruptionBlocked event, the error sentence-cased.
 */
export function newCandidate(input: CandidateInput): CandidateVerdict {
  const events: KarpenterEvent[] = [];
  const clock: KarpenterClock = { nowNs: input.nowNs, record: (e) => events.push(e) };
  const { state } = input;
  // `disruptionevents.Blocked`: one event on the Node and one on the NodeClaim, each when there is one.
  const refuse = (stage: CandidateStage, message: string, event: string | undefined) => {
    if (event !== undefined) {
      if (state.node) events.push({ reason: 'DisruptionBlocked', message: event, on: 'Node' });
      if (state.nodeClaim)
        events.push({ reason: 'DisruptionBlocked', message: event, on: 'NodeClaim' });
    }
    return {
      disruptable: false,
      stage,
      message,
      ...(event !== undefined ? { event } : {}),
      events,
    };
  };
  const nodeError = nodeDisruptionError(state);
  if (nodeError !== undefined)
    return refuse('node', nodeError, isManaged(state) ? sentence(nodeError) : undefined);
  const pool = stateLabels(state)[NODEPOOL_LABEL] ?? '';
  if (!input.nodePoolExists(pool))
    return refuse(
      'nodepool',
      `nodepool not found (NodePool=${pool})`,
      `NodePool not found (NodePool=${pool})`,
    );
  const podsError = podsDisruptionError(input.pods, clock);
  if (podsError === undefined) return { disruptable: true, events };
  const eventual =
    state.nodeClaim?.terminationGracePeriod !== undefined && input.disruptionClass === 'eventual';
  if (eventual) return { disruptable: true, ignored: podsError, events };
  return {
    ...refuse('pods', podsError.message, sentence(podsError.message)),
    blocking: podsError,
  };
}
