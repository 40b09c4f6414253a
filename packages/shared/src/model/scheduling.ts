/** CPU and memory as the scheduler adds them up: millicores and bytes. */
export interface ResourceAmounts {
  cpuMilli: number;
  memoryBytes: number;
}

/** A node's `status.allocatable`, parsed: what pods may request in total, and how many pods it takes. */
export interface NodeAllocatable extends ResourceAmounts {
  /** `pods`; undefined when the node does not say. */
  pods?: number;
}

/** `spec.tolerations[]` of a pod. */
export interface Toleration {
  key?: string;
  /** `Equal` (the default when empty) or `Exists`. */
  operator?: string;
  value?: string;
  /** Empty: every effect. */
  effect?: string;
}

/** A `NodeSelectorRequirement`: operators In, NotIn, Exists, DoesNotExist, Gt, Lt. */
export interface NodeSelectorRequirement {
  key: string;
  operator: string;
  values?: readonly string[];
}

/** One term of required node affinity: every requirement must hold (AND). */
export interface NodeSelectorTerm {
  matchExpressions?: readonly NodeSelectorRequirement[];
  /** Only `metadata.name` is a supported field. */
  matchFields?: readonly NodeSelectorRequirement[];
}

/**
 * What the scheduler reads of a pod to find it a node. Absent fields ask for nothing: a pod
 * without requests fits anywhere resources are concerned.
 */
export interface PodScheduling {
  /** Effective requests: the containers' sum or the largest init container, plus overhead. */
  requests?: ResourceAmounts;
  nodeSelector?: Readonly<Record<string, string>>;
  tolerations?: readonly Toleration[];
  /**
   * `affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`: a
   * node must meet at least one term (OR).
   */
  requiredNodeAffinity?: readonly NodeSelectorTerm[];
  /**
   * `spec.priority`, which the Priority admission plugin sets from the PriorityClass; absent in
   * a manifest that was never admitted (then `priorityClassName` names it).
   */
  priority?: number;
  priorityClassName?: string;
  /** `spec.preemptionPolicy` when `Never`: the pod waits instead of preempting. */
  preemptionPolicy?: 'Never';
}
