import type { KubeObject } from '../store/types.js';
import type { ControllerContext } from './context.js';
import { SIM_ANNOTATIONS, annotation, specOf, statusOf } from './objects.js';
import type { OwnerReference, PodTemplate, SimPodState } from './pod-factory.js';
import { newPod } from './pod-factory.js';
import { nodeCount, pickNode, type PodPlacement } from './scheduler.js';

export interface CreateWorkloadPodInput {
  /** The workload whose annotations steer the simulation (the Deployment for a ReplicaSet's pods). */
  steering: KubeObject;
  owner: KubeObject;
  name: string;
  template: PodTemplate;
  extraLabels: Record<string, string>;
  /** Position among the workload's pods: the StatefulSet ordinal, or the ReplicaSet's creation count. */
  ordinal: number;
  hostname?: { hostname: string; subdomain: string };
}

export function ownerReference(owner: KubeObject): OwnerReference {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name ?? '',
    uid: owner.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

function seededNode(steering: KubeObject, ordinal: number): string | undefined {
  const list = annotation(steering, SIM_ANNOTATIONS.nodes)
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (list === undefined || list.length === 0) return undefined;
  return list[ordinal % list.length];
}

function crashloopPods(steering: KubeObject): number {
  return Number(annotation(steering, SIM_ANNOTATIONS.crashloopPods) ?? '0') || 0;
}

function seededState(steering: KubeObject, ordinal: number): SimPodState {
  return ordinal < crashloopPods(steering) ? 'crashloop' : 'ready';
}

function isCrashLooping(pod: KubeObject): boolean {
  const statuses = statusOf<{
    containerStatuses?: { state?: { waiting?: { reason?: string } } }[];
  }>(pod).containerStatuses;
  return (statuses ?? []).some((s) => s.state?.waiting?.reason === 'CrashLoopBackOff');
}

/** A broken release stays broken: a replacement crashes while fewer than N of the owner's pods do. */
function keepsCrashing(ctx: ControllerContext, input: CreateWorkloadPodInput): boolean {
  const wanted = crashloopPods(input.steering);
  if (wanted <= 0) return false;
  const namespace = input.owner.metadata.namespace ?? '';
  let crashing = 0;
  for (const k of ctx.pods.ownedBy(input.owner.metadata.uid ?? '')) {
    const pod = ctx.store.get('pods', namespace, k.slice(namespace.length + 1));
    if (pod !== undefined && pod.metadata.deletionTimestamp === undefined && isCrashLooping(pod))
      crashing++;
  }
  return crashing < wanted;
}

/**
 * Creates one pod of a workload through the store. While seeding, the pod is placed as the
 * workload's sim annotations say and starts Ready (or crash-looping); afterwards it is scheduled on
 * the least-loaded schedulable node and starts ContainerCreating, and the kubelet makes it Ready.
 */
export function createWorkloadPod(ctx: ControllerContext, input: CreateWorkloadPodInput): void {
  const seededOn = ctx.seeding ? seededNode(input.steering, input.ordinal) : undefined;
  const nodeName = seededOn ?? pickNode(ctx, (input.template.spec ?? {}) as PodPlacement);
  const state: SimPodState =
    nodeName === undefined
      ? 'unschedulable'
      : ctx.seeding
        ? seededState(input.steering, input.ordinal)
        : keepsCrashing(ctx, input)
          ? 'crashloop'
          : 'creating';
  const pod = newPod({
    namespace: input.owner.metadata.namespace ?? '',
    name: input.name,
    template: input.template,
    owner: ownerReference(input.owner),
    extraLabels: input.extraLabels,
    nodeName,
    ...(input.hostname ? { hostname: input.hostname } : {}),
    state,
    now: ctx.clock.now(),
    restarts: 5 + ((input.ordinal * 37) % 90),
    nodeCount: nodeCount(ctx),
    ...(nodeName !== undefined ? { ips: addresses(ctx, nodeName) } : {}),
  });
  const created = ctx.store.create('pods', pod, { preserveStatus: true });
  if (!created.ok) ctx.onError(`create pod ${input.name}: ${created.error.message}`);
  else ctx.pods.refresh(pod.metadata.namespace ?? '', input.name);
}

/** The node's InternalIP, and a pod IP inside the node's podCIDR (or 10.244.0.0/16). */
function addresses(ctx: ControllerContext, nodeName: string): { hostIP: string; podIP: string } {
  const node = ctx.store.get('nodes', undefined, nodeName);
  const status = (node?.['status'] ?? {}) as { addresses?: { type?: string; address?: string }[] };
  const hostIP = status.addresses?.find((a) => a.type === 'InternalIP')?.address ?? '10.0.0.1';
  const cidr = specOf<{ podCIDR?: string }>(
    node ?? { apiVersion: 'v1', kind: 'Node', metadata: {} },
  ).podCIDR;
  const base =
    /^(\d+\.\d+\.\d+)\.0\/24$/.exec(cidr ?? '')?.[1] ?? `10.244.${ctx.random.int(0, 255)}`;
  return { hostIP, podIP: `${base}.${ctx.random.int(2, 254)}` };
}

export function templateOf(workload: KubeObject): PodTemplate {
  return specOf<{ template?: PodTemplate }>(workload).template ?? {};
}

export function replicasOf(workload: KubeObject): number {
  return specOf<{ replicas?: number }>(workload).replicas ?? 1;
}
