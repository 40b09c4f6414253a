import type { PdbView, PubView } from '../model/budget.js';
import type { NodeClaimView, NodePoolView } from '../model/karpenter.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import type { PriorityClassView } from '../model/priority-class.js';
import type { ResourceRef } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';

/** An object that could not be read, with where it sits in the input. */
export interface SnapshotError {
  /** e.g. `document 1, items[4] (line 88)`. */
  position: string;
  /** The object's kind and `ns/name` when they could be read. */
  object?: string;
  /** The object, when its kind, namespace and name are valid (it may be shown as a finding's subject). */
  ref?: ResourceRef;
  error: string;
}

/** A snapshot file read into the model: kubectl's List, a multi-document YAML stream, or JSON. */
export interface Snapshot {
  pods: PodView[];
  pdbs: PdbView[];
  pubs: PubView[];
  workloads: WorkloadView[];
  nodes: NodeView[];
  /** `scheduling.k8s.io` PriorityClasses: what preemption resolves a pod's priority with. */
  priorityClasses: PriorityClassView[];
  namespaces: string[];
  /** Karpenter's `karpenter.sh/v1` NodePools, when the snapshot has any. */
  nodePools?: NodePoolView[];
  /** Karpenter's NodeClaims, when the snapshot has any. */
  nodeClaims?: NodeClaimView[];
  /** Objects of kinds the model does not use (Services, ConfigMaps...), counted per kind. */
  ignored: Record<string, number>;
  errors: SnapshotError[];
  /** Objects read without `metadata.namespace`, put in this namespace (absent when none). */
  placedInNamespace?: { namespace: string; count: number };
  /**
   * With `ReadOptions.manifests`: the pod each workload's template makes (see `podFromTemplate`),
   * by the workload's `refKey`; what a what-if creates its pods from.
   */
  podTemplates?: Map<string, PodView>;
  /** With `ReadOptions.manifests`: where each object was read, by its `refKey`. */
  positions?: Map<string, string>;
}

/** One file of a snapshot or of manifests: its path (shown in errors; '' for one unnamed input). */
export interface SourceFile {
  path: string;
  text: string;
}

export interface ReadOptions {
  /**
   * Where objects without `metadata.namespace` go, as `kubectl apply -f` puts them in its
   * context's namespace (`-n`); default `default`.
   */
  namespace?: string;
  /**
   * Read as manifests to apply: keep each workload's pod template and each object's position
   * (`Snapshot.podTemplates`, `Snapshot.positions`); a cluster's snapshot needs neither.
   */
  manifests?: boolean;
}
