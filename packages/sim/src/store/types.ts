/** The metadata fields the store reads and writes; everything else passes through untouched. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  ownerReferences?: Record<string, unknown>[];
  [key: string]: unknown;
}

/** A full Kubernetes object as JSON. Objects handed out by the store are shared: never mutate them. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [key: string]: unknown;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One change, as subscribers and watchers see it. */
export interface StoreEvent {
  type: WatchEventType;
  /** Plural resource name from RESOURCE_TYPES, e.g. `pods`. */
  resource: string;
  object: KubeObject;
  /** The previous object (MODIFIED and DELETED). */
  oldObject?: KubeObject;
  resourceVersion: string;
}
