import type { PodView } from '../../model/pod.js';
import type { ControllerListers, ListedControllerKind } from './context.js';
import { isDaemonSetPod } from './pod-predicates.js';
import { blocked, UNDEFINED_STATUS, type DrainStatus } from './status.js';
import type { DrainabilityRule } from './rules.js';

/**
 * `schema.ParseGroupVersion(apiVersion).Group`, or undefined when it does not parse (more than
 * one slash): then ReplicaCount says nothing.
 */
function groupOfApiVersion(apiVersion: string): string | undefined {
  const parts = apiVersion.split('/');
  if (parts.length === 1) return '';
  return parts.length === 2 ? parts[0] : undefined;
}

/** The lister's NotFound sentence: `replicaset.apps "x" not found` (core kinds have no group). */
const RESOURCE: Readonly<Record<ListedControllerKind, string>> = {
  ReplicationController: 'replicationcontroller',
  DaemonSet: 'daemonset.apps',
  Job: 'job.batch',
  ReplicaSet: 'replicaset.apps',
  StatefulSet: 'statefulset.apps',
};
const notFound = (kind: ListedControllerKind, name: string): string =>
  `${RESOURCE[kind]} ${JSON.stringify(name)} not found`;

/** Which lister a pod's controller is looked up in, in the rule's order of checks. */
function listedKind(pod: PodView, kind: string, group: string): ListedControllerKind | undefined {
  if (kind === 'ReplicationController') return kind;
  // A DaemonSet pod (by kind or annotation) is only looked up when it is an apps DaemonSet; any
  // other controller of such a pod (even a Job) is not looked up at all.
  if (isDaemonSetPod(pod)) return group === 'apps' && kind === 'DaemonSet' ? kind : undefined;
  if (kind === 'Job' || kind === 'ReplicaSet') return kind;
  if (kind === 'StatefulSet') return group === 'apps' ? kind : undefined;
  return undefined;
}

/**
 * ReplicaCount (registered only with `--skip-nodes-with-custom-controller-pods`): the pod's
 * controller must exist in its namespace's lister, and a ReplicationController's or ReplicaSet's
 * `spec.replicas` must reach `minReplicaCount`. Without listers, or without a controller, it says
 * nothing. The messages are CA's; CA prints the replicas pointer's address where a count is meant,
 * the count is printed here.
 */
export function replicaCountRule(minReplicaCount: number): DrainabilityRule {
  return {
    name: 'ReplicaCount',
    drainable({ pod }, ctx): DrainStatus {
      const { listers } = ctx;
      const controller = pod.controller;
      if (listers === undefined || controller === undefined) return UNDEFINED_STATUS;
      const group = groupOfApiVersion(controller.apiVersion);
      if (group === undefined) return UNDEFINED_STATUS;
      const kind = listedKind(pod, controller.kind, group);
      if (kind === undefined) return UNDEFINED_STATUS;
      const found = lookUp(listers, kind, pod.namespace, controller.name);
      const who = `${pod.namespace}/${pod.name}`;
      if (found === 'not-found') {
        const err = notFound(kind, controller.name);
        switch (kind) {
          case 'DaemonSet':
            return blocked(
              'ControllerNotFound',
              `daemonset for ${who} is not present, err: ${err}`,
            );
          case 'Job':
            return blocked('ControllerNotFound', `job for ${who} is not available: err: ${err}`);
          case 'StatefulSet':
            return blocked(
              'ControllerNotFound',
              `statefulset for ${who} is not available: err: ${err}`,
            );
          default:
            return blocked(
              'ControllerNotFound',
              `replication controller for ${who} is not available, err: ${err}`,
            );
        }
      }
      const replicas = found === undefined ? undefined : found.replicas;
      if (
        (kind === 'ReplicationController' || kind === 'ReplicaSet') &&
        replicas !== undefined &&
        replicas < minReplicaCount
      )
        return blocked(
          'MinReplicasReached',
          `replication controller for ${who} has too few replicas spec: ${replicas} min: ${minReplicaCount}`,
        );
      return UNDEFINED_STATUS;
    },
  };
}

/** The lister's answer; a kind never listed counts as found, with its replicas unknown. */
function lookUp(
  listers: ControllerListers,
  kind: ListedControllerKind,
  namespace: string,
  name: string,
): { readonly replicas: number | undefined } | 'not-found' | undefined {
  const found = listers.get(kind, namespace, name);
  return found === 'not-listed' ? undefined : found;
}
