import type { LabelSelector, Labels } from './labels.js';
import type { OwnerRef } from './refs.js';

/**
 * A pod owner with a scale: Deployment, ReplicaSet, StatefulSet, ReplicationController, an
 * OpenKruise workload, or any custom resource serving `/scale`.
 */
export interface WorkloadView {
  kind: string;
  apiVersion: string;
  namespace: string;
  name: string;
  uid: string;
  resourceVersion: string;
  /** `spec.replicas` (or what `/scale` reports); undefined when the object has none. */
  replicas: number | undefined;
  /** Ready replicas as the workload's status reports them, for display. */
  readyReplicas?: number;
  selector?: LabelSelector;
  controller?: OwnerRef;
  deletionTimestamp?: string;
  labels: Labels;
}

/**
 * What the REST mapper and discovery know of a group/kind: which resource serves it and whether
 * that resource has a `/scale` subresource. Keyed by `group/Kind` (core group: `/Kind`).
 */
export interface ApiResourceInfo {
  resource: string;
  scale: boolean;
}
