import { rfc3339 } from '../budgets/time.js';
import type { PodView } from '../model/pod.js';
import type { CapacityLedger } from '../scheduling/ledger.js';

/** The replacement a controller creates for an evicted pod, and where the scheduler puts it. */
export interface Replacement {
  pod: PodView;
  /** kube-scheduler's message when no node can take it (it stays Pending, not Ready). */
  pending?: string;
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
  if (!pod.controller || pod.phase === 'Succeeded' || pod.phase === 'Failed') return undefined;
  // A pod already terminating was replaced when its deletion began; the replacement is in the index.
  if (pod.deletionTimestamp !== undefined) return undefined;
  // Drop what belonged to the old pod: its node, deletion, waiting reason, disruption condition.
  const {
    nodeName: _n,
    deletionTimestamp: _d,
    waitingReason: _w,
    disruptionTarget: _t,
    ...rest
  } = pod;
  const base: PodView = {
    ...rest,
    name: pod.controller.kind === 'StatefulSet' ? pod.name : `${pod.name}-replacement`,
    uid: `${pod.uid}-replacement`,
    resourceVersion: '',
    creationTimestamp: rfc3339(options.now),
    phase: 'Pending',
    ready: false,
    restartCount: 0,
  };
  const placement = options.ledger.place(pod.scheduling);
  if (!placement.ok) return { pod: base, pending: placement.message };
  return { pod: { ...base, nodeName: placement.node, phase: 'Running', ready: true } };
}
