import { describe, expect, it } from 'vitest';
import { eckNodeSetOf, operatorOf, type ManagedObject } from './detect.js';
import { budgetsToRemove } from './overlap.js';

const stackableLabels = {
  'app.kubernetes.io/name': 'hdfs',
  'app.kubernetes.io/instance': 'hdfs',
  'app.kubernetes.io/component': 'datanode',
  'app.kubernetes.io/managed-by': 'hdfs.stackable.tech_hdfscluster',
};
const hdfsCluster = {
  apiVersion: 'hdfs.stackable.tech/v1alpha1',
  kind: 'HdfsCluster',
  name: 'hdfs',
  uid: '5b0e1f7c-2d7e-4c57-9a55-0c6a1b7f3e21',
};
const eckLabels = {
  'common.k8s.elastic.co/type': 'elasticsearch',
  'elasticsearch.k8s.elastic.co/cluster-name': 'logging',
  'elasticsearch.k8s.elastic.co/statefulset-name': 'logging-es-client',
};
const elasticsearch = {
  apiVersion: 'elasticsearch.k8s.elastic.co/v1',
  kind: 'Elasticsearch',
  name: 'logging',
  uid: '8f3c2a61-47d9-4b0e-b0a4-2e5f9d1c7a08',
};

const pdb = (namespace: string, name: string, extra: Partial<ManagedObject>): ManagedObject => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  namespace,
  name,
  labels: {},
  ...extra,
});

