import type { KubeObject } from '../../store/index.js';
import { pdbTable, pubTable } from './budgets.js';
import { eventTable } from './events.js';
import { namespaceTable, nodeTable } from './cluster.js';
import type { TablePrinter } from './columns.js';
import { podTable } from './pods.js';
import { nodeClaimTable, nodePoolTable, priorityClassTable } from './scheduling.js';
import {
  daemonSetTable,
  deploymentTable,
  jobTable,
  replicaSetTable,
  replicationControllerTable,
  statefulSetTable,
} from './workloads.js';

export type { ColumnDefinition, TablePrinter } from './columns.js';
export { humanDuration, age } from './columns.js';
export { podStatusReason } from './pods.js';

const PRINTERS: Readonly<Record<string, TablePrinter>> = {
  pods: podTable,
  poddisruptionbudgets: pdbTable,
  podunavailablebudgets: pubTable,
  nodes: nodeTable,
  events: eventTable,
  namespaces: namespaceTable,
  deployments: deploymentTable,
  replicasets: replicaSetTable,
  statefulsets: statefulSetTable,
  replicationcontrollers: replicationControllerTable,
  daemonsets: daemonSetTable,
  jobs: jobTable,
  priorityclasses: priorityClassTable,
  nodepools: nodePoolTable,
  nodeclaims: nodeClaimTable,
};

export type IncludeObject = 'None' | 'Metadata' | 'Object';

function rowObject(obj: KubeObject, include: IncludeObject): unknown {
  if (include === 'None') return undefined;
  if (include === 'Object') return obj;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

export interface TableInput {
  resource: string;
  objects: readonly KubeObject[];
  now: Date;
  include: IncludeObject;
  /** List metadata (resourceVersion, continue). */
  metadata: Record<string, unknown>;
  /** Watch events carry a table without column definitions after the first. */
  withColumns?: boolean;
}

/** A `meta.k8s.io/v1` Table for the objects, with kube-apiserver's columns for the resource. */
export function toTable({
  resource,
  objects,
  now,
  include,
  metadata,
  withColumns = true,
}: TableInput): Record<string, unknown> {
  const printer = PRINTERS[resource] ?? podTable;
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata,
    columnDefinitions: withColumns ? printer.columns : null,
    rows: objects.map((o) => {
      const row: Record<string, unknown> = { cells: printer.cells(o, now) };
      const object = rowObject(o, include);
      if (object !== undefined) row.object = object;
      return row;
    }),
  };
}
