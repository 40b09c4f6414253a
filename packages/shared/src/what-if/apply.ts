import { isBudget, isNode, isPod } from '../index/state.js';
import type { BudgetEvaluation } from '../index/types.js';
import type { ClusterOverlay } from '../index/overlay.js';
import type { ClusterView } from '../index/view.js';
import type { ResourceRef } from '../model/refs.js';
import { deleteWorkload, replacePod, scaleWorkload } from './controllers.js';
import { describeRef } from './refs.js';
import {
  budgetRefusal,
  currentObject,
  refOfObject,
  storedBudget,
  storedNode,
  storedPod,
  storedWorkload,
} from './stored.js';
import type { WhatIfChange, WhatIfEffect, WhatIfError } from './types.js';
import { WhatIfWorld } from './world.js';

/** The cluster with a change set applied, settled, and what it took. */
export interface AppliedChangeSet {
  /** The cluster after the change set, once every pod it created is Ready. */
  view: ClusterOverlay;
  effects: WhatIfEffect[];
  /** Applied to `view`, gives the base back (exactly: every object as it was). */
  inverse: WhatIfChange[];
  /** Seconds until the last pod it created is Ready (0 when it creates none). */
  settleSeconds: number;
  /**
   * The budgets of the pods it created, while those start (not Ready yet), by refKey: for that
   * long a budget may allow less than before and after.
   */
  meanwhile: Map<string, BudgetEvaluation>;
  /** Pods it created that no node can take: Pending, never Ready. */
  unschedulable: ResourceRef[];
  /** Changes refused (the API server's validation) or naming nothing; applied: none of them. */
  errors: WhatIfError[];
  /** What it could not model, in words. */
  notes: string[];
}

const SCALABLE = new Set([
  'Deployment',
  'StatefulSet',
  'ReplicaSet',
  'ReplicationController',
  'CloneSet',
]);

function applyObject(world: WhatIfWorld, change: Extract<WhatIfChange, { type: 'apply' }>): void {
  const { object } = change;
  const cause = `applied${change.source ? ` from ${change.source}` : ''}`;
  const ref = refOfObject(object);
  if (isBudget(object)) {
    const previous = world.view.budget(ref)?.budget;
    const stored = storedBudget(object, previous, world.now);
    const refusal = budgetRefusal(stored, world.view);
    if (refusal !== undefined)
      world.errors.push({ change: change.source ?? describeRef(ref), message: refusal });
    else world.put(stored, cause);
  } else if (isPod(object)) {
    const previous = world.view.pod(object);
    const stored = storedPod(object, previous, world.now);
    if (previous) world.put(stored, cause);
    else world.createPod(stored, cause);
  } else if (isNode(object)) {
    world.put(storedNode(object, world.view.node(object.name)), cause);
  } else {
    const previous = world.view.workload(object);
    const stored = storedWorkload(object, previous);
    world.put(stored, cause);
    const replicas = stored.replicas ?? 1;
    if (SCALABLE.has(stored.kind) && (previous === undefined || previous.replicas !== replicas))
      scaleWorkload(
        world,
        { ...stored, replicas: previous?.replicas ?? 0 },
        replicas,
        change.template,
      );
    else if (previous === undefined && !SCALABLE.has(stored.kind))
      world.notes.push(
        `${describeRef(ref)}: its pods are not created (only scalable workloads' are).`,
      );
  }
}

function deleteObject(world: WhatIfWorld, ref: ResourceRef): void {
  const object = currentObject(world.view, ref);
  const cause = 'deleted';
  if (!object) {
    world.errors.push({
      change: describeRef(ref),
      message: `${describeRef(ref)} is not in the snapshot`,
    });
    return;
  }
  if (isPod(object)) {
    world.remove(object, cause);
    replacePod(world, object);
  } else if (isBudget(object)) world.remove(object, cause);
  else if (isNode(object)) {
    // The pod garbage collector deletes the pods of a node that is gone; controllers replace them.
    for (const pod of world.view.podsOnNode(object.name)) {
      world.remove(pod, `on deleted Node ${object.name}`);
      replacePod(world, pod);
    }
    world.remove(object, cause);
  } else deleteWorkload(world, object, cause);
}

function applyChange(world: WhatIfWorld, change: WhatIfChange): void {
  switch (change.type) {
    case 'apply':
      return applyObject(world, change);
    case 'delete':
      return deleteObject(world, change.ref);
    case 'scale': {
      const object = currentObject(world.view, change.ref);
      if (!object || isPod(object) || isBudget(object) || isNode(object)) {
        world.errors.push({
          change: describeRef(change.ref),
          message: `${describeRef(change.ref)} is not in the snapshot`,
        });
        return;
      }
      return scaleWorkload(world, object, change.replicas);
    }
    case 'put':
      return world.put(change.object, 'put back');
    case 'remove':
      return world.remove(change.object, 'taken away');
  }
}

/**
 * Applies a change set to a copy-on-write view of the cluster, as the API server and the
 * controllers would: budgets validated and stored with their generation, workloads' pods created
 * (bound by the scheduler) and removed (in the controller's order), what a deleted object owns
 * garbage-collected. The base is never written. Pure: `now` is when it is applied.
 */
export function applyChangeSet(
  base: ClusterView,
  changes: readonly WhatIfChange[],
  now: Date = base.now,
): AppliedChangeSet {
  const world = new WhatIfWorld(base, now);
  for (const change of changes) {
    world.syncing = change.type !== 'put' && change.type !== 'remove';
    applyChange(world, change);
  }
  const meanwhile = world.settle();
  world.syncBudgets();
  return {
    view: world.view,
    effects: world.effects(),
    inverse: world.inverse(),
    settleSeconds: world.settleSeconds,
    meanwhile,
    unschedulable: world.unschedulable,
    errors: world.errors,
    notes: world.notes,
  };
}
