import { hasReadyCondition } from '@pdbscope/shared';
import type { KubeObject, StoreEvent } from '../store/types.js';
import type { ControllerContext } from './context.js';
import { controllerRefOf, podChangeMatters, specOf, statusOf } from './objects.js';
import { podNodeName, podPhase } from './pod-factory.js';
import { createWorkloadPod, replicasOf, templateOf } from './workload-pods.js';

const RESOURCES: Readonly<Record<string, string>> = {
  ReplicaSet: 'replicasets',
  ReplicationController: 'replicationcontrollers',
};

export function isActivePod(pod: KubeObject): boolean {
  const phase = podPhase(pod);
  return (
    pod.metadata.deletionTimestamp === undefined && phase !== 'Succeeded' && phase !== 'Failed'
  );
}

/** Which pods a scale-down removes first: unscheduled, then not Ready, then the newest. */
function deletionOrder(a: KubeObject, b: KubeObject): number {
  const rank = (p: KubeObject): number =>
    podNodeName(p) === undefined ? 0 : hasReadyCondition(p) ? 2 : 1;
  return (
    rank(a) - rank(b) ||
    (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '')
  );
}

/**
 * The ReplicaSet (and ReplicationController) controller: keeps `spec.replicas` active pods, each
 * with a fresh generated name, and reports replicas / ready / available in the status.
 */
export class ReplicaSetController {
  /** How many pods each ReplicaSet created while seeding: their ordinals for the sim annotations. */
  private readonly created = new Map<string, number>();

  constructor(private readonly ctx: ControllerContext) {}

  onEvent(event: StoreEvent): void {
    if (event.resource === 'replicasets' || event.resource === 'replicationcontrollers') {
      if (event.type !== 'DELETED')
        this.sync(
          event.resource,
          event.object.metadata.namespace ?? '',
          event.object.metadata.name ?? '',
        );
      return;
    }
    if (event.resource !== 'pods' || !podChangeMatters(event)) return;
    const owner =
      controllerRefOf(event.object) ??
      (event.oldObject ? controllerRefOf(event.oldObject) : undefined);
    const resource = owner && RESOURCES[owner.kind];
    if (owner && resource) this.sync(resource, event.object.metadata.namespace ?? '', owner.name);
  }

  /** Reconciles every ReplicaSet and ReplicationController (after seeding a scenario). */
  syncAll(): void {
    for (const resource of Object.values(RESOURCES)) {
      const list = this.ctx.store.list(resource);
      if (!list.ok) continue;
      for (const rs of list.value.items)
        this.sync(resource, rs.metadata.namespace ?? '', rs.metadata.name ?? '');
    }
  }

  sync(resource: string, namespace: string, name: string): void {
    const { store } = this.ctx;
    const rs = store.get(resource, namespace, name);
    if (rs === undefined || rs.metadata.deletionTimestamp !== undefined) return;
    const uid = rs.metadata.uid ?? '';
    const owned = () =>
      [...this.ctx.pods.ownedBy(uid)]
        .map((k) => store.get('pods', namespace, k.slice(namespace.length + 1)))
        .filter((p): p is KubeObject => p !== undefined && controllerRefOf(p)?.uid === uid);
    const active = owned().filter(isActivePod);
    const want = replicasOf(rs);
    if (active.length < want) this.scaleUp(rs, want - active.length, active.length);
    else if (active.length > want) {
      for (const pod of active.sort(deletionOrder).slice(0, active.length - want)) {
        const deleted = store.delete('pods', namespace, pod.metadata.name ?? '');
        if (!deleted.ok && deleted.error.code !== 404)
          this.ctx.onError(`scale down ${namespace}/${name}: ${deleted.error.message}`);
      }
    }
    this.writeStatus(resource, rs, owned().filter(isActivePod));
  }

  private scaleUp(rs: KubeObject, count: number, existing: number): void {
    const namespace = rs.metadata.namespace ?? '';
    const owner = controllerRefOf(rs);
    const steering =
      owner?.kind === 'Deployment'
        ? (this.ctx.store.get('deployments', namespace, owner.name) ?? rs)
        : rs;
    const uid = rs.metadata.uid ?? '';
    for (let i = 0; i < count; i++) {
      const ordinal = this.ctx.seeding ? (this.created.get(uid) ?? 0) : existing + i;
      if (this.ctx.seeding) this.created.set(uid, ordinal + 1);
      createWorkloadPod(this.ctx, {
        steering,
        owner: rs,
        name: `${rs.metadata.name ?? ''}-${this.ctx.random.suffix(5)}`,
        template: templateOf(rs),
        extraLabels: {},
        ordinal,
      });
    }
  }

  private writeStatus(resource: string, rs: KubeObject, active: KubeObject[]): void {
    const ready = active.filter(hasReadyCondition).length;
    const labels =
      specOf<{ template?: { metadata?: { labels?: Record<string, string> } } }>(rs).template
        ?.metadata?.labels ?? {};
    const fullyLabeled = active.filter((p) =>
      Object.entries(labels).every(([k, v]) => p.metadata.labels?.[k] === v),
    ).length;
    const next = {
      replicas: active.length,
      fullyLabeledReplicas: fullyLabeled,
      readyReplicas: ready,
      availableReplicas: ready,
      observedGeneration: rs.metadata.generation ?? 1,
    };
    const old = statusOf(rs);
    if (Object.entries(next).every(([k, v]) => old[k] === v)) return;
    const written = this.ctx.store.modify(
      resource,
      rs.metadata.namespace,
      rs.metadata.name ?? '',
      (copy) => {
        copy['status'] = { ...(copy['status'] as Record<string, unknown> | undefined), ...next };
      },
      { subresource: 'status' },
    );
    if (!written.ok)
      this.ctx.onError(`status of ${resource} ${rs.metadata.name ?? ''}: ${written.error.message}`);
  }
}
