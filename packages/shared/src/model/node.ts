import type { Labels } from './labels.js';

/** A node taint as written in `spec.taints`; `value` is absent when the taint has none. */
export interface NodeTaint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' | (string & {});
}

/** A node condition (`status.conditions`), without the heartbeat that changes every few seconds. */
export interface NodeCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown' | (string & {});
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

export interface NodeView {
  kind: 'Node';
  name: string;
  uid: string;
  resourceVersion: string;
  labels: Labels;
  unschedulable: boolean;
  ready: boolean;
  taints: readonly NodeTaint[];
  conditions: readonly NodeCondition[];
  /** `status.capacity` quantities as written (`cpu: "8"`, `memory: "32Gi"`). */
  capacity: Readonly<Record<string, string>>;
  /** `status.allocatable`: what the scheduler may hand out to pods. */
  allocatable: Readonly<Record<string, string>>;
  creationTimestamp?: string;
  /** Only the annotations a rule reads (Karpenter's `karpenter.sh/do-not-disrupt`), when present. */
  annotations?: Readonly<Record<string, string>>;
}
