import type { Condition } from './condition.js';
import type { IntOrString } from './intstr.js';
import type { LabelSelector, Labels } from './labels.js';
import type { OwnerRef } from './refs.js';

export type PdbApiVersion = 'policy/v1' | 'policy/v1beta1';
export type PubApiVersion = 'policy.kruise.io/v1alpha1' | 'policy.kruise.io/v1beta1';

export interface PdbStatus {
  observedGeneration: number;
  /** pod name → RFC3339 time the eviction was admitted. */
  disruptedPods: Readonly<Record<string, string>>;
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
  conditions: readonly Condition[];
}

/** A PodDisruptionBudget (policy/v1, or v1beta1 converted to v1 meaning). */
export interface PdbView {
  kind: 'PodDisruptionBudget';
  apiVersion: PdbApiVersion;
  namespace: string;
  name: string;
  uid: string;
  generation: number;
  resourceVersion: string;
  creationTimestamp?: string;
  labels: Labels;
  /**
   * Its controller ownerReference, when something writes it (an operator's custom resource, e.g.
   * a Stackable HdfsCluster or an ECK Elasticsearch): a change to it belongs there.
   */
  controller?: OwnerRef;
  spec: {
    /**
     * In policy/v1 meaning: `null` = absent (matches nothing), `{}` = every pod of the namespace.
     * A v1beta1 `{}` has already been converted to the reserved match-nothing expression.
     */
    selector: LabelSelector | null;
    minAvailable?: IntOrString;
    maxUnavailable?: IntOrString;
    unhealthyPodEvictionPolicy?: string;
  };
  status: PdbStatus;
}

export interface PubStatus {
  observedGeneration: number;
  disruptedPods: Readonly<Record<string, string>>;
  unavailablePods: Readonly<Record<string, string>>;
  unavailableAllowed: number;
  currentAvailable: number;
  desiredAvailable: number;
  totalReplicas: number;
}

export interface PubTargetRef {
  apiVersion: string;
  kind: string;
  name: string;
}

/** An OpenKruise PodUnavailableBudget; v1alpha1 annotations are promoted into the spec fields. */
export interface PubView {
  kind: 'PodUnavailableBudget';
  apiVersion: PubApiVersion;
  namespace: string;
  name: string;
  uid: string;
  generation: number;
  resourceVersion: string;
  creationTimestamp?: string;
  labels: Labels;
  annotations: Readonly<Record<string, string>>;
  spec: {
    selector?: LabelSelector | null;
    targetRef?: PubTargetRef;
    minAvailable?: IntOrString;
    maxUnavailable?: IntOrString;
    /** Undefined = the default (DELETE, UPDATE, EVICT). */
    protectOperations?: readonly string[];
    protectTotalReplicas?: number;
    ignoredPodSelector?: LabelSelector;
  };
  status: PubStatus;
}

export type Budget = PdbView | PubView;
export type BudgetKind = Budget['kind'];
