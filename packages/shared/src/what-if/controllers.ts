import type { PodView } from '../model/pod.js';
import type { OwnerRef } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';
import { ordinalOf, scaleDownOrder } from './pods.js';
import { describeRef } from './refs.js';
import { createdUid, refOfObject } from './stored.js';
import type { WhatIfWorld } from './world.js';

/** Kinds whose pods a ReplicaSet-like controller keeps at `replicas` (any names, newest go first). */
const REPLICA_SET_LIKE = new Set(['ReplicaSet', 'ReplicationController', 'CloneSet']);

const ownerOf = (w: WorkloadView): OwnerRef => ({
  apiVersion: w.apiVersion,
  kind: w.kind,
  name: w.name,
  uid: w.uid,
});

/** The pods the workload controls now, terminating and finished ones left out. */
function podsOf(world: WhatIfWorld, w: WorkloadView): PodView[] {
  const out: PodView[] = [];
  for (const pod of world.view.podsInNamespace(w.namespace))
    if (
      pod.controller?.uid === w.uid &&
      pod.deletionTimestamp === undefined &&
      pod.phase !== 'Succeeded' &&
      pod.phase !== 'Failed'
    )
      out.push(pod);
  return out;
}

/** The workloads it owns (a Deployment's ReplicaSets), as the view has them now. */
const ownedBy = (world: WhatIfWorld, w: WorkloadView): WorkloadView[] =>
  world.view.workloadLookup().controlledBy?.(w.namespace, w.uid) ?? [];

/**
 * Keeps a ReplicaSet-like workload's pods at `replicas`: a scale-down removes them in the
 * controller's order (`scaleDownOrder`), a scale-up creates pods made like `template` (one of its
 * pods when none is given). The workload is put with its new replicas.
 */
function scaleReplicaSet(
  world: WhatIfWorld,
  rs: WorkloadView,
  replicas: number,
  template: PodView | undefined,
): void {
  const cause = `scale of ${describeRef(refOfObject(rs))} to ${replicas}`;
  if (rs.replicas !== replicas) world.put({ ...rs, replicas }, cause);
  const pods = podsOf(world, rs);
  if (pods.length > replicas) {
    for (const pod of scaleDownOrder(pods).slice(0, pods.length - replicas))
      world.remove(pod, `scale-down of ${describeRef(refOfObject(rs))} to ${replicas}`);
    return;
  }
  const like = template ?? pods[0];
  if (pods.length < replicas && !like) {
    world.notes.push(
      `${describeRef(refOfObject(rs))} has no pod and no template to make its ${replicas - pods.length} new pod(s) from: they are not created.`,
    );
    return;
  }
  for (let i = pods.length; i < replicas && like; i++) {
    const name = world.placement.freeName(rs.namespace, rs.name);
    world.createPod(
      world.placement.newPod(like, ownerOf(rs), name),
      `scale-up of ${describeRef(refOfObject(rs))} to ${replicas}`,
    );
  }
}

/** A StatefulSet keeps ordinals 0…replicas-1: the highest go first, missing ones are created. */
function scaleStatefulSet(
  world: WhatIfWorld,
  sts: WorkloadView,
  replicas: number,
  template: PodView | undefined,
): void {
  const what = describeRef(refOfObject(sts));
  if (sts.replicas !== replicas) world.put({ ...sts, replicas }, `scale of ${what} to ${replicas}`);
  const pods = podsOf(world, sts);
  const byOrdinal = new Map<number, PodView>();
  for (const pod of pods) {
    const ordinal = ordinalOf(sts.name, pod.name);
    if (ordinal !== undefined) byOrdinal.set(ordinal, pod);
  }
  const gone = [...byOrdinal.entries()].filter(([o]) => o >= replicas).sort(([a], [b]) => b - a);
  for (const [, pod] of gone) world.remove(pod, `scale-down of ${what} to ${replicas}`);
  const like = template ?? pods[0];
  for (let ordinal = 0; ordinal < replicas; ordinal++) {
    if (byOrdinal.has(ordinal)) continue;
    if (!like) {
      world.notes.push(
        `${what} has no pod and no template to make pod ${sts.name}-${ordinal} from: it is not created.`,
      );
      return;
    }
    const pod = world.placement.newPod(like, ownerOf(sts), `${sts.name}-${ordinal}`);
    world.createPod(pod, `scale-up of ${what} to ${replicas}`);
  }
}

