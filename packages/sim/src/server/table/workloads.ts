import type { KubeObject } from '../../store/index.js';
import type { TablePrinter } from './columns.js';
import {
  AGE_COLUMN,
  NAME_COLUMN,
  age,
  column,
  containersAndImages,
  formatSelector,
  humanDuration,
  list,
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

/** `kubectl get ds`: desired, current, ready, up-to-date and available pods, the node selector. */
export const daemonSetTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Desired', 'integer', {
      description: 'The number of nodes that should be running the daemon pod.',
    }),
    column('Current', 'integer', {
      description: 'The number of nodes running at least one daemon pod and are supposed to.',
    }),
    column('Ready', 'integer', {
      description:
        'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and ready.',
    }),
    column('Up-to-date', 'integer', {
      description: 'The total number of nodes that are running updated daemon pod',
    }),
    column('Available', 'integer', {
      description:
        'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)',
    }),
    column('Node Selector', 'string', {
      description:
        "NodeSelector is a selector which must be true for the pod to fit on a node. Selector which must match a node's labels for the pod to be scheduled on that node. More info: https://kubernetes.io/docs/concepts/configuration/assign-pod-node/",
    }),
    AGE_COLUMN,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  cells(ds, now) {
    const { spec, status, podSpec } = parts(ds);
    const [containers, images] = containersAndImages(podSpec);
    const selector = Object.entries(record(podSpec.nodeSelector))
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(',');
    return [
      ds.metadata.name ?? '',
      num(status.desiredNumberScheduled),
      num(status.currentNumberScheduled),
      num(status.numberReady),
      num(status.updatedNumberScheduled),
      num(status.numberAvailable),
      selector === '' ? '<none>' : selector,
      age(ds.metadata.creationTimestamp, now),
      containers,
      images,
      formatSelector(spec.selector),
    ];
  },
};

/** A Job's status column (kube-apiserver ≥ 1.30): Complete, Failed, Suspended, Running. */
function jobStatus(status: Record<string, unknown>): string {
  const conditions = list(status.conditions);
  const isTrue = (type: string) => conditions.some((c) => c.type === type && c.status === 'True');
  if (isTrue('Complete')) return 'Complete';
  if (isTrue('Failed')) return 'Failed';
  if (isTrue('Suspended')) return 'Suspended';
  if (isTrue('FailureTarget')) return 'FailureTarget';
  if (isTrue('SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  return 'Running';
}

/** `kubectl get jobs`: status, completions, duration. */
export const jobTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Status', 'string', { description: 'Status of the job.' }),
    column('Completions', 'string', {
      description: 'The desired number of successfully finished pods the job should be run with.',
    }),
    column('Duration', 'string', { description: 'Time required to complete the job.' }),
    AGE_COLUMN,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  cells(job, now) {
    const { spec, status, podSpec } = parts(job);
    const [containers, images] = containersAndImages(podSpec);
    const completions = typeof spec.completions === 'number' ? spec.completions : undefined;
    const parallelism = typeof spec.parallelism === 'number' ? spec.parallelism : 1;
    const start = typeof status.startTime === 'string' ? Date.parse(status.startTime) : NaN;
    const end =
      typeof status.completionTime === 'string' ? Date.parse(status.completionTime) : now.getTime();
    return [
      job.metadata.name ?? '',
      jobStatus(status),
      completions !== undefined
        ? `${num(status.succeeded)}/${completions}`
        : `${num(status.succeeded)}/1${parallelism > 1 ? ` of ${parallelism}` : ''}`,
      Number.isNaN(start) ? '' : humanDuration(end - start),
      age(job.metadata.creationTimestamp, now),
      containers,
      images,
      formatSelector(spec.selector),
    ];
  },
};
