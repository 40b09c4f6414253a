import type { KubeObject, StoreEvent } from '../store/types.js';

// Reading the simulator's objects as the controllers do; apart from ControllerContext (context.ts)
// so that the pod index, which the context holds, can use them too.

/** Annotations on workloads that tell the simulator how to play them (never on real clusters). */
export const SIM_ANNOTATIONS = {
  /** Comma-separated node names; the pod with ordinal i is placed on the i-th (seeding only). */
  nodes: 'sim.pdbscope.io/nodes',
  /** The first N pods created while seeding crash-loop, and replacements keep N of them crashing. */
  crashloopPods: 'sim.pdbscope.io/crashloop-pods',
  /** New pods of this workload take readyDelayMs times this factor to become Ready. */
  readyDelayFactor: 'sim.pdbscope.io/ready-delay-factor',
  /** Seed the Deployment with this image, then roll out to the written one. */
  previousImage: 'sim.pdbscope.io/previous-image',
} as const;

export function annotation(obj: KubeObject, key: string): string | undefined {
  return obj.metadata.annotations?.[key];
}

export function nsKey(obj: KubeObject): string {
  return `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
}

export interface ControllerOwnerRef {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
}

/** The first ownerReference with `controller: true`. */
export function controllerRefOf(obj: KubeObject): ControllerOwnerRef | undefined {
  const refs = (obj.metadata.ownerReferences ?? []) as unknown as ControllerOwnerRef[];
  return refs.find((r) => r.controller === true);
}

export function specOf<T = Record<string, unknown>>(obj: KubeObject): T {
  return (obj['spec'] ?? {}) as T;
}

export function statusOf<T = Record<string, unknown>>(obj: KubeObject): T {
  return (obj['status'] ?? {}) as T;
}

function readyOf(pod: KubeObject): string | undefined {
  return statusOf<{ conditions?: { type?: string; status?: string }[] }>(pod).conditions?.find(
    (c) => c.type === 'Ready',
  )?.status;
}

/**
 * Whether a pod event can change what its workload controller does or reports: a pod added or
 * removed, or a change of deletion, phase, readiness, node or controller. Label and annotation
 * edits (e.g. the PUB controller's marks) are not worth a resync.
 */
export function podChangeMatters(event: StoreEvent): boolean {
  const before = event.oldObject;
  if (event.type !== 'MODIFIED' || before === undefined) return true;
  const after = event.object;
  return (
    before.metadata.deletionTimestamp !== after.metadata.deletionTimestamp ||
    statusOf<{ phase?: string }>(before).phase !== statusOf<{ phase?: string }>(after).phase ||
    readyOf(before) !== readyOf(after) ||
    specOf<{ nodeName?: string }>(before).nodeName !==
      specOf<{ nodeName?: string }>(after).nodeName ||
    controllerRefOf(before)?.uid !== controllerRefOf(after)?.uid
  );
}

/** Whether a workload event is more than a metadata edit: its spec or its status changed. */
export function workloadChangeMatters(event: StoreEvent): boolean {
  const before = event.oldObject;
  if (event.type !== 'MODIFIED' || before === undefined) return true;
  const after = event.object;
  return (
    before.metadata.generation !== after.metadata.generation ||
    JSON.stringify(before['spec']) !== JSON.stringify(after['spec']) ||
    JSON.stringify(before['status']) !== JSON.stringify(after['status'])
  );
}
