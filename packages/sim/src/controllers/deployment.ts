import { scaledValue } from '@pdbscope/shared';
import { rfc3339 } from '../store/clock.js';
import type { KubeObject, StoreEvent } from '../store/types.js';
import type { ControllerContext } from './context.js';
import { controllerRefOf, specOf, statusOf, workloadChangeMatters } from './objects.js';
import { stableJson, templateHash } from './names.js';
import type { PodTemplate } from './pod-factory.js';
import { ownerReference, replicasOf, templateOf } from './workload-pods.js';

const REVISION = 'deployment.kubernetes.io/revision';
const HASH_LABEL = 'pod-template-hash';

interface DeploymentSpec {
  replicas?: number;
  selector?: { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
  strategy?: {
    type?: string;
    rollingUpdate?: { maxSurge?: number | string; maxUnavailable?: number | string };
  };
}

interface RsStatus {
  replicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
}

function withoutHash(template: PodTemplate): string {
  const labels = { ...(template.metadata?.labels ?? {}) };
  delete labels[HASH_LABEL];
  return stableJson({ ...template, metadata: { ...template.metadata, labels } });
}

function revisionOf(rs: KubeObject): number {
  return Number(rs.metadata.annotations?.[REVISION] ?? '0') || 0;
}

/** maxSurge rounds up, maxUnavailable down; both 0 would deadlock, so maxUnavailable becomes 1. */
function rollingLimits(
  spec: DeploymentSpec,
  replicas: number,
): { surge: number; unavailable: number } {
  const ru = spec.strategy?.rollingUpdate;
  const surgeResult = scaledValue(ru?.maxSurge ?? '25%', replicas, true);
  const unavailableResult = scaledValue(ru?.maxUnavailable ?? '25%', replicas, false);
  const surge = surgeResult.ok ? surgeResult.value : 1;
  const unavailable = unavailableResult.ok ? unavailableResult.value : 0;
  return { surge, unavailable: surge === 0 && unavailable === 0 ? 1 : unavailable };
}

/**
 * The Deployment controller: one ReplicaSet per pod template (a changed template starts a rolling
 * update through a new ReplicaSet, within maxSurge / maxUnavailable), scaling, and the status.
 */
export class DeploymentController {
  constructor(private readonly ctx: ControllerContext) {}

  onEvent(event: StoreEvent): void {
    if (event.type === 'DELETED' || !workloadChangeMatters(event)) return;
    if (event.resource === 'deployments')
      this.sync(event.object.metadata.namespace ?? '', event.object.metadata.name ?? '');
    else if (event.resource === 'replicasets') {
      const owner = controllerRefOf(event.object);
      if (owner?.kind === 'Deployment')
        this.sync(event.object.metadata.namespace ?? '', owner.name);
    }
  }

  syncAll(): void {
    const list = this.ctx.store.list('deployments');
    if (!list.ok) return;
    for (const d of list.value.items) this.sync(d.metadata.namespace ?? '', d.metadata.name ?? '');
  }

  sync(namespace: string, name: string): void {
    const { store } = this.ctx;
    const deployment = store.get('deployments', namespace, name);
    if (deployment === undefined || deployment.metadata.deletionTimestamp !== undefined) return;
    const uid = deployment.metadata.uid ?? '';
    const list = store.list('replicasets', { namespace });
    const owned = list.ok ? list.value.items.filter((rs) => controllerRefOf(rs)?.uid === uid) : [];
    const template = templateOf(deployment);
    const wanted = withoutHash(template);
    let newRs = owned.find((rs) => withoutHash(templateOf(rs)) === wanted);
    const old = owned.filter((rs) => rs !== newRs).sort((a, b) => revisionOf(a) - revisionOf(b));
    const spec = specOf<DeploymentSpec>(deployment);
    const replicas = replicasOf(deployment);
    const oldReplicas = old.reduce((n, rs) => n + replicasOf(rs), 0);
    if (newRs === undefined) {
      const revision = Math.max(0, ...owned.map(revisionOf)) + 1;
      newRs = this.createReplicaSet(
        deployment,
        template,
        revision,
        oldReplicas === 0 ? replicas : 0,
      );
      if (newRs === undefined) return;
    }
    if (spec.strategy?.type === 'Recreate') this.recreate(newRs, old, replicas);
    else this.rollingUpdate(spec, newRs, old, replicas);
    this.writeStatus(deployment, newRs, owned.includes(newRs) ? owned : [...owned, newRs]);
  }

