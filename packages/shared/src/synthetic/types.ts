import type { DaemonSet, Deployment, ReplicaSet, StatefulSet } from 'kubernetes-types/apps/v1';
import type { Job } from 'kubernetes-types/batch/v1';
import type { Namespace, Node, Pod } from 'kubernetes-types/core/v1';
import type { LabelSelector, ObjectMeta } from 'kubernetes-types/meta/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';

/** OpenKruise's PodUnavailableBudget as `kubectl get pub -o json` prints it (not in kubernetes-types). */
export interface PodUnavailableBudgetObject {
  apiVersion: 'policy.kruise.io/v1alpha1' | 'policy.kruise.io/v1beta1';
  kind: 'PodUnavailableBudget';
  metadata: ObjectMeta;
  spec: {
    selector?: LabelSelector;
    targetRef?: { apiVersion: string; kind: string; name: string };
    minAvailable?: number | string;
    maxUnavailable?: number | string;
  };
  status?: {
    observedGeneration?: number;
    disruptedPods?: Record<string, string>;
    unavailablePods?: Record<string, string>;
    unavailableAllowed: number;
    currentAvailable: number;
    desiredAvailable: number;
    totalReplicas: number;
  };
}

/** A whole cluster as full Kubernetes JSON objects, each array in creation order. */
export interface SyntheticCluster {
  nodes: Node[];
  namespaces: Namespace[];
  pods: Pod[];
  deployments: Deployment[];
  replicaSets: ReplicaSet[];
  statefulSets: StatefulSet[];
  daemonSets: DaemonSet[];
  jobs: Job[];
  pdbs: PodDisruptionBudget[];
  pubs: PodUnavailableBudgetObject[];
}

export interface GenerateClusterOptions {
  /** Same seed and sizes ⇒ the same cluster, object for object. */
  seed: number;
  /** Default 20. */
  nodes?: number;
  /** Exact number of pods. Default 300. */
  pods?: number;
  /** Exact number of budgets, PDBs plus PUBs (about 1 % PUBs). Default 40. */
  budgets?: number;
  /** Default: one per ~500 pods, at least 3. */
  namespaces?: number;
  /**
   * The cluster's "now" when it was listed, RFC3339; every creationTimestamp is before it.
   * Default `2024-05-01T12:00:00Z` (the oracle's default now).
   */
  listedAt?: string;
}
