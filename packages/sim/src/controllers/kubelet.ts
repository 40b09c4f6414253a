import type { TimerHandle } from '@pdbscope/shared/clock';
import type { KubeObject, StoreEvent } from '../store/types.js';
import type { ControllerContext } from './context.js';
import {
  SIM_ANNOTATIONS,
  annotation,
  controllerRefOf,
  nsKey,
  specOf,
  statusOf,
} from './objects.js';
import type { SimPodState } from './pod-factory.js';
import { podNodeName, podPhase, podStatus } from './pod-factory.js';
import { nodeCount, pickNode, type PodPlacement } from './scheduler.js';

const RESOURCE_OF_KIND: Readonly<Record<string, string>> = {
  ReplicaSet: 'replicasets',
  Deployment: 'deployments',
  StatefulSet: 'statefulsets',
  ReplicationController: 'replicationcontrollers',
};

function isCreating(pod: KubeObject): boolean {
  const statuses = statusOf<{
    containerStatuses?: { state?: { waiting?: { reason?: string } } }[];
  }>(pod).containerStatuses;
  return (
    podPhase(pod) === 'Pending' &&
    (statuses ?? []).some((s) => s.state?.waiting?.reason === 'ContainerCreating')
  );
}

function isUnschedulable(pod: KubeObject): boolean {
  const conditions = statusOf<{ conditions?: { type?: string; status?: string }[] }>(
    pod,
  ).conditions;
  return (
    podNodeName(pod) === undefined &&
    conditions?.find((c) => c.type === 'PodScheduled')?.status === 'False'
  );
}

/**
 * Writes the status the kubelet reports for `state`, if the pod (same UID) still exists; its
 * conditions change `at` (default now).
 */
export function setPodState(
  ctx: ControllerContext,
  pod: KubeObject,
  state: SimPodState,
  at: Date = ctx.clock.now(),
): boolean {
  const { namespace, name, uid } = pod.metadata;
  const current = ctx.store.get('pods', namespace, name ?? '');
  if (
    current === undefined ||
    current.metadata.uid !== uid ||
    current.metadata.deletionTimestamp !== undefined
  )
    return false;
  const restarts = 0;
  const result = ctx.store.modify(
    'pods',
    namespace,
    name ?? '',
    (copy) => {
      copy['status'] = podStatus({ pod: copy, state, now: at, restarts });
    },
    { subresource: 'status' },
  );
  if (!result.ok) ctx.onError(`pod ${nsKey(pod)} status: ${result.error.message}`);
  return result.ok;
}

/**
 * When a pod that started `delayMs` ago became Ready: its startTime plus the delay's whole seconds.
 * Both are whole-second timestamps, so the wall clock's time (where its second falls, a timer
 * running late) would otherwise add a second to the startup the forecast measures, now and then.
 */
function readyAt(pod: KubeObject, delayMs: number, now: Date): Date {
  const started = Date.parse(statusOf<{ startTime?: string }>(pod).startTime ?? '');
  if (!Number.isFinite(started)) return now;
  return new Date(Math.min(now.getTime(), started + Math.floor(delayMs / 1000) * 1000));
}

/**
 * The kubelets of every node, reduced to their effect on the API: a new pod becomes Ready after
 * the ready delay; a pod being deleted stops after the termination delay and is then removed; a
 * pod nobody could schedule is bound once a node can take it.
 */
export class Kubelet {
  private readonly starting = new Map<string, TimerHandle>();
  private readonly stopping = new Map<string, TimerHandle>();
  private readonly pending = new Set<string>();

  constructor(private readonly ctx: ControllerContext) {}

  onEvent(event: StoreEvent): void {
    if (event.resource === 'nodes') {
      if (event.type !== 'DELETED' && this.pending.size > 0) this.bindPending();
      return;
    }
    if (event.resource !== 'pods') return;
    const pod = event.object;
    const uid = pod.metadata.uid ?? '';
    if (event.type === 'DELETED') {
      this.cancel(uid);
      this.pending.delete(nsKey(pod));
      return;
    }
    if (pod.metadata.deletionTimestamp !== undefined) {
      this.starting.get(uid)?.cancel();
      this.starting.delete(uid);
      if (!this.stopping.has(uid))
        this.stopping.set(
          uid,
          this.ctx.clock.setTimeout(() => this.remove(pod), this.ctx.terminationDelayMs),
        );
      return;
    }
    if (event.type === 'ADDED' && podPhase(pod) === '') {
      // Written without a status (kubectl run / apply): the scheduler binds it, the kubelet starts it.
      this.admit(pod);
      return;
    }
    if (isUnschedulable(pod)) this.pending.add(nsKey(pod));
    else if (isCreating(pod) && !this.starting.has(uid)) {
      const delayMs = this.readyDelayFor(pod);
      this.starting.set(
        uid,
        this.ctx.clock.setTimeout(() => this.start(pod, delayMs), delayMs),
      );
    }
  }

