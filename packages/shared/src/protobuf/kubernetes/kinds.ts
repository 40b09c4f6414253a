import type { MessageSchema } from '../schema.js';
import {
  DEPLOYMENT,
  POD_DISRUPTION_BUDGET,
  PRIORITY_CLASS,
  REPLICA_SET,
  STATEFUL_SET,
} from './apps.js';
import { EVENT, NAMESPACE, NODE, POD, REPLICATION_CONTROLLER } from './core.js';
import { STATUS, listOf } from './meta.js';

/** A built-in kind the table describes, as the API server serves it. */
export interface ProtobufKind {
  /** `v1`, `apps/v1`… */
  apiVersion: string;
  kind: string;
  /** The plural resource name in its path. */
  resource: string;
  schema: MessageSchema;
  list: MessageSchema;
}

const entry = (apiVersion: string, resource: string, schema: MessageSchema): ProtobufKind => ({
  apiVersion,
  kind: schema.name,
  resource,
  schema,
  list: listOf(schema),
});

/**
 * Every kind served in protobuf here: the ones the BFF watches (pods, nodes, the workloads,
 * budgets, events) and PriorityClasses. Custom resources (OpenKruise, Karpenter) have no
 * protobuf form: the API server answers them in JSON.
 */
export const PROTOBUF_KINDS: readonly ProtobufKind[] = [
  entry('v1', 'pods', POD),
  entry('v1', 'nodes', NODE),
  entry('v1', 'replicationcontrollers', REPLICATION_CONTROLLER),
  entry('v1', 'events', EVENT),
  entry('v1', 'namespaces', NAMESPACE),
  entry('apps/v1', 'deployments', DEPLOYMENT),
  entry('apps/v1', 'replicasets', REPLICA_SET),
  entry('apps/v1', 'statefulsets', STATEFUL_SET),
  entry('policy/v1', 'poddisruptionbudgets', POD_DISRUPTION_BUDGET),
  entry('policy/v1beta1', 'poddisruptionbudgets', POD_DISRUPTION_BUDGET),
  entry('scheduling.k8s.io/v1', 'priorityclasses', PRIORITY_CLASS),
];

const byResource = new Map(PROTOBUF_KINDS.map((k) => [`${k.apiVersion}/${k.resource}`, k]));
const byKind = new Map(PROTOBUF_KINDS.map((k) => [`${k.apiVersion}/${k.kind}`, k]));

/** The kind served at `apiVersion` under `resource`, if the table has it. */
export function protobufKindOf(apiVersion: string, resource: string): ProtobufKind | undefined {
  return byResource.get(`${apiVersion}/${resource}`);
}

/** The kind named `kind` in `apiVersion`, if the table has it. */
export function protobufKindNamed(apiVersion: string, kind: string): ProtobufKind | undefined {
  return byKind.get(`${apiVersion}/${kind}`);
}

export { STATUS };
