import type { Labels } from '../model/labels.js';
import { groupOf, type OwnerRef } from '../model/refs.js';

import { ECK_CLUSTER, ECK_STATEFULSET, ECK_TYPE, INSTANCE, MANAGED_BY } from './labels.js';
import { stackableKind } from './stackable.js';

/** The operators pdbscope knows how to send a change to; `generic` is any other. */
export type OperatorId = 'stackable' | 'eck' | 'openkruise' | 'argo-rollouts' | 'generic';

/** A custom resource an operator writes other objects from (or that is the workload itself). */
export interface CustomResourceRef {
  group: string;
  /** As the ownerReference names it; from a label, the form kubectl also takes (`hdfscluster`). */
  kind: string;
  namespace: string;
  name: string;
}

/** Who writes an object, and from which custom resource, as far as the object tells. */
export interface OperatorManager {
  operator: OperatorId;
  /** The operator in words: `Stackable`, `ECK`, or the managed-by label's value. */
  name: string;
  /** How it is known: `ownerReference HdfsCluster hdfs`, `label app.kubernetes.io/managed-by=…`. */
  evidence: string;
  /** The custom resource to change; undefined when only a label names the operator. */
  resource?: CustomResourceRef;
  /** The object is that custom resource itself (an OpenKruise CloneSet, an Argo Rollout). */
  self?: true;
  /** Labels the operator's fields are found by (component, role group, nodeSet). */
  labels: Labels;
}

/** What detection reads of an object: its identity, labels and controller ownerReference. */
export interface ManagedObject {
  apiVersion?: string;
  kind: string;
  namespace: string;
  name: string;
  labels: Labels;
  controller?: OwnerRef | undefined;
}

interface KnownOperator {
  id: Exclude<OperatorId, 'generic'>;
  name: string;
  /** A custom resource group it owns. */
  ownsGroup(group: string): boolean;
  /** Kinds of its own group that are workloads a user scales themselves. */
  workloadKinds?: readonly string[];
  /** The custom resource its labels name, when they name one (undefined: not its labels). */
  fromLabels?(labels: Labels, namespace: string): CustomResourceRef | 'operator' | undefined;
}

/** Deployment tools that also set managed-by on what people write by hand (Helm charts, kustomize). */
const DEPLOYMENT_TOOLS =
  /^(helm|tiller|kustomize|kubectl|argocd|argo-cd|flux|fluxcd|pulumi|terraform|skaffold|kapp|tanka)$/i;

/** Stackable writes `<group>_<kind in lower case>` (`hdfs.stackable.tech_hdfscluster`). */
const STACKABLE_MANAGED_BY = /^([a-z0-9-]+\.stackable\.tech)_([a-z0-9]+)$/;
const hasStackableLabel = (labels: Labels): boolean =>
  Object.entries(labels).some(
    ([key, value]) => key.startsWith('stackable.tech/') || value === 'Stackable',
  );

const STACKABLE: KnownOperator = {
  id: 'stackable',
  name: 'Stackable',
  ownsGroup: (group) => group.endsWith('.stackable.tech'),
  fromLabels: (labels, namespace) => {
    const managedBy = labels[MANAGED_BY] ?? '';
    const instance = labels[INSTANCE];
    const match = STACKABLE_MANAGED_BY.exec(managedBy);
    if (match && instance !== undefined)
      return {
        group: match[1] ?? '',
        kind: stackableKind(match[2] ?? ''),
        namespace,
        name: instance,
      };
    if (match) return 'operator';
    // Older operators write `<product>-operator`, beside Stackable's own labels.
    const product = /^([a-z0-9]+)-operator$/.exec(managedBy)?.[1];
    if (product === undefined || !hasStackableLabel(labels)) return undefined;
    return instance === undefined
      ? 'operator'
      : {
          group: `${product}.stackable.tech`,
          kind: stackableKind(`${product}cluster`),
          namespace,
          name: instance,
        };
  },
};

const ECK: KnownOperator = {
  id: 'eck',
  name: 'ECK',
  ownsGroup: (group) => group.endsWith('.k8s.elastic.co'),
  fromLabels: (labels, namespace) => {
    if (labels[ECK_TYPE] === undefined) return undefined;
    const cluster = labels[ECK_CLUSTER];
    return labels[ECK_TYPE] === 'elasticsearch' && cluster !== undefined
      ? { group: 'elasticsearch.k8s.elastic.co', kind: 'Elasticsearch', namespace, name: cluster }
      : 'operator';
  },
};

