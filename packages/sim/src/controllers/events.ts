import type { ResourceRef } from '@pdbscope/shared';
import { rfc3339 } from '../store/clock.js';
import type { ControllerContext } from './context.js';

const RESOURCE_OF: Readonly<Record<string, { resource: string; apiVersion: string }>> = {
  PodDisruptionBudget: { resource: 'poddisruptionbudgets', apiVersion: 'policy/v1' },
  PodUnavailableBudget: {
    resource: 'podunavailablebudgets',
    apiVersion: 'policy.kruise.io/v1alpha1',
  },
  Pod: { resource: 'pods', apiVersion: 'v1' },
};

/** A repeated event updates its count at most this often, as client-go's recorder aggregates. */
const REPEAT_INTERVAL_MS = 60_000;

export interface RecordedEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  object: ResourceRef;
}

/**
 * core/v1 Events as kube-controller-manager's recorder writes them (source `controllermanager`),
 * so `kubectl describe pdb` and `kubectl get events` show what the disruption controller said.
 * A repeat of the same event bumps `count` and `lastTimestamp` instead of adding another.
 */
export class EventRecorder {
  private readonly recorded = new Map<string, { name: string; updatedAt: number }>();

  constructor(private readonly ctx: ControllerContext) {}

  record(event: RecordedEvent): void {
    const { object } = event;
    const kind = RESOURCE_OF[object.kind];
    if (kind === undefined) return;
    const key = `${object.namespace}\u0000${object.kind}\u0000${object.name}\u0000${event.type}\u0000${event.reason}\u0000${event.message}`;
    const now = this.ctx.clock.now();
    const at = rfc3339(now);
    const seen = this.recorded.get(key);
    if (seen !== undefined) {
      if (now.getTime() - seen.updatedAt < REPEAT_INTERVAL_MS) return;
      const bumped = this.ctx.store.modify('events', object.namespace, seen.name, (copy) => {
        copy['count'] = Number(copy['count'] ?? 1) + 1;
        copy['lastTimestamp'] = at;
      });
      if (bumped.ok) {
        seen.updatedAt = now.getTime();
        return;
      }
    }
    const involved = this.ctx.store.get(kind.resource, object.namespace, object.name);
    const name = `${object.name}.${this.ctx.random.suffix(16)}`;
    const created = this.ctx.store.create('events', {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: object.namespace },
      involvedObject: {
        apiVersion: kind.apiVersion,
        kind: object.kind,
        namespace: object.namespace,
        name: object.name,
        ...(involved?.metadata.uid !== undefined ? { uid: involved.metadata.uid } : {}),
        ...(involved?.metadata.resourceVersion !== undefined
          ? { resourceVersion: involved.metadata.resourceVersion }
          : {}),
      },
      type: event.type,
      reason: event.reason,
      message: event.message,
      source: { component: 'controllermanager' },
      reportingComponent: 'controllermanager',
      reportingInstance: '',
      firstTimestamp: at,
      lastTimestamp: at,
      count: 1,
    });
    if (created.ok) this.recorded.set(key, { name, updatedAt: now.getTime() });
    else
      this.ctx.onError(
        `event ${event.reason} on ${object.kind} ${object.name}: ${created.error.message}`,
      );
  }
}
