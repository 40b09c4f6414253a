import type { TablePrinter } from './columns.js';
import { AGE_COLUMN, NAME_COLUMN, age, column, list, record } from './columns.js';

/** `kubectl get priorityclasses`. */
export const priorityClassTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Value', 'integer', {
      description:
        'value represents the integer value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec.',
    }),
    column('Global-Default', 'boolean', {
      description:
        'globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class. Only one PriorityClass can be marked as `globalDefault`. However, if more than one PriorityClasses exists with their `globalDefault` field set to true, the smallest value of such global default PriorityClasses will be used as the default priority.',
    }),
    AGE_COLUMN,
    column('PreemptionPolicy', 'string', {
      description:
        'preemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.',
    }),
  ],
  cells(pc, now) {
    return [
      pc.metadata.name ?? '',
      typeof pc['value'] === 'number' ? pc['value'] : 0,
      pc['globalDefault'] === true,
      age(pc.metadata.creationTimestamp, now),
      typeof pc['preemptionPolicy'] === 'string' ? pc['preemptionPolicy'] : 'PreemptLowerPriority',
    ];
  },
};

const conditionStatus = (obj: Record<string, unknown>, type: string): string =>
  String(list(record(obj['status']).conditions).find((c) => c.type === type)?.status ?? '');

/** Karpenter's NodePool CRD's printer columns. */
export const nodePoolTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('NodeClass', 'string'),
    column('Nodes', 'string'),
    column('Ready', 'string'),
    AGE_COLUMN,
    column('Weight', 'integer', { priority: 1 }),
    column('CPU', 'string', { priority: 1 }),
    column('Memory', 'string', { priority: 1 }),
  ],
  cells(pool, now) {
    const spec = record(pool['spec']);
    const status = record(pool['status']);
    const resources = record(status.resources);
    const nodeClass = record(record(record(spec.template).spec).nodeClassRef);
    return [
      pool.metadata.name ?? '',
      String(nodeClass.name ?? ''),
      resources.nodes === undefined ? '' : String(resources.nodes),
      conditionStatus(pool, 'Ready'),
      age(pool.metadata.creationTimestamp, now),
      typeof spec.weight === 'number' ? spec.weight : null,
      resources.cpu === undefined ? '' : String(resources.cpu),
      resources.memory === undefined ? '' : String(resources.memory),
    ];
  },
};

/** Karpenter's NodeClaim CRD's printer columns. */
export const nodeClaimTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Type', 'string'),
    column('Capacity', 'string'),
    column('Zone', 'string'),
    column('Node', 'string'),
    column('Ready', 'string'),
    AGE_COLUMN,
    column('ID', 'string', { priority: 1 }),
    column('NodePool', 'string', { priority: 1 }),
    column('NodeClass', 'string', { priority: 1 }),
    column('Drifted', 'string', { priority: 1 }),
  ],
  cells(claim, now) {
    const labels = claim.metadata.labels ?? {};
    const spec = record(claim['spec']);
    const status = record(claim['status']);
    return [
      claim.metadata.name ?? '',
      labels['node.kubernetes.io/instance-type'] ?? '',
      labels['karpenter.sh/capacity-type'] ?? '',
      labels['topology.kubernetes.io/zone'] ?? '',
      String(status.nodeName ?? ''),
      conditionStatus(claim, 'Ready'),
      age(claim.metadata.creationTimestamp, now),
      String(status.providerID ?? ''),
      labels['karpenter.sh/nodepool'] ?? '',
      String(record(spec.nodeClassRef).name ?? ''),
      conditionStatus(claim, 'Drifted'),
    ];
  },
};
