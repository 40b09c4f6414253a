/**
 * The kinds of object an answer is worked out from, as far as what may be hidden goes:
 * `workloads` are the pods' controllers (Deployments, ReplicaSets, StatefulSets,
 * ReplicationControllers), `budgets` both PodDisruptionBudgets and PodUnavailableBudgets. A new
 * watched resource that answers depend on gets a kind here (e.g. `priorityclasses`).
 */
export type VisibilityKind = 'pods' | 'workloads' | 'budgets' | 'nodes';

/** Objects of one kind that may not be read: in one namespace, or everywhere. */
export interface Refusal {
  kind: VisibilityKind;
  /** The namespace refused; undefined: refused cluster-wide (every namespace; nodes' only scope). */
  namespace?: string;
  /** Why, in words: `no permission to list pods in zookeeper`. */
  reason: string;
}

/**
 * What the answers can see of the cluster: every refusal (the API server answered 403), and the
 * namespaces watched when not all are. A plain value, compared with {@link sameVisibility}; made
 * with {@link makeVisibility}. Anything not refused is visible (if perhaps stale: staleness is
 * the sources' states, not this).
 */
export interface Visibility {
  /** Sorted by kind, then namespace (cluster-wide first); one per kind and scope. */
  readonly refusals: readonly Refusal[];
  /**
   * The namespaces watched when not every one is (`--namespace`), sorted: the objects of any
   * other namespace are not visible either. Undefined when every namespace is watched.
   */
  readonly watched?: readonly string[];
}

/** Where the objects of one kind are not visible (see `unseenScope`). */
export interface UnseenScope {
  kind: VisibilityKind;
  /** Why none is visible: a cluster-wide refusal. */
  everywhere?: string;
  /** The namespaces refused, each with why, by name. */
  namespaces: readonly { namespace: string; reason: string }[];
  /** Only these namespaces are watched: the objects of every other one are not visible. */
  watchedOnly?: readonly string[];
}

/**
 * What a budget's own figures cannot know, and why. The budget itself is visible (its spec and
 * reported status are the cluster's); what is worked out from other objects may not be.
 */
export interface BudgetUnseen {
  /**
   * The pods it selects are not known (their namespace's pods are not visible, or a targetRef's
   * workload is not): no lanes, no count of selected pods, no finding drawn from them. E.g.
   * `pods not visible: no permission to list pods in zookeeper`.
   */
  pods?: string;
  /**
   * Why its recomputed status cannot be worked out (its pods, or their controllers' scale, are
   * not visible): the reported status is all there is.
   */
  recomputed: string;
}
