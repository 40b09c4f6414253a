import {
  nodeClaimFromObject,
  nodeFromObject,
  nodePoolFromObject,
  pdbFromObject,
  podFromObject,
  priorityClassFromObject,
  pubFromObject,
  workloadFromObject,
  type Result,
  type NodeView,
  type PdbView,
  type PodView,
  type PubView,
  type WorkloadView,
} from '@pdbscope/shared';
import type { ActorObject } from '../store/actor-objects.js';
import { Interner } from './intern.js';
import type { Held } from './projecting-watch.js';

/** The slim objects the store holds, one union so a single sink serves every source. */
export type ClusterObject = PodView | PdbView | PubView | WorkloadView | NodeView | ActorObject;

export interface ResourceSpec {
  /** Stable id of the source, e.g. `pods`, `poddisruptionbudgets.policy`. */
  id: string;
  group: string;
  version: string;
  /** The plural resource name. */
  plural: string;
  namespaced: boolean;
  /** The kind to stamp on list items (lists omit it on items). */
  kind: string;
  convert: (raw: unknown) => Result<ClusterObject>;
}

/** `/api/v1/pods`, `/apis/apps/v1/namespaces/a/deployments`... */
export function collectionPath(spec: ResourceSpec, namespace?: string): string {
  const root = spec.group === '' ? `/api/${spec.version}` : `/apis/${spec.group}/${spec.version}`;
  return namespace !== undefined && spec.namespaced
    ? `${root}/namespaces/${encodeURIComponent(namespace)}/${spec.plural}`
    : `${root}/${spec.plural}`;
}

export function apiVersionOf(spec: ResourceSpec): string {
  return spec.group === '' ? spec.version : `${spec.group}/${spec.version}`;
}

/**
 * Projects a raw object to what the store keeps. Lists omit kind and apiVersion on their items,
 * so they are stamped from the resource first (the conversions read them).
 */
export function projector(
  spec: ResourceSpec,
  onError: (error: string, raw: unknown) => void,
  interner: Interner = new Interner(),
): (raw: unknown) => Held<ClusterObject> | undefined {
  const apiVersion = apiVersionOf(spec);
  return (raw) => {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const obj = raw as Record<string, unknown>;
    // A pod's conversion reads neither (and stamping 150,000 list items is not free). Stamped in
    // place (the parsed object is ours): a spread that adds fields makes a hidden class per object.
    if (spec.kind !== 'Pod' && (obj['kind'] === undefined || obj['apiVersion'] === undefined)) {
      obj['kind'] = spec.kind;
      obj['apiVersion'] = apiVersion;
    }
    const converted = spec.convert(obj);
    if (!converted.ok) {
      onError(converted.error, raw);
      return undefined;
    }
    // WorkloadView's open-ended kind keeps TypeScript from narrowing on it.
    const view = spec.kind === 'Pod' ? interner.pod(converted.value as PodView) : converted.value;
    return { metadata: view, view };
  };
}

const workload = (group: string, plural: string, kind: string): ResourceSpec => ({
  id: group === '' ? plural : `${plural}.${group}`,
  group,
  version: 'v1',
  plural,
  namespaced: true,
  kind,
  convert: workloadFromObject,
});

export const PODS: ResourceSpec = {
  id: 'pods',
  group: '',
  version: 'v1',
  plural: 'pods',
  namespaced: true,
  kind: 'Pod',
  convert: podFromObject,
};
export const NODES: ResourceSpec = {
  id: 'nodes',
  group: '',
  version: 'v1',
  plural: 'nodes',
  namespaced: false,
  kind: 'Node',
  convert: nodeFromObject,
};
export const WORKLOADS: readonly ResourceSpec[] = [
  workload('apps', 'deployments', 'Deployment'),
  workload('apps', 'replicasets', 'ReplicaSet'),
  workload('apps', 'statefulsets', 'StatefulSet'),
  workload('', 'replicationcontrollers', 'ReplicationController'),
];

export function pdbSpec(version: 'v1' | 'v1beta1'): ResourceSpec {
  return {
    id: 'poddisruptionbudgets.policy',
    group: 'policy',
    version,
    plural: 'poddisruptionbudgets',
    namespaced: true,
    kind: 'PodDisruptionBudget',
    convert: pdbFromObject,
  };
}

export const KRUISE_POLICY_GROUP = 'policy.kruise.io';

export function pubSpec(version: string): ResourceSpec {
  return {
    id: `podunavailablebudgets.${KRUISE_POLICY_GROUP}`,
    group: KRUISE_POLICY_GROUP,
    version,
    plural: 'podunavailablebudgets',
    namespaced: true,
    kind: 'PodUnavailableBudget',
    convert: pubFromObject,
  };
}

/** PriorityClasses (scheduling.k8s.io/v1): what preemption resolves pods' priorities with. */
export const PRIORITY_CLASSES: ResourceSpec = {
  id: 'priorityclasses.scheduling.k8s.io',
  group: 'scheduling.k8s.io',
  version: 'v1',
  plural: 'priorityclasses',
  namespaced: false,
  kind: 'PriorityClass',
  convert: priorityClassFromObject,
};

export const KARPENTER_GROUP = 'karpenter.sh';

/** Karpenter's NodePools and NodeClaims (karpenter.sh/v1), watched where Karpenter is installed. */
export const KARPENTER: readonly ResourceSpec[] = [
  {
    id: `nodepools.${KARPENTER_GROUP}`,
    group: KARPENTER_GROUP,
    version: 'v1',
    plural: 'nodepools',
    namespaced: false,
    kind: 'NodePool',
    convert: nodePoolFromObject,
  },
  {
    id: `nodeclaims.${KARPENTER_GROUP}`,
    group: KARPENTER_GROUP,
    version: 'v1',
    plural: 'nodeclaims',
    namespaced: false,
    kind: 'NodeClaim',
    convert: nodeClaimFromObject,
  },
];