/** The active ReplicaSet first: the one with the most replicas (the only one outside a rollout). */
const activeFirst = (a: WorkloadView, b: WorkloadView): number =>
  (b.replicas ?? 0) - (a.replicas ?? 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * A Deployment's replicas reach its pods through its ReplicaSets: the active one (most replicas)
 * takes the difference, others give up pods only when it has none left (a rollout in progress is
 * not scaled proportionally, as the controller would). A Deployment with no ReplicaSet yet (just
 * applied) gets one.
 */
function scaleDeployment(
  world: WhatIfWorld,
  deployment: WorkloadView,
  replicas: number,
  template: PodView | undefined,
): void {
  const what = describeRef(refOfObject(deployment));
  if (deployment.replicas !== replicas)
    world.put({ ...deployment, replicas }, `scale of ${what} to ${replicas}`);
  const sets = ownedBy(world, deployment)
    .filter((w) => w.kind === 'ReplicaSet')
    .sort(activeFirst);
  if (sets.length === 0) {
    const name = `${deployment.name}-what-if`;
    const rs: WorkloadView = {
      kind: 'ReplicaSet',
      apiVersion: 'apps/v1',
      namespace: deployment.namespace,
      name,
      uid: createdUid({ kind: 'ReplicaSet', namespace: deployment.namespace, name }),
      resourceVersion: '',
      replicas: 0,
      ...(deployment.selector ? { selector: deployment.selector } : {}),
      controller: ownerOf(deployment),
      labels: template?.labels ?? {},
    };
    world.put(rs, `created by ${what}`);
    sets.push(rs);
  }
  let excess = sets.reduce((n, rs) => n + (rs.replicas ?? 0), 0) - replicas;
  sets.forEach((rs, i) => {
    const now = rs.replicas ?? 0;
    const next = i === 0 && excess < 0 ? now - excess : Math.max(0, now - Math.max(0, excess));
    excess -= now - next;
    if (next !== now) scaleReplicaSet(world, rs, next, i === 0 ? template : undefined);
  });
}

/**
 * Scales a workload as its controller would reach its pods (`kubectl scale`, or an apply that
 * changes `replicas`). Kinds without replicas (DaemonSet, Job) are put as they are.
 */
export function scaleWorkload(
  world: WhatIfWorld,
  workload: WorkloadView,
  replicas: number,
  template?: PodView,
): void {
  if (workload.kind === 'Deployment') scaleDeployment(world, workload, replicas, template);
  else if (workload.kind === 'StatefulSet') scaleStatefulSet(world, workload, replicas, template);
  else if (REPLICA_SET_LIKE.has(workload.kind))
    scaleReplicaSet(world, workload, replicas, template);
}

/** The pod its controller creates when this one is deleted (a StatefulSet's keeps its name). */
export function replacePod(world: WhatIfWorld, pod: PodView): void {
  const owner = pod.controller;
  if (!owner || owner.kind === 'DaemonSet' || owner.kind === 'Job') return;
  const controller = world.view.workload({ ...owner, namespace: pod.namespace });
  if (!controller || controller.uid !== owner.uid) return;
  const name =
    owner.kind === 'StatefulSet' ? pod.name : world.placement.freeName(pod.namespace, owner.name);
  world.createPod(
    world.placement.newPod(pod, owner, name),
    `replacement for pod ${pod.namespace}/${pod.name}`,
  );
}

/** Deletes a workload and, as the garbage collector would, what it owns: workloads, then pods. */
export function deleteWorkload(world: WhatIfWorld, workload: WorkloadView, cause: string): void {
  for (const owned of ownedBy(world, workload))
    deleteWorkload(world, owned, `garbage-collected with ${describeRef(refOfObject(workload))}`);
  for (const pod of podsOf(world, workload))
    world.remove(pod, `garbage-collected with ${describeRef(refOfObject(workload))}`);
  world.remove(workload, cause);
}