  close(): void {
    for (const t of [...this.starting.values(), ...this.stopping.values()]) t.cancel();
    this.starting.clear();
    this.stopping.clear();
  }

  private cancel(uid: string): void {
    this.starting.get(uid)?.cancel();
    this.starting.delete(uid);
    this.stopping.get(uid)?.cancel();
    this.stopping.delete(uid);
  }

  private start(pod: KubeObject, delayMs: number): void {
    this.starting.delete(pod.metadata.uid ?? '');
    setPodState(this.ctx, pod, 'ready', readyAt(pod, delayMs, this.ctx.clock.now()));
  }

  private remove(pod: KubeObject): void {
    const uid = pod.metadata.uid ?? '';
    this.stopping.delete(uid);
    const current = this.ctx.store.get('pods', pod.metadata.namespace, pod.metadata.name ?? '');
    if (current === undefined || current.metadata.uid !== uid) return;
    const result = this.ctx.store.delete('pods', pod.metadata.namespace, pod.metadata.name ?? '', {
      gracePeriodSeconds: 0,
      preconditions: { uid },
    });
    if (!result.ok && result.error.code !== 404)
      this.ctx.onError(`remove pod ${nsKey(pod)}: ${result.error.message}`);
  }

  /** The ready delay, scaled by the steering workload's factor (the Deployment above a ReplicaSet). */
  private readyDelayFor(pod: KubeObject): number {
    let owner = controllerRefOf(pod);
    let factor: number | undefined;
    for (let depth = 0; owner !== undefined && depth < 2; depth++) {
      const resource = RESOURCE_OF_KIND[owner.kind];
      if (resource === undefined) break;
      const workload = this.ctx.store.get(resource, pod.metadata.namespace, owner.name);
      if (workload === undefined) break;
      const written = annotation(workload, SIM_ANNOTATIONS.readyDelayFactor);
      if (written !== undefined && Number.isFinite(Number(written))) factor = Number(written);
      owner = controllerRefOf(workload);
    }
    return this.ctx.readyDelayMs * (factor ?? 1);
  }

  private admit(pod: KubeObject): void {
    const namespace = pod.metadata.namespace ?? '';
    const name = pod.metadata.name ?? '';
    if (podNodeName(pod) !== undefined) {
      this.writeStatus(namespace, name, 'creating');
      return;
    }
    const node = pickNode(this.ctx, specOf<PodPlacement>(pod));
    if (node === undefined) this.writeStatus(namespace, name, 'unschedulable');
    else this.bind(namespace, name, node);
  }

  private bindPending(): void {
    for (const k of [...this.pending]) {
      const [namespace = '', name = ''] = k.split('/');
      const pod = this.ctx.store.get('pods', namespace, name);
      const node = pickNode(this.ctx, pod === undefined ? {} : specOf<PodPlacement>(pod));
      if (node === undefined) continue;
      this.pending.delete(k);
      this.bind(namespace, name, node);
    }
  }

  private bind(namespace: string, name: string, node: string): void {
    const bound = this.ctx.store.modify('pods', namespace, name, (copy) => {
      copy['spec'] = { ...(copy['spec'] as Record<string, unknown> | undefined), nodeName: node };
    });
    if (bound.ok) this.writeStatus(namespace, name, 'creating');
    else this.ctx.onError(`bind pod ${namespace}/${name}: ${bound.error.message}`);
  }

  private writeStatus(namespace: string, name: string, state: SimPodState): void {
    const written = this.ctx.store.modify(
      'pods',
      namespace,
      name,
      (copy) => {
        copy['status'] = podStatus({
          pod: copy,
          state,
          now: this.ctx.clock.now(),
          restarts: 0,
          nodeCount: nodeCount(this.ctx),
        });
      },
      { subresource: 'status' },
    );
    if (!written.ok)
      this.ctx.onError(`status of pod ${namespace}/${name}: ${written.error.message}`);
  }
}