const OPENKRUISE: KnownOperator = {
  id: 'openkruise',
  name: 'OpenKruise',
  ownsGroup: (group) => group === 'apps.kruise.io',
  workloadKinds: ['CloneSet', 'StatefulSet'],
};

const ARGO_ROLLOUTS: KnownOperator = {
  id: 'argo-rollouts',
  name: 'Argo Rollouts',
  ownsGroup: (group) => group === 'argoproj.io',
  workloadKinds: ['Rollout'],
};

/** The operators pdbscope knows, in the order they are tried. */
export const KNOWN_OPERATORS: readonly KnownOperator[] = [
  STACKABLE,
  ECK,
  OPENKRUISE,
  ARGO_ROLLOUTS,
];

/** A custom resource's group: dotted, and not one of Kubernetes' own (`*.k8s.io`). */
export const isCustomGroup = (group: string): boolean =>
  group.includes('.') && !group.endsWith('.k8s.io');

const describeOwner = (o: OwnerRef): string => `ownerReference ${o.kind} ${o.name}`;

/**
 * Who manages an object, from its controller ownerReference (a custom resource: an operator's)
 * or, without one, its labels (`app.kubernetes.io/managed-by` naming an operator rather than a
 * deployment tool; ECK's `common.k8s.elastic.co/type`); or the object is itself a custom resource
 * workload (an OpenKruise CloneSet, an Argo Rollout). Undefined: nothing manages it but the
 * person who wrote it (or a built-in controller, as a Deployment its ReplicaSets).
 */
export function operatorOf(object: ManagedObject): OperatorManager | undefined {
  const { labels, namespace } = object;
  const owner = object.controller;
  const ownerGroup = owner ? groupOf(owner.apiVersion) : '';
  if (owner && isCustomGroup(ownerGroup)) {
    const known = KNOWN_OPERATORS.find((o) => o.ownsGroup(ownerGroup));
    const resource = { group: ownerGroup, kind: owner.kind, namespace, name: owner.name };
    return known
      ? { operator: known.id, name: known.name, evidence: describeOwner(owner), resource, labels }
      : { operator: 'generic', name: owner.kind, evidence: describeOwner(owner), resource, labels };
  }
  const ownGroup = groupOf(object.apiVersion ?? '');
  const workload = KNOWN_OPERATORS.find(
    (o) => o.ownsGroup(ownGroup) && o.workloadKinds?.includes(object.kind) === true,
  );
  if (workload) {
    return {
      operator: workload.id,
      name: workload.name,
      evidence: `a ${object.kind} of ${ownGroup}`,
      resource: { group: ownGroup, kind: object.kind, namespace, name: object.name },
      self: true,
      labels,
    };
  }
  for (const known of KNOWN_OPERATORS) {
    const found = known.fromLabels?.(labels, namespace);
    if (found === undefined) continue;
    const evidence = `labels ${labelEvidence(labels)}`;
    return found === 'operator'
      ? { operator: known.id, name: known.name, evidence, labels }
      : { operator: known.id, name: known.name, evidence, resource: found, labels };
  }
  const managedBy = labels[MANAGED_BY];
  if (managedBy === undefined || managedBy === '' || DEPLOYMENT_TOOLS.test(managedBy))
    return undefined;
  return {
    operator: 'generic',
    name: managedBy,
    evidence: `label ${MANAGED_BY}=${managedBy}`,
    labels,
  };
}

/** The labels detection read, as `key=value` (the operator's, not every label). */
function labelEvidence(labels: Labels): string {
  const keys = [MANAGED_BY, ECK_TYPE, ECK_CLUSTER].filter((k) => labels[k] !== undefined);
  return keys.map((k) => `${k}=${labels[k] ?? ''}`).join(', ');
}

/** ECK's StatefulSets are `<cluster>-es-<nodeSet>`, labelled with that name. */
export function eckNodeSetOf(object: { name: string; labels: Labels }): string | undefined {
  const cluster = object.labels[ECK_CLUSTER];
  const statefulSet = object.labels[ECK_STATEFULSET] ?? object.name;
  const prefix = cluster === undefined ? undefined : `${cluster}-es-`;
  if (prefix !== undefined && statefulSet.startsWith(prefix) && statefulSet.length > prefix.length)
    return statefulSet.slice(prefix.length);
  const at = statefulSet.lastIndexOf('-es-');
  return at >= 0 && at + 4 < statefulSet.length ? statefulSet.slice(at + 4) : undefined;
}
