import type { Labels } from './labels.js';
import type { OwnerRef } from './refs.js';
import type { PodScheduling } from './scheduling.js';

/** The pod phases; `''` when the status has none. */
export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown' | '';

/**
 * The slim projection of a Pod that evaluation and display need. At 150,000 pods the BFF keeps
 * only this, never the full object.
 */
export interface PodView {
  kind: 'Pod';
  namespace: string;
  name: string;
  uid: string;
  /** Opaque: compared for equality, never parsed. */
  resourceVersion: string;
  labels: Labels;
  /**
   * Only the annotations a rule reads (OpenKruise's `pub.kruise.io/*`, `kruise.io/related-pub`, and
   * `kubernetes.io/config.mirror`, which marks a static pod's mirror).
   */
  annotations: Readonly<Record<string, string>>;
  phase: PodPhase;
  /** The first condition of type Ready has status "True" (phase is not looked at). */
  ready: boolean;
  /** The `DisruptionTarget` condition, when present (set by the eviction API before deleting). */
  disruptionTarget?: { status: string; reason?: string; lastTransitionTime?: string };
  deletionTimestamp?: string;
  creationTimestamp?: string;
  nodeName?: string;
  /** The first ownerReference with `controller: true`. */
  controller?: OwnerRef;
  /** Why a container is not running well, e.g. `CrashLoopBackOff`, for display. */
  waitingReason?: string;
  restartCount: number;
  /**
   * Seconds from `status.startTime` to the Ready condition's `lastTransitionTime`, when the pod is
   * Ready: how long it took to start (a later readiness flap makes it longer).
   */
  startupSeconds?: number;
  /** OpenKruise's "state consistent" check (images, sidecars, in-place update done); true by default. */
  consistent: boolean;
  /** An emptyDir volume: `kubectl drain` refuses the pod without `--delete-emptydir-data`. */
  emptyDir?: true;
  /** What the scheduler reads (requests, nodeSelector, tolerations, required node affinity, priority). */
  scheduling?: PodScheduling;
  /** `status.startTime`: preemption spares the longest-running of equally important victims. */
  startTime?: string;
  /** `status.nominatedNodeName`: the node a preemption made room on for this pending pod. */
  nominatedNodeName?: string;
  /**
   * `spec.restartPolicy` when not `Always` (the default): a Succeeded pod that would not restart
   * is terminal to the Cluster Autoscaler.
   */
  restartPolicy?: 'OnFailure' | 'Never';
  /** `spec.terminationGracePeriodSeconds` when set to other than the default 30. */
  terminationGracePeriodSeconds?: number;
  /**
   * Volumes on the node's own disk, by name (hostPath, or emptyDir not in memory): the local
   * storage that keeps the Cluster Autoscaler from moving a pod.
   */
  localStorageVolumes?: readonly string[];
  /**
   * Some `Ready` condition has status `False` (not merely no Ready condition): Karpenter lets a PDB
   * with `unhealthyPodEvictionPolicy: AlwaysAllow` pass exactly such a pod.
   */
  readyFalse?: true;
  /**
   * The ownerReferences besides the controller's, when there are any: Karpenter calls a pod a
   * mirror, DaemonSet or StatefulSet pod by any of its owners.
   */
  owners?: readonly OwnerRef[];
}
