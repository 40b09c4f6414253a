import type { PodView } from './pod.js';

type Change = Partial<Omit<PodView, 'kind'>>;

/**
 * `pod` with `change` applied (a key present in `change` replaces the pod's field, undefined
 * included), as one object literal in one of podFromObject's two shapes: a plain running pod's
 * (no deletion, waiting reason, emptyDir, disruption condition, nomination, restart policy,
 * grace period, local storage, Ready=False condition or owners besides the controller) or any other pod's
 * (every field), each field in its order. Pods made this way share the converter's hidden classes
 * and hold their fields in the object itself. A spread that adds a field the pod lacks
 * (`{ ...pod, deletionTimestamp }` on a running pod) gives each pod a class of its own, which
 * makes every read of such pods a megamorphic lookup, and a spread of spreads (a replacement made
 * like its original) kept half its fields in a separate property array.
 */
export function podWith(pod: PodView, change: Change): PodView {
  const c = change;
  const deletionTimestamp = 'deletionTimestamp' in c ? c.deletionTimestamp : pod.deletionTimestamp;
  const waitingReason = 'waitingReason' in c ? c.waitingReason : pod.waitingReason;
  const emptyDir = 'emptyDir' in c ? c.emptyDir : pod.emptyDir;
  const disruptionTarget = 'disruptionTarget' in c ? c.disruptionTarget : pod.disruptionTarget;
  const namespace = 'namespace' in c ? (c.namespace as string) : pod.namespace;
  const name = 'name' in c ? (c.name as string) : pod.name;
  const uid = 'uid' in c ? (c.uid as string) : pod.uid;
  const resourceVersion =
    'resourceVersion' in c ? (c.resourceVersion as string) : pod.resourceVersion;
  const labels = 'labels' in c ? (c.labels as PodView['labels']) : pod.labels;
  const annotations =
    'annotations' in c ? (c.annotations as PodView['annotations']) : pod.annotations;
  const phase = 'phase' in c ? (c.phase as PodView['phase']) : pod.phase;
  const ready = 'ready' in c ? (c.ready as boolean) : pod.ready;
  const restartCount = 'restartCount' in c ? (c.restartCount as number) : pod.restartCount;
  const consistent = 'consistent' in c ? (c.consistent as boolean) : pod.consistent;
  const creationTimestamp = 'creationTimestamp' in c ? c.creationTimestamp : pod.creationTimestamp;
  const nodeName = 'nodeName' in c ? c.nodeName : pod.nodeName;
  const controller = 'controller' in c ? c.controller : pod.controller;
  const startupSeconds = 'startupSeconds' in c ? c.startupSeconds : pod.startupSeconds;
  const scheduling = 'scheduling' in c ? c.scheduling : pod.scheduling;
  const startTime = 'startTime' in c ? c.startTime : pod.startTime;
  const nominatedNodeName = 'nominatedNodeName' in c ? c.nominatedNodeName : pod.nominatedNodeName;
  const restartPolicy = 'restartPolicy' in c ? c.restartPolicy : pod.restartPolicy;
  const terminationGracePeriodSeconds =
    'terminationGracePeriodSeconds' in c
      ? c.terminationGracePeriodSeconds
      : pod.terminationGracePeriodSeconds;
  const localStorageVolumes =
    'localStorageVolumes' in c ? c.localStorageVolumes : pod.localStorageVolumes;
  const readyFalse = 'readyFalse' in c ? c.readyFalse : pod.readyFalse;
  const owners = 'owners' in c ? c.owners : pod.owners;
  if (
    deletionTimestamp === undefined &&
    waitingReason === undefined &&
    emptyDir === undefined &&
    disruptionTarget === undefined &&
    nominatedNodeName === undefined &&
    restartPolicy === undefined &&
    terminationGracePeriodSeconds === undefined &&
    localStorageVolumes === undefined &&
    readyFalse === undefined &&
    owners === undefined
  )
    return {
      kind: 'Pod',
      namespace,
      name,
      uid,
      resourceVersion,
      labels,
      annotations,
      phase,
      ready,
      restartCount,
      consistent,
      creationTimestamp,
      nodeName,
      controller,
      startupSeconds,
      scheduling,
      startTime,
    };
  return {
    kind: 'Pod',
    namespace,
    name,
    uid,
    resourceVersion,
    labels,
    annotations,
    phase,
    ready,
    restartCount,
    consistent,
    deletionTimestamp,
    creationTimestamp,
    nodeName,
    controller,
    waitingReason,
    startupSeconds,
    emptyDir,
    scheduling,
    disruptionTarget,
    startTime,
    nominatedNodeName,
    restartPolicy,
    terminationGracePeriodSeconds,
    localStorageVolumes,
    readyFalse,
    owners,
  };
}
