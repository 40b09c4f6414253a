import { describe, expect, it } from 'vitest';
import type { ManagedObject } from './detect.js';
import { routeChange, type ChangeRoute } from './route.js';

const hdfsCluster = {
  apiVersion: 'hdfs.stackable.tech/v1alpha1',
  kind: 'HdfsCluster',
  name: 'hdfs',
  uid: '5b0e1f7c-2d7e-4c57-9a55-0c6a1b7f3e21',
};
const stackable = (kind: string, name: string, extra: Record<string, string>): ManagedObject => ({
  apiVersion: kind === 'PodDisruptionBudget' ? 'policy/v1' : 'apps/v1',
  kind,
  namespace: 'hdfs',
  name,
  labels: {
    'app.kubernetes.io/name': 'hdfs',
    'app.kubernetes.io/instance': 'hdfs',
    'app.kubernetes.io/component': 'datanode',
    'app.kubernetes.io/managed-by': 'hdfs.stackable.tech_hdfscluster',
    ...extra,
  },
  controller: hdfsCluster,
});
const roleBudget = stackable('PodDisruptionBudget', 'hdfs-datanode', {});
const hotGroup = stackable('StatefulSet', 'hdfs-datanode-hot', {
  'app.kubernetes.io/role-group': 'hot',
});
const esClient: ManagedObject = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  namespace: 'logging',
  name: 'logging-es-client',
  labels: {
    'common.k8s.elastic.co/type': 'elasticsearch',
    'elasticsearch.k8s.elastic.co/cluster-name': 'logging',
    'elasticsearch.k8s.elastic.co/statefulset-name': 'logging-es-client',
  },
  controller: {
    apiVersion: 'elasticsearch.k8s.elastic.co/v1',
    kind: 'Elasticsearch',
    name: 'logging',
    uid: '8f3c2a61-47d9-4b0e-b0a4-2e5f9d1c7a08',
  },
};

/** What a route says in one line: where, which field, what value. */
const said = (r: ChangeRoute): string =>
  r.via === 'object'
    ? 'object'
    : r.via === 'operator'
      ? `operator ${r.manager.name}`
      : `${r.change.resource.kind} ${r.change.resource.namespace}/${r.change.resource.name} ${r.change.field}=${r.change.value}`;

describe('routeChange', () => {
  it("sends a Stackable role's budget to spec.<role>.roleConfig.podDisruptionBudget, never the PDB", () => {
    expect([
      said(routeChange(roleBudget, { kind: 'budget-field', field: 'maxUnavailable', value: 2 })),
      said(routeChange(roleBudget, { kind: 'remove-budget' })),
      // Stackable's budgets take maxUnavailable only: only the operator can be named.
      said(routeChange(roleBudget, { kind: 'budget-field', field: 'minAvailable', value: 1 })),
      said(routeChange(hotGroup, { kind: 'replicas', value: 3 })),
    ]).toStrictEqual([
      'HdfsCluster hdfs/hdfs spec.dataNodes.roleConfig.podDisruptionBudget.maxUnavailable=2',
      'HdfsCluster hdfs/hdfs spec.dataNodes.roleConfig.podDisruptionBudget.enabled=false',
      'operator Stackable',
      'HdfsCluster hdfs/hdfs spec.dataNodes.roleGroups.hot.replicas=3',
    ]);
    const route = routeChange(roleBudget, {
      kind: 'budget-field',
      field: 'maxUnavailable',
      value: 2,
    });
    expect(route.via === 'custom-resource' && route.change.patch).toStrictEqual({
      type: 'merge',
      body: { spec: { dataNodes: { roleConfig: { podDisruptionBudget: { maxUnavailable: 2 } } } } },
    });
  });

  it("sends an ECK StatefulSet's scale to its nodeSet's count, a list entry by name", () => {
    const route = routeChange(esClient, { kind: 'replicas', value: 3 });
    expect([said(route), route.via === 'custom-resource' && route.change.patch]).toStrictEqual([
      'Elasticsearch logging/logging spec.nodeSets[client].count=3',
      { type: 'list-entry', list: ['spec', 'nodeSets'], key: 'client', field: 'count', value: 3 },
    ]);
  });

  it("sends a CloneSet's and a Rollout's scale to their spec.replicas; leaves plain objects alone", () => {
    const cloneSet: ManagedObject = {
      apiVersion: 'apps.kruise.io/v1alpha1',
      kind: 'CloneSet',
      namespace: 'games',
      name: 'lobby',
      labels: {},
    };
    const rolloutRs: ManagedObject = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      namespace: 'shop',
      name: 'checkout-6d4cf56db6',
      labels: {},
      controller: {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Rollout',
        name: 'checkout',
        uid: 'r-1',
      },
    };
    const plain: ManagedObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      namespace: 'shop',
      name: 'web',
      labels: {},
    };
    expect([
      said(routeChange(cloneSet, { kind: 'replicas', value: 4 })),
      said(routeChange(rolloutRs, { kind: 'replicas', value: 5 })),
      said(routeChange(plain, { kind: 'replicas', value: 5 })),
    ]).toStrictEqual([
      'CloneSet games/lobby spec.replicas=4',
      'Rollout shop/checkout spec.replicas=5',
      'object',
    ]);
  });
});
