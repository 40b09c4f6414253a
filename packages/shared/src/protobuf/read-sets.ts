import { protobufKindOf } from './kubernetes/kinds.js';
import { pruned, type MessageSchema, type ReadSet } from './schema.js';

// What the converters of model/ read of each kind (convert.ts, convert-scheduling.ts,
// convert-priority-class.ts, and the BFF's event projection). The protobuf decoder builds only
// these fields, in their JSON form, and the same converters read them: a converter that starts
// reading another field needs it named here (and in the field table, if it is not there yet).

const OWNER: ReadSet = { apiVersion: true, kind: true, name: true, uid: true, controller: true };
const IDENTITY: ReadSet = { name: true, namespace: true, uid: true, resourceVersion: true };

const POD: ReadSet = {
  metadata: {
    ...IDENTITY,
    generation: true,
    creationTimestamp: true,
    deletionTimestamp: true,
    labels: true,
    annotations: true,
    ownerReferences: OWNER,
  },
  spec: {
    volumes: { name: true, emptyDir: { medium: true }, hostPath: {} },
    containers: { resources: { requests: true } },
    initContainers: { resources: { requests: true } },
    restartPolicy: true,
    terminationGracePeriodSeconds: true,
    nodeSelector: true,
    nodeName: true,
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: true } },
    tolerations: true,
    priorityClassName: true,
    priority: true,
    preemptionPolicy: true,
    overhead: true,
  },
  status: {
    phase: true,
    conditions: { type: true, status: true, lastTransitionTime: true, reason: true },
    startTime: true,
    containerStatuses: { restartCount: true, state: { waiting: { reason: true } } },
    nominatedNodeName: true,
  },
};

const NODE: ReadSet = {
  metadata: {
    name: true,
    uid: true,
    resourceVersion: true,
    creationTimestamp: true,
    labels: true,
    annotations: true,
  },
  spec: { unschedulable: true, taints: { key: true, value: true, effect: true } },
  status: {
    capacity: true,
    allocatable: true,
    conditions: { type: true, status: true, lastTransitionTime: true, reason: true, message: true },
  },
};

const WORKLOAD: ReadSet = {
  metadata: { ...IDENTITY, deletionTimestamp: true, labels: true, ownerReferences: OWNER },
  spec: { replicas: true, selector: true },
  status: { readyReplicas: true },
};

const PDB: ReadSet = {
  metadata: {
    ...IDENTITY,
    generation: true,
    creationTimestamp: true,
    labels: true,
    ownerReferences: OWNER,
  },
  spec: true,
  status: true,
};

const EVENT: ReadSet = {
  metadata: { name: true, namespace: true, resourceVersion: true },
  involvedObject: { kind: true, namespace: true, name: true },
  reason: true,
  message: true,
  source: { component: true },
  firstTimestamp: true,
  lastTimestamp: true,
  count: true,
  type: true,
  eventTime: true,
  reportingComponent: true,
};

const PRIORITY_CLASS: ReadSet = {
  metadata: { name: true, uid: true, resourceVersion: true },
  value: true,
  globalDefault: true,
  description: true,
  preemptionPolicy: true,
};

/** By `apiVersion/resource`. */
export const READ_SETS: Readonly<Record<string, ReadSet>> = {
  'v1/pods': POD,
  'v1/nodes': NODE,
  'v1/replicationcontrollers': WORKLOAD,
  'v1/events': EVENT,
  'apps/v1/deployments': WORKLOAD,
  'apps/v1/replicasets': WORKLOAD,
  'apps/v1/statefulsets': WORKLOAD,
  'policy/v1/poddisruptionbudgets': PDB,
  'policy/v1beta1/poddisruptionbudgets': PDB,
  'scheduling.k8s.io/v1/priorityclasses': PRIORITY_CLASS,
};

const cache = new Map<string, MessageSchema | undefined>();

/**
 * The schema a reader of `resource` in `apiVersion` decodes its objects with (the kind's field
 * table cut down to what the converters read); undefined for a resource not read as protobuf.
 */
export function readSchemaOf(apiVersion: string, resource: string): MessageSchema | undefined {
  const key = `${apiVersion}/${resource}`;
  if (cache.has(key)) return cache.get(key);
  const kind = protobufKindOf(apiVersion, resource);
  const read = READ_SETS[key];
  const schema = kind && read ? pruned(kind.schema, read) : undefined;
  cache.set(key, schema);
  return schema;
}