describe('operatorOf', () => {
  // One row per way an object tells who writes it; the manager's name, evidence and resource.
  const table: [string, ManagedObject, unknown][] = [
    [
      "Stackable's generated PDB, by its ownerReference",
      pdb('hdfs', 'hdfs-datanode', { labels: stackableLabels, controller: hdfsCluster }),
      [
        'stackable',
        'Stackable',
        'ownerReference HdfsCluster hdfs',
        'hdfs.stackable.tech/HdfsCluster hdfs/hdfs',
      ],
    ],
    [
      "Stackable's generated PDB, by its managed-by label alone",
      pdb('hdfs', 'hdfs-datanode', { labels: stackableLabels }),
      [
        'stackable',
        'Stackable',
        'labels app.kubernetes.io/managed-by=hdfs.stackable.tech_hdfscluster',
        'hdfs.stackable.tech/HdfsCluster hdfs/hdfs',
      ],
    ],
    [
      "an older Stackable operator's `<product>-operator`, beside Stackable's labels",
      pdb('zk', 'zookeeper-server', {
        labels: {
          'app.kubernetes.io/instance': 'zookeeper',
          'app.kubernetes.io/managed-by': 'zookeeper-operator',
          'stackable.tech/vendor': 'Stackable',
        },
      }),
      [
        'stackable',
        'Stackable',
        'labels app.kubernetes.io/managed-by=zookeeper-operator',
        'zookeeper.stackable.tech/ZookeeperCluster zk/zookeeper',
      ],
    ],
    [
      "ECK's StatefulSet, by its ownerReference",
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        namespace: 'logging',
        name: 'logging-es-client',
        labels: eckLabels,
        controller: elasticsearch,
      },
      [
        'eck',
        'ECK',
        'ownerReference Elasticsearch logging',
        'elasticsearch.k8s.elastic.co/Elasticsearch logging/logging',
      ],
    ],
    [
      "ECK's default PDB, by its labels alone",
      pdb('logging', 'logging-es-default', { labels: eckLabels }),
      [
        'eck',
        'ECK',
        'labels common.k8s.elastic.co/type=elasticsearch, elasticsearch.k8s.elastic.co/cluster-name=logging',
        'elasticsearch.k8s.elastic.co/Elasticsearch logging/logging',
      ],
    ],
    [
      'an OpenKruise CloneSet: the custom resource itself',
      {
        apiVersion: 'apps.kruise.io/v1alpha1',
        kind: 'CloneSet',
        namespace: 'games',
        name: 'lobby',
        labels: {},
      },
      [
        'openkruise',
        'OpenKruise',
        'a CloneSet of apps.kruise.io',
        'apps.kruise.io/CloneSet games/lobby',
      ],
    ],
    [
      "an Argo Rollout's ReplicaSet, by its ownerReference",
      {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        namespace: 'shop',
        name: 'checkout-6d4cf56db6',
        labels: { 'rollouts-pod-template-hash': '6d4cf56db6' },
        controller: {
          apiVersion: 'argoproj.io/v1alpha1',
          kind: 'Rollout',
          name: 'checkout',
          uid: 'r-1',
        },
      },
      [
        'argo-rollouts',
        'Argo Rollouts',
        'ownerReference Rollout checkout',
        'argoproj.io/Rollout shop/checkout',
      ],
    ],
    [
      "another operator's custom resource: the generic fallback, named by its kind",
      pdb('db', 'main-primary', {
        controller: {
          apiVersion: 'postgresql.cnpg.io/v1',
          kind: 'Cluster',
          name: 'main',
          uid: 'c-1',
        },
      }),
      ['generic', 'Cluster', 'ownerReference Cluster main', 'postgresql.cnpg.io/Cluster db/main'],
    ],
    [
      'a managed-by label naming an operator: generic, no resource known',
      pdb('mq', 'rabbit', { labels: { 'app.kubernetes.io/managed-by': 'rabbitmq-operator' } }),
      [
        'generic',
        'rabbitmq-operator',
        'label app.kubernetes.io/managed-by=rabbitmq-operator',
        undefined,
      ],
    ],
  ];

  it.each(table)('%s', (_what, object, expected) => {
    const m = operatorOf(object);
    const r = m?.resource;
    expect(
      m && [m.operator, m.name, m.evidence, r && `${r.group}/${r.kind} ${r.namespace}/${r.name}`],
    ).toStrictEqual(expected);
  });

  it('leaves what people write, charts and built-in controllers alone', () => {
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-1' };
    expect([
      operatorOf(pdb('shop', 'web', {})),
      operatorOf(pdb('shop', 'web', { labels: { 'app.kubernetes.io/managed-by': 'Helm' } })),
      operatorOf({
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        namespace: 'shop',
        name: 'web-1',
        labels: {},
        controller: deployment,
      }),
      // Labels an ECK selector reads, on a budget someone wrote: not ECK's own type label.
      operatorOf(
        pdb('logging', 'logging-es-master', {
          labels: { 'elasticsearch.k8s.elastic.co/cluster-name': 'logging' },
        }),
      ),
    ]).toStrictEqual([undefined, undefined, undefined, undefined]);
  });

  it("finds ECK's nodeSet from the StatefulSet's label, else its name", () => {
    expect([
      eckNodeSetOf({ name: 'logging-es-client', labels: eckLabels }),
      eckNodeSetOf({ name: 'search-es-hot-zone-a', labels: {} }),
      eckNodeSetOf({ name: 'web', labels: {} }),
    ]).toStrictEqual(['client', 'hot-zone-a', undefined]);
  });
});

describe('budgetsToRemove', () => {
  const generated = pdb('hdfs', 'hdfs-datanode', {
    labels: stackableLabels,
    controller: hdfsCluster,
  });
  const hot = pdb('hdfs', 'hdfs-datanode-hot', { labels: { team: 'data-platform' } });
  const other = pdb('hdfs', 'datanodes', {});
  const names = (bs: readonly ManagedObject[]) => bs.map((b) => b.name);

  it('removes the hand-written ones when an operator writes another, in either order', () => {
    expect([
      names(budgetsToRemove([generated, hot])),
      names(budgetsToRemove([hot, generated])),
      names(budgetsToRemove([hot, generated, other])),
    ]).toStrictEqual([
      ['hdfs-datanode-hot'],
      ['hdfs-datanode-hot'],
      ['hdfs-datanode-hot', 'datanodes'],
    ]);
  });

  it('offers every one when all are hand-written, or all an operator’s', () => {
    const eck = pdb('hdfs', 'x-es-default', { labels: eckLabels });
    expect([
      names(budgetsToRemove([hot, other])),
      names(budgetsToRemove([generated, eck])),
    ]).toStrictEqual([
      ['hdfs-datanode-hot', 'datanodes'],
      ['hdfs-datanode', 'x-es-default'],
    ]);
  });
});
