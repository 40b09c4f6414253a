import type { Pod, PodCondition } from 'kubernetes-types/core/v1';
import type { OwnerReference } from 'kubernetes-types/meta/v1';
import { objectMeta, timeBefore, type BuildContext } from './context.js';

/** What a pod is doing, which decides its phase, conditions and container status. */
export type PodState =
  'ready' | 'crashloop' | 'unschedulable' | 'creating' | 'terminating' | 'succeeded' | 'failed';

export interface PodInput {
  namespace: string;
  name: string;
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  owner?: OwnerReference;
  /** Ignored for `unschedulable` pods, which have none. */
  nodeName: string;
  image: string;
  state: PodState;
  ageSeconds: number;
  /** For StatefulSet pods: spec.hostname / subdomain. */
  hostname?: { hostname: string; subdomain: string };
}

/** The state mix of a long-running workload's pods: mostly Ready, a small unready fraction. */
export function runningPodState(ctx: BuildContext): PodState {
  return ctx.rng.weighted<PodState>([
    ['ready', 965],
    ['crashloop', 20],
    ['creating', 5],
    ['unschedulable', 5],
    ['terminating', 5],
  ]);
}

function condition(type: string, status: boolean, at: string, reason?: string): PodCondition {
  return {
    type,
    status: status ? 'True' : 'False',
    lastTransitionTime: at,
    ...(reason ? { reason } : {}),
  };
}

/** A Pod as `kubectl get pod -o json` prints it, trimmed of volumes and probes. */
export function buildPod(ctx: BuildContext, input: PodInput): Pod {
  const { rng } = ctx;
  const created = timeBefore(ctx, input.ageSeconds);
  const started = timeBefore(ctx, Math.max(0, input.ageSeconds - rng.int(1, 20)));
  const containerName =
    input.labels['app.kubernetes.io/name'] ?? input.name.split('-')[0] ?? 'main';
  const scheduled = input.state !== 'unschedulable';
  const terminal = input.state === 'succeeded' || input.state === 'failed';
  const ready = input.state === 'ready' || input.state === 'terminating';
  const phase =
    input.state === 'succeeded'
      ? 'Succeeded'
      : input.state === 'failed'
        ? 'Failed'
        : input.state === 'unschedulable' || input.state === 'creating'
          ? 'Pending'
          : 'Running';
  const restartCount =
    input.state === 'crashloop' ? rng.int(5, 400) : rng.chance(0.1) ? rng.int(1, 3) : 0;
  const containerReason = terminal
    ? input.state === 'succeeded'
      ? 'PodCompleted'
      : 'PodFailed'
    : 'ContainersNotReady';
  const conditions: PodCondition[] = scheduled
    ? [
        condition('PodReadyToStartContainers', input.state !== 'creating', started),
        condition('Initialized', true, started),
        condition('Ready', ready, started, ready ? undefined : containerReason),
        condition('ContainersReady', ready, started, ready ? undefined : containerReason),
        condition('PodScheduled', true, created),
      ]
    : [
        {
          type: 'PodScheduled',
          status: 'False',
          lastTransitionTime: created,
          reason: 'Unschedulable',
          message: `0/${ctx.nodeCount} nodes are available: ${ctx.nodeCount} Insufficient memory. preemption: 0/${ctx.nodeCount} nodes are available: ${ctx.nodeCount} No preemption victims found for incoming pod.`,
        },
      ];
  const createdMeta = objectMeta(ctx, {
    name: input.name,
    namespace: input.namespace,
    labels: input.labels,
    ...(input.annotations ? { annotations: input.annotations } : {}),
    ...(input.owner ? { ownerReferences: [input.owner] } : {}),
    ageSeconds: input.ageSeconds,
  });
  const meta =
    input.state === 'terminating'
      ? {
          ...createdMeta,
          deletionTimestamp: timeBefore(ctx, -rng.int(5, 30)),
          deletionGracePeriodSeconds: 30,
        }
      : createdMeta;
  const hostIP = `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
  const podIP = `100.64.${rng.int(0, 255)}.${rng.int(1, 254)}`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: meta,
    spec: {
      containers: [
        {
          name: containerName,
          image: input.image,
          imagePullPolicy: 'IfNotPresent',
          resources: { requests: { cpu: '250m', memory: '512Mi' }, limits: { memory: '512Mi' } },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
        },
      ],
      dnsPolicy: 'ClusterFirst',
      enableServiceLinks: true,
      ...input.hostname,
      ...(scheduled ? { nodeName: input.nodeName } : {}),
      preemptionPolicy: 'PreemptLowerPriority',
      priority: 0,
      restartPolicy: terminal || input.owner?.kind === 'Job' ? 'Never' : 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      serviceAccountName: 'default',
      terminationGracePeriodSeconds: 30,
      tolerations: [
        {
          key: 'node.kubernetes.io/not-ready',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
        {
          key: 'node.kubernetes.io/unreachable',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
      ],
    },
    status: {
      phase,
      conditions,
      qosClass: 'Burstable',
      ...(scheduled
        ? {
            hostIP,
            hostIPs: [{ ip: hostIP }],
            startTime: started,
            ...(input.state === 'creating' ? {} : { podIP, podIPs: [{ ip: podIP }] }),
            containerStatuses: [
              {
                name: containerName,
                image: input.image,
                imageID:
                  input.state === 'creating'
                    ? ''
                    : `${input.image.split(':')[0] ?? ''}@sha256:${rng.suffix(12)}`,
                ...(input.state === 'creating'
                  ? {}
                  : { containerID: `containerd://${rng.suffix(20)}` }),
                ready,
                restartCount,
                started: ready,
                state: containerState(input.state, started),
              },
            ],
          }
        : {}),
    },
  };
}

function containerState(
  state: PodState,
  started: string,
): NonNullable<NonNullable<Pod['status']>['containerStatuses']>[number]['state'] {
  switch (state) {
    case 'crashloop':
      return {
        waiting: {
          reason: 'CrashLoopBackOff',
          message: 'back-off 5m0s restarting failed container',
        },
      };
    case 'creating':
      return { waiting: { reason: 'ContainerCreating' } };
    case 'succeeded':
      return {
        terminated: { exitCode: 0, reason: 'Completed', startedAt: started, finishedAt: started },
      };
    case 'failed':
      return {
        terminated: { exitCode: 1, reason: 'Error', startedAt: started, finishedAt: started },
      };
    default:
      return { running: { startedAt: started } };
  }
}
