import { rfc3339 } from '../store/clock.js';
import type { KubeObject } from '../store/types.js';

/** `spec.template` of a workload. */
export interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
}

/** What the simulated kubelet makes of a pod; it decides phase, conditions and container statuses. */
export type SimPodState = 'creating' | 'ready' | 'unready' | 'crashloop' | 'unschedulable';

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller: true;
  blockOwnerDeletion: true;
}

export interface NewPodInput {
  namespace: string;
  name: string;
  template: PodTemplate;
  owner: OwnerReference;
  /** Labels the controller adds (pod-template-hash, statefulset.kubernetes.io/pod-name, …). */
  extraLabels: Record<string, string>;
  /** Undefined when no node can take the pod: it stays Pending, Unschedulable. */
  nodeName: string | undefined;
  /** StatefulSet pods get a stable hostname under the governing service. */
  hostname?: { hostname: string; subdomain: string };
  state: SimPodState;
  now: Date;
  /** Restarts shown for a crash-looping pod. */
  restarts?: number;
  /** For the scheduler's message on an unschedulable pod. */
  nodeCount?: number;
  /** The node's InternalIP and the pod's IP, as the kubelet reports them. */
  ips?: { hostIP: string; podIP: string };
}

interface Container {
  name?: string;
  image?: string;
}

function containersOf(pod: KubeObject): Container[] {
  const spec = (pod['spec'] ?? {}) as { containers?: Container[] };
  return spec.containers ?? [];
}

/** A new pod as a controller creates it, already bound to its node (the scheduler is folded in). */
export function newPod(input: NewPodInput): KubeObject {
  const templateSpec = structuredClone(input.template.spec ?? {});
  const spec: Record<string, unknown> = {
    restartPolicy: 'Always',
    schedulerName: 'default-scheduler',
    terminationGracePeriodSeconds: 30,
    dnsPolicy: 'ClusterFirst',
    serviceAccountName: 'default',
    ...templateSpec,
    ...input.hostname,
    ...(input.nodeName !== undefined ? { nodeName: input.nodeName } : {}),
  };
  const annotations = input.template.metadata?.annotations;
  const pod: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: input.name,
      namespace: input.namespace,
      labels: { ...(input.template.metadata?.labels ?? {}), ...input.extraLabels },
      ...(annotations ? { annotations: { ...annotations } } : {}),
      ownerReferences: [{ ...input.owner }],
    },
    spec,
  };
  pod['status'] = podStatus({
    pod,
    state: input.state,
    now: input.now,
    restarts: input.restarts ?? 0,
    ...(input.nodeCount !== undefined ? { nodeCount: input.nodeCount } : {}),
  });
  if (input.ips !== undefined && input.state !== 'unschedulable') {
    const { hostIP, podIP } = input.ips;
    pod['status'] = {
      ...(pod['status'] as Record<string, unknown>),
      hostIP,
      hostIPs: [{ ip: hostIP }],
      podIP,
      podIPs: [{ ip: podIP }],
    };
  }
  return pod;
}

function condition(
  type: string,
  ok: boolean,
  at: string,
  reason?: string,
  message?: string,
): Record<string, unknown> {
  return {
    type,
    status: ok ? 'True' : 'False',
    lastProbeTime: null,
    lastTransitionTime: at,
    ...(reason !== undefined ? { reason } : {}),
    ...(message !== undefined ? { message } : {}),
  };
}

export interface PodStatusInput {
  pod: KubeObject;
  state: SimPodState;
  now: Date;
  restarts: number;
  /** Node count for the scheduler's message on an unschedulable pod. */
  nodeCount?: number;
}

/** The status the kubelet (or the scheduler, for an unschedulable pod) would report for `state`. */
export function podStatus({
  pod,
  state,
  now,
  restarts,
  nodeCount,
}: PodStatusInput): Record<string, unknown> {
  const at = rfc3339(now);
  const containers = containersOf(pod);
  const names = containers.map((c) => c.name ?? 'main');
  if (state === 'unschedulable') {
    const n = nodeCount ?? 0;
    return {
      phase: 'Pending',
      qosClass: 'Burstable',
      conditions: [
        condition(
          'PodScheduled',
          false,
          at,
          'Unschedulable',
          `0/${n} nodes are available: ${n} node(s) were unschedulable. preemption: 0/${n} nodes are available: ${n} Preemption is not helpful for scheduling.`,
        ),
      ],
    };
  }
  const ready = state === 'ready';
  const running = state !== 'creating';
  const previous = (pod['status'] ?? {}) as Record<string, unknown>;
  const ips = Object.fromEntries(
    ['hostIP', 'hostIPs', 'podIP', 'podIPs']
      .filter((k) => previous[k] !== undefined)
      .map((k) => [k, previous[k]]),
  );
  const notReady = `containers with unready status: [${names.join(' ')}]`;
  const containerStatuses = containers.map((c) => {
    const name = c.name ?? 'main';
    const base = {
      name,
      image: c.image ?? '',
      imageID: '',
      ready,
      started: state === 'ready' || state === 'unready',
      restartCount: state === 'crashloop' ? restarts : 0,
    };
    if (state === 'creating')
      return { ...base, state: { waiting: { reason: 'ContainerCreating' } } };
    if (state === 'crashloop') {
      return {
        ...base,
        containerID: `containerd://${name}`,
        lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: at, finishedAt: at } },
        state: {
          waiting: {
            reason: 'CrashLoopBackOff',
            message: `back-off 5m0s restarting failed container=${name} pod=${pod.metadata.name ?? ''}_${pod.metadata.namespace ?? ''}(${pod.metadata.uid ?? ''})`,
          },
        },
      };
    }
    return { ...base, containerID: `containerd://${name}`, state: { running: { startedAt: at } } };
  });
  return {
    phase: running ? 'Running' : 'Pending',
    ...ips,
    qosClass: 'Burstable',
    startTime: typeof previous['startTime'] === 'string' ? previous['startTime'] : at,
    conditions: [
      condition('PodReadyToStartContainers', running, at),
      condition('Initialized', true, at),
      condition(
        'Ready',
        ready,
        at,
        ready ? undefined : 'ContainersNotReady',
        ready ? undefined : notReady,
      ),
      condition(
        'ContainersReady',
        ready,
        at,
        ready ? undefined : 'ContainersNotReady',
        ready ? undefined : notReady,
      ),
      condition('PodScheduled', true, at),
    ],
    containerStatuses,
  };
}

export function podPhase(pod: KubeObject): string {
  return ((pod['status'] ?? {}) as { phase?: string }).phase ?? '';
}

export function podNodeName(pod: KubeObject): string | undefined {
  const nodeName = ((pod['spec'] ?? {}) as { nodeName?: string }).nodeName;
  return nodeName === '' ? undefined : nodeName;
}