  private createReplicaSet(
    deployment: KubeObject,
    template: PodTemplate,
    revision: number,
    replicas: number,
  ): KubeObject | undefined {
    const hash = templateHash(template);
    const selector = specOf<DeploymentSpec>(deployment).selector ?? {};
    const labels = { ...(template.metadata?.labels ?? {}), [HASH_LABEL]: hash };
    const rs: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: `${deployment.metadata.name ?? ''}-${hash}`,
        namespace: deployment.metadata.namespace ?? '',
        labels,
        annotations: {
          'deployment.kubernetes.io/desired-replicas': String(replicasOf(deployment)),
          'deployment.kubernetes.io/max-replicas': String(replicasOf(deployment) + 1),
          [REVISION]: String(revision),
        },
        ownerReferences: [{ ...ownerReference(deployment) }],
      },
      spec: {
        replicas,
        selector: {
          ...selector,
          matchLabels: { ...(selector.matchLabels ?? {}), [HASH_LABEL]: hash },
        },
        template: { ...structuredClone(template), metadata: { ...template.metadata, labels } },
      },
    };
    const created = this.ctx.store.create('replicasets', rs);
    if (!created.ok) {
      this.ctx.onError(`create ReplicaSet ${rs.metadata.name ?? ''}: ${created.error.message}`);
      return undefined;
    }
    return created.value;
  }

  private recreate(newRs: KubeObject, old: KubeObject[], replicas: number): void {
    const oldLeft = old.filter(
      (rs) => replicasOf(rs) > 0 || (statusOf<RsStatus>(rs).replicas ?? 0) > 0,
    );
    for (const rs of old) this.scale(rs, 0);
    if (oldLeft.every((rs) => replicasOf(rs) === 0 && (statusOf<RsStatus>(rs).replicas ?? 0) === 0))
      this.scale(newRs, replicas);
  }

  private rollingUpdate(
    spec: DeploymentSpec,
    newRs: KubeObject,
    old: KubeObject[],
    replicas: number,
  ): void {
    const oldReplicas = old.reduce((n, rs) => n + replicasOf(rs), 0);
    if (oldReplicas === 0) {
      this.scale(newRs, replicas);
      return;
    }
    const { surge, unavailable } = rollingLimits(spec, replicas);
    let newReplicas = replicasOf(newRs);
    const total = oldReplicas + newReplicas;
    if (newReplicas < replicas && total < replicas + surge) {
      newReplicas += Math.min(replicas + surge - total, replicas - newReplicas);
      this.scale(newRs, newReplicas);
    }
    const available = [newRs, ...old].reduce(
      (n, rs) => n + (statusOf<RsStatus>(rs).availableReplicas ?? 0),
      0,
    );
    let canRemove = available - (replicas - unavailable);
    // Old pods that are not available cost no availability: they go first (cleanupUnhealthyReplicas).
    for (const rs of old) {
      const unhealthy = Math.max(
        0,
        replicasOf(rs) - (statusOf<RsStatus>(rs).availableReplicas ?? 0),
      );
      const budget = Math.min(replicasOf(rs), Math.max(0, canRemove) + unhealthy);
      if (budget <= 0) continue;
      this.scale(rs, replicasOf(rs) - budget);
      canRemove -= Math.max(0, budget - unhealthy);
    }
  }

  private scale(rs: KubeObject, replicas: number): void {
    if (replicasOf(rs) === replicas) return;
    const written = this.ctx.store.modify(
      'replicasets',
      rs.metadata.namespace,
      rs.metadata.name ?? '',
      (copy) => {
        (copy['spec'] as Record<string, unknown>)['replicas'] = replicas;
      },
    );
    if (!written.ok)
      this.ctx.onError(`scale ReplicaSet ${rs.metadata.name ?? ''}: ${written.error.message}`);
  }

  private writeStatus(deployment: KubeObject, newRs: KubeObject, all: KubeObject[]): void {
    const sum = (f: (s: RsStatus) => number | undefined): number =>
      all.reduce((n, rs) => n + (f(statusOf<RsStatus>(rs)) ?? 0), 0);
    const replicas = replicasOf(deployment);
    const available = sum((s) => s.availableReplicas);
    const updated = statusOf<RsStatus>(newRs).replicas ?? 0;
    const { unavailable } = rollingLimits(specOf<DeploymentSpec>(deployment), replicas);
    const complete =
      updated === replicas && sum((s) => s.replicas) === replicas && available === replicas;
    const old = statusOf<{
      conditions?: { type: string; status: string; reason?: string; lastTransitionTime?: string }[];
    }>(deployment);
    const now = rfc3339(this.ctx.clock.now());
    const condition = (type: string, ok: boolean, reason: string, message: string) => {
      const previous = old.conditions?.find((c) => c.type === type);
      const same = previous?.status === (ok ? 'True' : 'False');
      return {
        type,
        status: ok ? 'True' : 'False',
        lastUpdateTime:
          same && previous?.reason === reason
            ? ((previous as { lastUpdateTime?: string }).lastUpdateTime ?? now)
            : now,
        lastTransitionTime: same ? (previous?.lastTransitionTime ?? now) : now,
        reason,
        message,
      };
    };
    const rsName = newRs.metadata.name ?? '';
    const next = {
      observedGeneration: deployment.metadata.generation ?? 1,
      replicas: sum((s) => s.replicas),
      updatedReplicas: updated,
      readyReplicas: sum((s) => s.readyReplicas),
      availableReplicas: available,
      unavailableReplicas: Math.max(0, replicas - available),
      conditions: [
        available >= replicas - unavailable
          ? condition(
              'Available',
              true,
              'MinimumReplicasAvailable',
              'Deployment has minimum availability.',
            )
          : condition(
              'Available',
              false,
              'MinimumReplicasUnavailable',
              'Deployment does not have minimum availability.',
            ),
        complete
          ? condition(
              'Progressing',
              true,
              'NewReplicaSetAvailable',
              `ReplicaSet "${rsName}" has successfully progressed.`,
            )
          : condition(
              'Progressing',
              true,
              'ReplicaSetUpdated',
              `ReplicaSet "${rsName}" is progressing.`,
            ),
      ],
    };
    if (stableJson(next) === stableJson(pick(statusOf(deployment), Object.keys(next)))) return;
    const written = this.ctx.store.modify(
      'deployments',
      deployment.metadata.namespace,
      deployment.metadata.name ?? '',
      (copy) => {
        copy['status'] = { ...(copy['status'] as Record<string, unknown> | undefined), ...next };
      },
      { subresource: 'status' },
    );
    if (!written.ok)
      this.ctx.onError(
        `status of Deployment ${deployment.metadata.name ?? ''}: ${written.error.message}`,
      );
  }
}

function pick(obj: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (obj[k] !== undefined) out[k] = obj[k];
  return out;
}
