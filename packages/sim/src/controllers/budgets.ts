import type { Result } from '@pdbscope/shared';
import type { TimerHandle } from '@pdbscope/shared/clock';
import type { PdbStatus, PubStatus } from '@pdbscope/shared';
import {
  nodeFromObject,
  pdbFromObject,
  podFromObject,
  pubFromObject,
  refKey,
  workloadFromObject,
} from '@pdbscope/shared';
import type {
  BudgetDelta,
  BudgetEvaluation,
  IndexedObject,
  PdbEvaluation,
  PubEvaluation,
} from '@pdbscope/shared/index';
import { ClusterIndex } from '@pdbscope/shared/index';
import type { KubeObject, StoreEvent } from '../store/types.js';
import type { ControllerContext } from './context.js';
import { EventRecorder } from './events.js';
import { stableJson } from './names.js';

const RELATED_PUB = 'pub.kruise.io/related-pub';
const MAX_WRITES_PER_INSTANT = 50;
const RELATED_PUB_DEPRECATED = 'kruise.io/related-pub';

const hasRelatedPub = (annotations: Record<string, string> | undefined): boolean =>
  (annotations?.[RELATED_PUB] ?? '') !== '';

const CONVERTERS: Readonly<Record<string, (raw: unknown) => Result<IndexedObject>>> = {
  pods: podFromObject,
  poddisruptionbudgets: pdbFromObject,
  podunavailablebudgets: pubFromObject,
  deployments: workloadFromObject,
  replicasets: workloadFromObject,
  statefulsets: workloadFromObject,
  replicationcontrollers: workloadFromObject,
  nodes: nodeFromObject,
};

/** A PDB status as the API serialises it (`disruptedPods` is omitted when empty). */
export function pdbStatusJson(status: PdbStatus): Record<string, unknown> {
  return {
    observedGeneration: status.observedGeneration,
    ...(Object.keys(status.disruptedPods).length > 0
      ? { disruptedPods: { ...status.disruptedPods } }
      : {}),
    disruptionsAllowed: status.disruptionsAllowed,
    currentHealthy: status.currentHealthy,
    desiredHealthy: status.desiredHealthy,
    expectedPods: status.expectedPods,
    conditions: status.conditions.map((c) => ({ ...c })),
  };
}

export function pubStatusJson(status: PubStatus): Record<string, unknown> {
  return {
    observedGeneration: status.observedGeneration,
    ...(Object.keys(status.disruptedPods).length > 0
      ? { disruptedPods: { ...status.disruptedPods } }
      : {}),
    ...(Object.keys(status.unavailablePods).length > 0
      ? { unavailablePods: { ...status.unavailablePods } }
      : {}),
    unavailableAllowed: status.unavailableAllowed,
    currentAvailable: status.currentAvailable,
    desiredAvailable: status.desiredAvailable,
    totalReplicas: status.totalReplicas,
  };
}

/**
 * The disruption controller and OpenKruise's PUB controller in one: every change goes into the
 * shared engine's ClusterIndex, which re-evaluates only the budgets it touches; each budget whose
 * status differs from the stored one gets a status write. A timer re-evaluates budgets when a
 * disruptedPods (or unavailablePods) entry expires. What a sync says (UnmanagedPods, NoPods,
 * SyncFailed causes) is recorded as core/v1 Events.
 */
export class BudgetController {
  private readonly index: ClusterIndex;
  private readonly rechecks = new Map<string, number>();
  private timer: { at: number; handle: TimerHandle } | undefined;
  private readonly events: EventRecorder;
  private readonly writes = new Map<string, { at: number; count: number }>();

  constructor(private readonly ctx: ControllerContext) {
    this.index = new ClusterIndex({ now: ctx.clock.now() });
    this.events = new EventRecorder(ctx);
  }

  onEvent(event: StoreEvent): void {
    const convert = CONVERTERS[event.resource];
    if (convert === undefined) return;
    // Events arrive queued behind later writes: the index follows the store as it is now, so a
    // status written since is never undone by an older copy (and no write can echo forever).
    const { namespace, name } = event.object.metadata;
    const current = this.ctx.store.get(event.resource, namespace, name ?? '');
    const converted = convert(current ?? event.object);
    if (!converted.ok) {
      this.ctx.onError(`${event.resource} ${name ?? ''}: ${converted.error}`);
      return;
    }
    const change = current === undefined ? ('delete' as const) : ('upsert' as const);
    this.handle(this.index.apply({ type: change, object: converted.value }, this.ctx.clock.now()));
  }

  /** Loads everything the store holds in one go and writes every budget's status (after a bulk load). */
  resyncAll(): void {
    const listed = (resource: string) => {
      const r = this.ctx.store.list(resource);
      const convert = CONVERTERS[resource];
      if (!r.ok || convert === undefined) return [];
      return r.value.items.flatMap((o) => {
        const c = convert(o);
        return c.ok ? [c.value] : [];
      });
    };
    const deltas = this.index.apply(
      {
        type: 'replaceAll',
        pods: listed('pods') as never,
        budgets: [...listed('poddisruptionbudgets'), ...listed('podunavailablebudgets')] as never,
        workloads: [
          ...listed('deployments'),
          ...listed('replicasets'),
          ...listed('statefulsets'),
          ...listed('replicationcontrollers'),
        ] as never,
        nodes: listed('nodes') as never,
      },
      this.ctx.clock.now(),
    );
    this.handle(deltas);
  }

