import type { Condition } from '../../model/condition.js';
import type { Labels } from '../../model/labels.js';

export const NODEPOOL_LABEL = 'karpenter.sh/nodepool';
const INITIALIZED_LABEL = 'karpenter.sh/initialized';
const REGISTERED_LABEL = 'karpenter.sh/registered';

/** The NodeClaim's part of a state node: what validation and budgets read of it. */
export interface NodeClaimState {
  readonly labels: Labels;
  readonly annotations: Readonly<Record<string, string>>;
  /** `spec.terminationGracePeriod`, when set (its value does not matter to validation). */
  readonly terminationGracePeriod?: string;
  readonly conditions: readonly Condition[];
  readonly deletionTimestamp?: string;
}

/** The Node's part of a state node. */
export interface NodeState {
  readonly labels: Labels;
  readonly annotations: Readonly<Record<string, string>>;
  readonly ready: boolean;
}

/**
 * Karpenter's `state.StateNode`: a NodeClaim and the Node it registered as (either may be missing),
 * and the cluster state's own marks, which the API does not show: marked for deletion by a
 * disruption in flight, nominated for a pending pod.
 */
export interface StateNode {
  readonly nodeClaim?: NodeClaimState;
  readonly node?: NodeState;
  readonly markedForDeletion?: boolean;
  readonly nominated?: boolean;
}

/** `Managed`: Karpenter made it (it has a NodeClaim). */
export const isManaged = (s: StateNode): boolean => s.nodeClaim !== undefined;

/** `Registered`: a managed node carries the registered label; any other node counts as registered. */
const isRegistered = (s: StateNode): boolean =>
  !isManaged(s) || s.node?.labels[REGISTERED_LABEL] === 'true';

/** `Initialized`: a managed node carries the initialized label; any other node is initialized. */
export const isInitialized = (s: StateNode): boolean =>
  !isManaged(s) || s.node?.labels[INITIALIZED_LABEL] === 'true';

const conditionTrue = (conditions: readonly Condition[], type: string): boolean =>
  conditions.some((c) => c.type === type && c.status === 'True');

/** The NodeClaim's `InstanceTerminating` condition is True: the cloud instance is being deleted. */
export const isInstanceTerminating = (s: StateNode): boolean =>
  s.nodeClaim !== undefined && conditionTrue(s.nodeClaim.conditions, 'InstanceTerminating');

/**
 * `MarkedForDeletion`: the state's mark, or `Deleted` (the NodeClaim is being deleted or its
 * instance terminates; a Node without NodeClaim is not judged here).
 */
export const isMarkedForDeletion = (s: StateNode): boolean =>
  s.markedForDeletion === true ||
  (s.nodeClaim !== undefined &&
    (s.nodeClaim.deletionTimestamp !== undefined || isInstanceTerminating(s)));

/** `Labels()`/`Annotations()`: the NodeClaim's until the Node registered, the Node's after. */
function metadataSource(s: StateNode): NodeClaimState | NodeState | undefined {
  if (s.node === undefined) return s.nodeClaim;
  if (s.nodeClaim === undefined) return s.node;
  return isRegistered(s) ? s.node : s.nodeClaim;
}

export const stateLabels = (s: StateNode): Labels => metadataSource(s)?.labels ?? {};
export const stateAnnotations = (s: StateNode): Readonly<Record<string, string>> =>
  metadataSource(s)?.annotations ?? {};
