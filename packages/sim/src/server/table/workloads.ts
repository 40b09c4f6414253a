import type { KubeObject } from '../../store/index.js';
import type { TablePrinter } from './columns.js';
import {
  AGE_COLUMN,
  NAME_COLUMN,
  age,
  column,
  containersAndImages,
  formatSelector,
  num,
  record,
} from './columns.js';

const CONTAINERS = column('Containers', 'string', {
  priority: 1,
  description: 'Names of each container in the template.',
});
const IMAGES = column('Images', 'string', {
  priority: 1,
  description: 'Images referenced by each container in the template.',
});
const SELECTOR = column('Selector', 'string', {
  priority: 1,
  description:
    'Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.',
});

function parts(obj: KubeObject): {
  spec: Record<string, unknown>;
  status: Record<string, unknown>;
  podSpec: Record<string, unknown>;
} {
  const spec = record(obj.spec);
  return { spec, status: record(obj.status), podSpec: record(record(spec.template).spec) };
}

const replicas = (spec: Record<string, unknown>): number =>
  typeof spec.replicas === 'number' ? spec.replicas : 1;

export const deploymentTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Ready', 'string', { description: 'Number of the pod with ready state' }),
    column('Up-to-date', 'string', {
      description:
        'Total number of non-terminated pods targeted by this deployment that have the desired template spec.',
    }),
    column('Available', 'string', {
      description:
        'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.',
    }),
    AGE_COLUMN,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  cells(d, now) {
    const { spec, status, podSpec } = parts(d);
    const [containers, images] = containersAndImages(podSpec);
    return [
      d.metadata.name ?? '',
      `${num(status.readyReplicas)}/${replicas(spec)}`,
      num(status.updatedReplicas),
      num(status.availableReplicas),
      age(d.metadata.creationTimestamp, now),
      containers,
      images,
      formatSelector(spec.selector),
    ];
  },
};

function desiredCurrentReady(selectorOf: (spec: Record<string, unknown>) => string): TablePrinter {
  return {
    columns: [
      NAME_COLUMN,
      column('Desired', 'integer', { description: 'Number of desired pods.' }),
      column('Current', 'integer', { description: 'Number of actual replicas.' }),
      column('Ready', 'integer', {
        description: 'The number of ready replicas for this replica set.',
      }),
      AGE_COLUMN,
      CONTAINERS,
      IMAGES,
      SELECTOR,
    ],
    cells(obj, now) {
      const { spec, status, podSpec } = parts(obj);
      const [containers, images] = containersAndImages(podSpec);
      return [
        obj.metadata.name ?? '',
        replicas(spec),
        num(status.replicas),
        num(status.readyReplicas),
        age(obj.metadata.creationTimestamp, now),
        containers,
        images,
        selectorOf(spec),
      ];
    },
  };
}

export const replicaSetTable = desiredCurrentReady((spec) => formatSelector(spec.selector));

/** An RC's selector is a plain map. */
export const replicationControllerTable = desiredCurrentReady((spec) => {
  const entries = Object.entries(record(spec.selector));
  return entries.length === 0 ? '<none>' : entries.map(([k, v]) => `${k}=${String(v)}`).join(',');
});

export const statefulSetTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Ready', 'string', { description: 'Number of the pod with ready state' }),
    AGE_COLUMN,
    CONTAINERS,
    IMAGES,
  ],
  cells(s, now) {
    const { spec, status, podSpec } = parts(s);
    const [containers, images] = containersAndImages(podSpec);
    return [
      s.metadata.name ?? '',
      `${num(status.readyReplicas)}/${replicas(spec)}`,
      age(s.metadata.creationTimestamp, now),
      containers,
      images,
    ];
  },
};
