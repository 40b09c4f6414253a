import type { Condition } from './condition.js';
import type { Labels } from './labels.js';

/** A `karpenter.sh/v1` NodePool disruption budget, as written. */
export interface NodePoolBudget {
  /** An integer or `N%` of the pool's nodes. */
  nodes: string;
  /** Undefined: every reason; an empty list: none. */
  reasons?: readonly string[];
  /** A cron schedule (UTC) starting each active window; with `duration`. */
  schedule?: string;
  /** How long each window lasts (a Go duration). */
  duration?: string;
}

/** The slim projection of a Karpenter `NodePool` that disruption reads. */
export interface NodePoolView {
  kind: 'NodePool';
  name: string;
  uid: string;
  resourceVersion: string;
  /** `spec.disruption.consolidationPolicy` (default `WhenEmptyOrUnderutilized`). */
  consolidationPolicy: string;
  /** `spec.disruption.consolidateAfter`, when set. */
  consolidateAfter?: string;
  /** `spec.disruption.budgets` (the API's default, one budget of 10%, when absent). */
  budgets: readonly NodePoolBudget[];
  /** `spec.template.metadata.labels`: what the pool puts on its nodes. */
  templateLabels: Labels;
}

/** The slim projection of a Karpenter `NodeClaim`: the machine behind one node. */
export interface NodeClaimView {
  kind: 'NodeClaim';
  name: string;
  uid: string;
  resourceVersion: string;
  /** Its labels, `karpenter.sh/nodepool` among them (read while the node is not registered). */
  labels: Labels;
  /** Only `karpenter.sh/do-not-disrupt`, when present (read while the node is not registered). */
  annotations: Readonly<Record<string, string>>;
  /** `status.nodeName`: the Node it registered as. */
  nodeName?: string;
  /** `spec.terminationGracePeriod` (a Go duration): how long a drain may take before force. */
  terminationGracePeriod?: string;
  /** `status.conditions` (Initialized, InstanceTerminating, Drifted, DisruptionReason…). */
  conditions: readonly Condition[];
  deletionTimestamp?: string;
}