  close(): void {
    this.timer?.handle.cancel();
    this.timer = undefined;
  }

  private handle(deltas: readonly BudgetDelta[]): void {
    for (const delta of deltas) {
      const k = refKey(delta.ref);
      if (delta.type === 'removed') {
        this.rechecks.delete(k);
        continue;
      }
      const evaluation = delta.evaluation;
      if (evaluation.recheckAtMs !== undefined) this.rechecks.set(k, evaluation.recheckAtMs);
      else this.rechecks.delete(k);
      if (evaluation.kind === 'PodDisruptionBudget') this.writePdb(evaluation);
      else this.writePub(evaluation);
      for (const event of evaluation.sync.events ?? []) this.events.record(event);
    }
    this.scheduleRecheck();
  }

  private writeStatus(
    resource: string,
    evaluation: BudgetEvaluation,
    status: Record<string, unknown>,
  ): void {
    const { namespace, name } = evaluation.ref;
    const stored = this.ctx.store.get(resource, namespace, name);
    // The index may answer for an older version of the budget than the store holds; the store's
    // next event brings it up to date and the status is written then.
    if (stored === undefined || stored.metadata.uid !== evaluation.budget.uid) return;
    if (stableJson(stored['status'] ?? {}) === stableJson(status)) return;
    if (this.tooManyWrites(`${resource}/${namespace}/${name}`)) return;
    const written = this.ctx.store.modify(
      resource,
      namespace,
      name,
      (copy) => void (copy['status'] = status),
      { subresource: 'status' },
    );
    if (!written.ok)
      this.ctx.onError(`status of ${resource} ${namespace}/${name}: ${written.error.message}`);
  }

  /** A safety net: a budget rewritten over and over at one instant means a bug, not a cluster. */
  private tooManyWrites(key: string): boolean {
    const at = this.ctx.clock.now().getTime();
    const seen = this.writes.get(key);
    if (seen === undefined || seen.at !== at) {
      this.writes.set(key, { at, count: 1 });
      return false;
    }
    seen.count++;
    if (seen.count === MAX_WRITES_PER_INSTANT)
      this.ctx.onError(
        `status of ${key} rewritten ${seen.count} times at one instant; holding further writes`,
      );
    return seen.count >= MAX_WRITES_PER_INSTANT;
  }

  private writePdb(evaluation: PdbEvaluation): void {
    this.writeStatus('poddisruptionbudgets', evaluation, pdbStatusJson(evaluation.sync.status));
  }

  private writePub(evaluation: PubEvaluation): void {
    this.writeStatus('podunavailablebudgets', evaluation, pubStatusJson(evaluation.sync.status));
    const pubName = evaluation.ref.name;
    for (const view of evaluation.pods) {
      if (hasRelatedPub(view.annotations)) continue;
      const pod = this.ctx.store.get('pods', view.namespace, view.name);
      if (pod === undefined || hasRelatedPub(pod.metadata.annotations)) continue;
      this.annotate(pod, pubName);
    }
  }

  /**
   * OpenKruise marks each protected pod; its webhook finds the PUB only this way. Kruise writes the
   * annotation only when it is empty: two PUBs over one pod (a selector and a targetRef, which it
   * allows) would otherwise take it from each other for ever.
   */
  private annotate(pod: KubeObject, pubName: string): void {
    const written = this.ctx.store.modify(
      'pods',
      pod.metadata.namespace,
      pod.metadata.name ?? '',
      (copy) => {
        copy.metadata.annotations = {
          ...(copy.metadata.annotations ?? {}),
          [RELATED_PUB]: pubName,
          [RELATED_PUB_DEPRECATED]: pubName,
        };
      },
    );
    if (!written.ok)
      this.ctx.onError(`annotate pod ${pod.metadata.name ?? ''}: ${written.error.message}`);
  }

  private scheduleRecheck(): void {
    let earliest: number | undefined;
    if (this.timer !== undefined && this.rechecks.size > 0) {
      earliest = this.timer.at;
      for (const at of this.rechecks.values()) if (at < earliest) earliest = at;
      if (earliest === this.timer.at) return;
    } else {
      for (const at of this.rechecks.values())
        if (earliest === undefined || at < earliest) earliest = at;
    }
    this.timer?.handle.cancel();
    this.timer = undefined;
    if (earliest === undefined) return;
    const at = earliest;
    // The disruption controller re-enqueues at the expiry; one more second lets "strictly before now" hold.
    const delay = Math.max(0, at - this.ctx.clock.now().getTime()) + 1000;
    this.timer = { at, handle: this.ctx.clock.setTimeout(() => this.recheck(), delay) };
  }

  private recheck(): void {
    this.timer = undefined;
    const now = this.ctx.clock.now();
    for (const [k, at] of this.rechecks) if (at <= now.getTime()) this.rechecks.delete(k);
    this.handle(this.index.evaluate(now));
  }
}
