// Workloads and budgets as the Stackable HDFS operator and ECK write them (labels and controller
// ownerReferences as on a real cluster), read through the model's own conversions.
import { pdbFromObject, podFromObject, workloadFromObject } from '../../model/convert.js';
import type { PdbView } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import type { WorkloadView } from '../../model/workload.js';
import type { Result } from '../../result/index.js';

const CREATED = '2024-04-01T08:00:00Z';

function value<T>(c: Result<T>): T {
  if (!c.ok) throw new Error(c.error);
  return c.value;
}

export const HDFS_CLUSTER = {
  apiVersion: 'hdfs.stackable.tech/v1alpha1',
  kind: 'HdfsCluster',
  name: 'hdfs',
  uid: '5b0e1f7c-2d7e-4c57-9a55-0c6a1b7f3e21',
  controller: true,
  blockOwnerDeletion: true,
};
export const ELASTICSEARCH = {
  apiVersion: 'elasticsearch.k8s.elastic.co/v1',
  kind: 'Elasticsearch',
  name: 'logging',
  uid: '8f3c2a61-47d9-4b0e-b0a4-2e5f9d1c7a08',
  controller: true,
  blockOwnerDeletion: true,
};

const hdfsLabels = (component: string, roleGroup?: string): Record<string, string> => ({
  'app.kubernetes.io/name': 'hdfs',
  'app.kubernetes.io/instance': 'hdfs',
  'app.kubernetes.io/component': component,
  ...(roleGroup !== undefined ? { 'app.kubernetes.io/role-group': roleGroup } : {}),
  'app.kubernetes.io/managed-by': 'hdfs.stackable.tech_hdfscluster',
});

interface SetInput {
  namespace: string;
  name: string;
  labels: Record<string, string>;
  owner?: Record<string, unknown>;
  nodes: readonly string[];
  /** Pods (by ordinal) that are not Ready. */
  unready?: readonly number[];
}

/** A StatefulSet with its pods `<name>-<i>`, one per node given. */
export function statefulSetOf(input: SetInput): { workloads: WorkloadView[]; pods: PodView[] } {
  const { namespace, name, labels, owner, nodes } = input;
  const set = value(
    workloadFromObject({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: {
        name,
        namespace,
        uid: `uid-sts-${name}`,
        resourceVersion: '300',
        labels,
        ...(owner ? { ownerReferences: [owner] } : {}),
      },
      spec: { replicas: nodes.length, selector: { matchLabels: labels } },
      status: {
        replicas: nodes.length,
        readyReplicas: nodes.length - (input.unready?.length ?? 0),
      },
    }),
  );
  const pods = nodes.map((node, i) => {
    const ready = !(input.unready ?? []).includes(i);
    return value(
      podFromObject({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: `${name}-${i}`,
          namespace,
          uid: `uid-pod-${name}-${i}`,
          resourceVersion: '200',
          creationTimestamp: CREATED,
          labels: { ...labels, 'statefulset.kubernetes.io/pod-name': `${name}-${i}` },
          ownerReferences: [
            { apiVersion: 'apps/v1', kind: 'StatefulSet', name, uid: set.uid, controller: true },
          ],
        },
        spec: { nodeName: node, containers: [{ name: 'main', image: 'registry.example.com/a:1' }] },
        status: {
          phase: 'Running',
          conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
          containerStatuses: [{ name: 'main', ready, restartCount: ready ? 0 : 9 }],
        },
      }),
    );
  });
  return { workloads: [set], pods };
}

interface BudgetInput {
  namespace: string;
  name: string;
  labels?: Record<string, string>;
  owner?: Record<string, unknown>;
  matchLabels: Record<string, string>;
  minAvailable?: number;
  maxUnavailable?: number;
}

export function budgetOf(input: BudgetInput): PdbView {
  return value(
    pdbFromObject({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: {
        name: input.name,
        namespace: input.namespace,
        uid: `uid-pdb-${input.name}`,
        generation: 1,
        resourceVersion: '400',
        creationTimestamp: CREATED,
        labels: input.labels ?? {},
        ...(input.owner ? { ownerReferences: [input.owner] } : {}),
      },
      spec: {
        selector: { matchLabels: input.matchLabels },
        ...(input.minAvailable !== undefined ? { minAvailable: input.minAvailable } : {}),
        ...(input.maxUnavailable !== undefined ? { maxUnavailable: input.maxUnavailable } : {}),
      },
      status: { observedGeneration: 1 },
    }),
  );
}

/**
 * HDFS data nodes as Stackable lays them out: a StatefulSet per role group, one generated budget
 * for the role (maxUnavailable 1), and a hand-written budget someone added for the hot group.
 */
export function stackableHdfs(options: { unready?: readonly number[]; handWritten?: boolean }) {
  const hot = statefulSetOf({
    namespace: 'hdfs',
    name: 'hdfs-datanode-hot',
    labels: hdfsLabels('datanode', 'hot'),
    owner: HDFS_CLUSTER,
    nodes: ['node-a'],
  });
  const dflt = statefulSetOf({
    namespace: 'hdfs',
    name: 'hdfs-datanode-default',
    labels: hdfsLabels('datanode', 'default'),
    owner: HDFS_CLUSTER,
    nodes: ['node-b', 'node-c'],
    ...(options.unready ? { unready: options.unready } : {}),
  });
  const generated = budgetOf({
    namespace: 'hdfs',
    name: 'hdfs-datanode',
    labels: hdfsLabels('datanode'),
    owner: HDFS_CLUSTER,
    matchLabels: {
      'app.kubernetes.io/name': 'hdfs',
      'app.kubernetes.io/instance': 'hdfs',
      'app.kubernetes.io/component': 'datanode',
    },
    maxUnavailable: 1,
  });
  const handWritten = budgetOf({
    namespace: 'hdfs',
    name: 'hdfs-datanode-hot',
    labels: { team: 'data-platform' },
    matchLabels: {
      'app.kubernetes.io/instance': 'hdfs',
      'app.kubernetes.io/component': 'datanode',
      'app.kubernetes.io/role-group': 'hot',
    },
    minAvailable: 1,
  });
  return {
    pods: [...hot.pods, ...dflt.pods],
    workloads: [...hot.workloads, ...dflt.workloads],
    budgets: options.handWritten === false ? [generated] : [generated, handWritten],
  };
}

/** ECK's client nodes (a StatefulSet its Elasticsearch writes) under a hand-written budget of 2. */
export function eckClients() {
  const labels = {
    'common.k8s.elastic.co/type': 'elasticsearch',
    'elasticsearch.k8s.elastic.co/cluster-name': 'logging',
    'elasticsearch.k8s.elastic.co/statefulset-name': 'logging-es-client',
  };
  const set = statefulSetOf({
    namespace: 'logging',
    name: 'logging-es-client',
    labels,
    owner: ELASTICSEARCH,
    nodes: ['node-a', 'node-b'],
  });
  return {
    ...set,
    budgets: [
      budgetOf({
        namespace: 'logging',
        name: 'logging-es-client',
        labels: { 'elasticsearch.k8s.elastic.co/cluster-name': 'logging' },
        matchLabels: labels,
        minAvailable: 2,
      }),
    ],
  };
}
