import type { PodView } from './pod.js';

/**
 * `pod` with `change` applied (a field of `change` left undefined keeps the pod's), as one object
 * literal with every field in the order of podFromObject's literal for any pod but a plain running
 * one: every pod made this way shares that hidden class. A spread that adds a field the pod lacks
 * (`{ ...pod, deletionTimestamp }` on a running pod) gives each pod a class of its own, about
 * 300 bytes of V8's own, and makes every read of such pods a megamorphic lookup.
 */
export function podWith(pod: PodView, change: Partial<Omit<PodView, 'kind'>>): PodView {
  return {
    kind: 'Pod',
    namespace: change.namespace ?? pod.namespace,
    name: change.name ?? pod.name,
    uid: change.uid ?? pod.uid,
    resourceVersion: change.resourceVersion ?? pod.resourceVersion,
    labels: change.labels ?? pod.labels,
    annotations: change.annotations ?? pod.annotations,
    phase: change.phase ?? pod.phase,
    ready: change.ready ?? pod.ready,
    restartCount: change.restartCount ?? pod.restartCount,
    consistent: change.consistent ?? pod.consistent,
    deletionTimestamp: change.deletionTimestamp ?? pod.deletionTimestamp,
    creationTimestamp: change.creationTimestamp ?? pod.creationTimestamp,
    nodeName: change.nodeName ?? pod.nodeName,
    controller: change.controller ?? pod.controller,
    waitingReason: change.waitingReason ?? pod.waitingReason,
    startupSeconds: change.startupSeconds ?? pod.startupSeconds,
    emptyDir: change.emptyDir ?? pod.emptyDir,
    scheduling: change.scheduling ?? pod.scheduling,
    disruptionTarget: change.disruptionTarget ?? pod.disruptionTarget,
  };
}
