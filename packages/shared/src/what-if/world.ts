import { ClusterOverlay } from '../index/overlay.js';
import { isPod } from '../index/state.js';
import type { BudgetEvaluation, IndexedObject } from '../index/types.js';
import type { ClusterView } from '../index/view.js';
import type { PodView } from '../model/pod.js';
import { podWith } from '../model/pod-with.js';
import { refKey, type ResourceRef } from '../model/refs.js';
import { PodPlacement } from './pods.js';
import { currentObject, refOfObject } from './stored.js';
import type { WhatIfChange, WhatIfEffect, WhatIfError } from './types.js';

/** The cause of a budget's status written by its controller once the changes settled. */
export const STATUS_SYNC_CAUSE = 'status synced by its controller';

interface Touched {
  ref: ResourceRef;
  before: IndexedObject | undefined;
  after: IndexedObject | undefined;
  cause: string;
}

const apiVersionOf = (o: IndexedObject): string | undefined =>
  'apiVersion' in o ? o.apiVersion : undefined;

/**
 * The cluster a change set is applied to: a copy-on-write view of the base, every object it puts
 * or removes recorded with what was there before (the effects, and the inverse made from them),
 * and the pods it creates, bound by the scheduler and Ready once their readiness time has passed.
 */
export class WhatIfWorld {
  readonly view: ClusterOverlay;
  readonly placement: PodPlacement;
  readonly errors: WhatIfError[] = [];
  readonly notes: string[] = [];
  /** Created pods no node can take: they stay Pending. */
  readonly unschedulable: ResourceRef[] = [];
  /** Seconds until the last created pod is Ready. */
  settleSeconds = 0;
  private readonly touched = new Map<string, Touched>();
  /** Budgets whose evaluation a change moved (refKey). */
  private readonly moved = new Set<string>();
  /**
   * Whether the controllers sync what the changes move: yes for what a user does, no for `put`
   * and `remove`, which set objects exactly (an inverse gives statuses back as they were).
   */
  syncing = true;
  /** Created pods bound to a node, not Ready yet. */
  private readonly starting: PodView[] = [];

  constructor(
    base: ClusterView,
    readonly now: Date,
  ) {
    this.view = new ClusterOverlay(base);
    this.placement = new PodPlacement(this.view, now);
  }

  private record(object: IndexedObject, after: IndexedObject | undefined, cause: string): void {
    const ref = refOfObject(object);
    const key = refKey(ref);
    const seen = this.touched.get(key);
    if (seen) seen.after = after;
    else
      this.touched.set(key, {
        ref,
        before: currentObject(this.view, ref, apiVersionOf(object)),
        after,
        cause,
      });
  }

  /** Puts the object as given (created or replaced). */
  put(object: IndexedObject, cause: string): void {
    this.record(object, object, cause);
    const deltas = this.view.apply({ type: 'upsert', object });
    if (this.syncing) for (const d of deltas) this.moved.add(refKey(d.ref));
  }

  /** Removes the object as given. */
  remove(object: IndexedObject, cause: string): void {
    this.record(object, undefined, cause);
    const deltas = this.view.apply({ type: 'delete', object });
    if (this.syncing) for (const d of deltas) this.moved.add(refKey(d.ref));
    if (isPod(object)) this.placement.release(object);
  }

  /** A new pod: bound where the scheduler puts it and starting there, or Pending when none fits. */
  createPod(pod: PodView, cause: string): void {
    const node = this.placement.bind(pod);
    if (node === undefined) {
      this.unschedulable.push(refOfObject(pod));
      this.put(podWith(pod, { nodeName: undefined, phase: 'Pending', ready: false }), cause);
      return;
    }
    const bound = podWith(pod, { nodeName: node, phase: 'Pending', ready: false });
    this.put(bound, cause);
    this.starting.push(bound);
    this.settleSeconds = Math.max(this.settleSeconds, this.placement.readySeconds(bound));
  }

  /**
   * The created pods become Ready. Returns the evaluations of their budgets from before, while
   * they start (by refKey): what the cluster looks like for the readiness time.
   */
  settle(): Map<string, BudgetEvaluation> {
    const meanwhile = new Map<string, BudgetEvaluation>();
    for (const pod of this.starting)
      for (const ev of this.view.coveringEvaluations(pod) ?? []) meanwhile.set(refKey(ev.ref), ev);
    for (const pod of this.starting) {
      const current = this.view.pod(pod);
      if (current === pod)
        this.put(podWith(pod, { phase: 'Running', ready: true }), this.causeOf(pod));
    }
    this.starting.length = 0;
    return meanwhile;
  }

  /**
   * The controllers sync the budgets the changes moved: each one's stored status becomes the one
   * it recomputes (as a settled cluster has it), so what is left is the change, not a status
   * that lags behind it.
   */
  syncBudgets(): void {
    for (const key of this.moved) {
      const ev = this.view.evaluationByKey(key);
      if (ev && JSON.stringify(ev.budget.status) !== JSON.stringify(ev.synced.status))
        this.put(ev.synced, STATUS_SYNC_CAUSE);
    }
  }

  private causeOf(object: IndexedObject): string {
    return this.touched.get(refKey(refOfObject(object)))?.cause ?? '';
  }

  /** What the change set did to each object, in the order it first touched them. */
  effects(): WhatIfEffect[] {
    const out: WhatIfEffect[] = [];
    for (const { ref, before, after, cause } of this.touched.values()) {
      if (before === after) continue;
      const action =
        before === undefined ? 'created' : after === undefined ? 'deleted' : 'replaced';
      out.push({
        action,
        ref,
        ...(before ? { before } : {}),
        ...(after ? { after } : {}),
        cause,
      });
    }
    return out;
  }

  /** The change set that gives the base back: every object put back or taken away, exactly. */
  inverse(): WhatIfChange[] {
    return this.effects()
      .reverse()
      .map((e): WhatIfChange =>
        e.before === undefined
          ? { type: 'remove', object: e.after as IndexedObject }
          : { type: 'put', object: e.before },
      );
  }
}
