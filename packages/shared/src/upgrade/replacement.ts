import { rfc3339 } from '../budgets/time.js';
import type { PodView } from '../model/pod.js';

/** The workload a pod's readiness time is looked up by: `namespace/Kind/name` of its controller. */
export function workloadKeyOf(pod: PodView): string | undefined {
  return pod.controller && `${pod.namespace}/${pod.controller.kind}/${pod.controller.name}`;
}

/**
 * The pod a controller creates for an evicted one: not Ready yet, not bound. Bare and finished
 * pods are not replaced; a StatefulSet recreates the same name.
 */
export function newReplacement(pod: PodView, now: Date, serial: number): PodView | undefined {
  if (!pod.controller || pod.phase === 'Succeeded' || pod.phase === 'Failed') return undefined;
  const {
    nodeName: _n,
    deletionTimestamp: _d,
    waitingReason: _w,
    disruptionTarget: _t,
    ...rest
  } = pod;
  return {
    ...rest,
    name: pod.controller.kind === 'StatefulSet' ? pod.name : `${pod.name}-r${serial}`,
    uid: `${pod.uid}-r${serial}`,
    resourceVersion: '',
    creationTimestamp: rfc3339(now),
    phase: 'Pending',
    ready: false,
    restartCount: 0,
  };
}
