import { rfc3339 } from '../budgets/time.js';
import type { PodView } from '../model/pod.js';
import { podWith } from '../model/pod-with.js';
import type { CapacityLedger } from '../scheduling/ledger.js';

/** The replacement a controller creates for an evicted pod, and where the scheduler puts it. */
export interface Replacement {
  pod: PodView;
  /** kube-scheduler's message when no node can take it (it stays Pending, not Ready). */
  pending?: string;
}

/** What a new pod takes in place of what belonged to the pod it is made like. */
export interface NewPodFields {
  name: string;
  uid: string;
  phase: PodView['phase'];
  ready: boolean;
  creationTimestamp?: string;
}

/**
 * A new pod made from the same template as `template`: what belonged to the old pod (its node,
 * deletion, waiting reason, disruption condition, version, restarts) is dropped, left undefined
 * (podWith: one shape for every pod a plan makes, its fields in the object).
 */
export function newPodLike(template: PodView, fields: NewPodFields): PodView {
  // The change as one literal: a spread adding fields would make a hidden class per pod.
  return podWith(template, {
    name: fields.name,
    uid: fields.uid,
    phase: fields.phase,
    ready: fields.ready,
    creationTimestamp: fields.creationTimestamp ?? template.creationTimestamp,
    resourceVersion: '',
    restartCount: 0,
    nodeName: undefined,
    deletionTimestamp: undefined,
    waitingReason: undefined,
    disruptionTarget: undefined,
  });
}

/**
 * The pod a controller creates for an evicted one, named with `suffix`: not Ready yet, not bound.
 * Bare and finished pods are not replaced; a StatefulSet recreates the same name.
 */
export function replacementPod(
  pod: PodView,
  options: { now: Date; suffix: string },
): PodView | undefined {
  if (!pod.controller || pod.phase === 'Succeeded' || pod.phase === 'Failed') return undefined;
  return newPodLike(pod, {
    name: pod.controller.kind === 'StatefulSet' ? pod.name : `${pod.name}-${options.suffix}`,
    uid: `${pod.uid}-${options.suffix}`,
    creationTimestamp: rfc3339(options.now),
    phase: 'Pending',
    ready: false,
  });
}

/**
 * The pod its controller creates once an evicted pod is gone: bound where the ledger has room
 * (Ready there), else Pending. Bare pods, finished pods and pods already terminating are not
 * replaced; a StatefulSet recreates the same name.
 */
export function replacementFor(
  pod: PodView,
  options: { now: Date; ledger: CapacityLedger },
): Replacement | undefined {
  // A pod already terminating was replaced when its deletion began; the replacement is in the index.
  if (pod.deletionTimestamp !== undefined) return undefined;
  const base = replacementPod(pod, { now: options.now, suffix: 'replacement' });
  if (!base) return undefined;
  const placement = options.ledger.place(pod.scheduling);
  if (!placement.ok) return { pod: base, pending: placement.error.message };
  return { pod: podWith(base, { nodeName: placement.value, phase: 'Running', ready: true }) };
}
