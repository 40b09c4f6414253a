/**
 * A `scheduling.k8s.io/v1` PriorityClass: the value the Priority admission plugin writes into
 * `spec.priority` of the pods that name it (or of every pod naming none, for the one marked
 * `globalDefault`), and the preemption policy it gives them.
 */
export interface PriorityClassView {
  kind: 'PriorityClass';
  name: string;
  uid: string;
  resourceVersion: string;
  /** A 32-bit integer; user classes are at most 1,000,000,000, the system ones above. */
  value: number;
  globalDefault: boolean;
  /** `PreemptLowerPriority` (the API's default when absent) or `Never`. */
  preemptionPolicy: 'PreemptLowerPriority' | 'Never' | (string & {});
  description?: string;
}

/**
 * The classes every API server creates at start-up (`scheduling.SystemPriorityClasses`): a
 * snapshot without them still resolves pods that name them.
 */
export const SYSTEM_PRIORITY_CLASSES: readonly PriorityClassView[] = [
  {
    kind: 'PriorityClass',
    name: 'system-node-critical',
    uid: '',
    resourceVersion: '',
    value: 2000001000,
    globalDefault: false,
    preemptionPolicy: 'PreemptLowerPriority',
    description: 'Used for system critical pods that must not be moved from their current node.',
  },
  {
    kind: 'PriorityClass',
    name: 'system-cluster-critical',
    uid: '',
    resourceVersion: '',
    value: 2000000000,
    globalDefault: false,
    preemptionPolicy: 'PreemptLowerPriority',
    description:
      'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
  },
];
