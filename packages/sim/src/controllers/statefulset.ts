import { hasReadyCondition } from '@pdbscope/shared';
import type { KubeObject, StoreEvent } from '../store/types.js';
import type { ControllerContext } from './context.js';
import { controllerRefOf, podChangeMatters, specOf, statusOf } from './objects.js';
import { stableJson, templateHash } from './names.js';
import { isActivePod } from './replicaset.js';
import { createWorkloadPod, replicasOf, templateOf } from './workload-pods.js';

const REVISION_LABEL = 'controller-revision-hash';

interface StatefulSetSpec {
  serviceName?: string;
  podManagementPolicy?: string;
  updateStrategy?: { type?: string };
}

interface StatefulSetStatus {
  observedGeneration?: number;
  updateRevision?: string;
  currentRevision?: string;
}

/**
 * The StatefulSet controller: pods `<name>-<ordinal>`, each recreated under the same name once the
 * old pod is gone, created in order (OrderedReady) or all at once (Parallel), condemned from the
 * highest ordinal down, and a rolling update that replaces one pod at a time from the top.
 */
export class StatefulSetController {
  constructor(private readonly ctx: ControllerContext) {}

  onEvent(event: StoreEvent): void {
    if (event.resource === 'statefulsets') {
      if (event.type !== 'DELETED')
        this.sync(event.object.metadata.namespace ?? '', event.object.metadata.name ?? '');
      return;
    }
    if (event.resource !== 'pods' || !podChangeMatters(event)) return;
    const owner = controllerRefOf(event.object);
    if (owner?.kind === 'StatefulSet') this.sync(event.object.metadata.namespace ?? '', owner.name);
  }

  syncAll(): void {
    const list = this.ctx.store.list('statefulsets');
    if (!list.ok) return;
    for (const s of list.value.items) this.sync(s.metadata.namespace ?? '', s.metadata.name ?? '');
  }

  sync(namespace: string, name: string): void {
    const { store } = this.ctx;
    const sts = store.get('statefulsets', namespace, name);
    if (sts === undefined || sts.metadata.deletionTimestamp !== undefined) return;
    const spec = specOf<StatefulSetSpec>(sts);
    const status = statusOf<StatefulSetStatus>(sts);
    const generation = sts.metadata.generation ?? 1;
    // A replayed snapshot keeps the revision its pods carry; a changed template gets a new one.
    const updateRevision =
      status.updateRevision !== undefined && status.observedGeneration === generation
        ? status.updateRevision
        : `${name}-${templateHash(templateOf(sts))}`;
    const replicas = replicasOf(sts);
    const parallel = this.ctx.seeding || spec.podManagementPolicy === 'Parallel';
    const podAt = (i: number) => store.get('pods', namespace, `${name}-${i}`);
    const owns = (p: KubeObject | undefined): p is KubeObject =>
      p !== undefined && controllerRefOf(p)?.uid === sts.metadata.uid;

    for (let i = 0; i < replicas; i++) {
      const pod = podAt(i);
      if (pod === undefined) {
        this.createPod(sts, i, updateRevision);
        if (!parallel) break;
      } else if (!parallel && (!hasReadyCondition(pod) || !isActivePod(pod))) break;
    }
    const condemned = [];
    for (let i = replicas; owns(podAt(i)); i++) condemned.push(podAt(i) as KubeObject);
    for (const pod of condemned
      .reverse()
      .filter(isActivePod)
      .slice(0, parallel ? undefined : 1))
      this.deletePod(pod);

    const pods = Array.from({ length: replicas }, (_, i) => podAt(i)).filter(owns);
    const settled =
      pods.length === replicas && pods.every((p) => isActivePod(p) && hasReadyCondition(p));
    if (settled && spec.updateStrategy?.type !== 'OnDelete') {
      const outdated = pods
        .filter((p) => p.metadata.labels?.[REVISION_LABEL] !== updateRevision)
        .pop();
      if (outdated !== undefined) this.deletePod(outdated);
    }
    this.writeStatus(sts, pods.filter(isActivePod), updateRevision);
  }

  private createPod(sts: KubeObject, ordinal: number, revision: string): void {
    const name = `${sts.metadata.name ?? ''}-${ordinal}`;
    createWorkloadPod(this.ctx, {
      steering: sts,
      owner: sts,
      name,
      template: templateOf(sts),
      extraLabels: {
        [REVISION_LABEL]: revision,
        'statefulset.kubernetes.io/pod-name': name,
        'apps.kubernetes.io/pod-index': String(ordinal),
      },
      ordinal,
      hostname: { hostname: name, subdomain: specOf<StatefulSetSpec>(sts).serviceName ?? '' },
    });
  }

  private deletePod(pod: KubeObject): void {
    const deleted = this.ctx.store.delete('pods', pod.metadata.namespace, pod.metadata.name ?? '');
    if (!deleted.ok && deleted.error.code !== 404)
      this.ctx.onError(`delete pod ${pod.metadata.name ?? ''}: ${deleted.error.message}`);
  }

  private writeStatus(sts: KubeObject, active: KubeObject[], updateRevision: string): void {
    const ready = active.filter(hasReadyCondition).length;
    const updated = active.filter(
      (p) => p.metadata.labels?.[REVISION_LABEL] === updateRevision,
    ).length;
    const old = statusOf<StatefulSetStatus>(sts);
    const currentRevision =
      updated === active.length && active.length === replicasOf(sts)
        ? updateRevision
        : (old.currentRevision ?? updateRevision);
    const next = {
      observedGeneration: sts.metadata.generation ?? 1,
      replicas: active.length,
      readyReplicas: ready,
      currentReplicas: currentRevision === updateRevision ? updated : active.length - updated,
      updatedReplicas: updated,
      availableReplicas: ready,
      currentRevision,
      updateRevision,
      collisionCount: 0,
    };
    const current = statusOf(sts);
    if (Object.entries(next).every(([k, v]) => stableJson(current[k]) === stableJson(v))) return;
    const written = this.ctx.store.modify(
      'statefulsets',
      sts.metadata.namespace,
      sts.metadata.name ?? '',
      (copy) => {
        copy['status'] = { ...(copy['status'] as Record<string, unknown> | undefined), ...next };
      },
      { subresource: 'status' },
    );
    if (!written.ok)
      this.ctx.onError(
        `status of StatefulSet ${sts.metadata.name ?? ''}: ${written.error.message}`,
      );
  }
}
