import { describe, expect, it } from 'vitest';
import { clusterOf } from '../upgrade/__fixtures__/cluster.js';
import { HDFS_CLUSTER, stackableHdfs, statefulSetOf } from '../upgrade/__fixtures__/operators.js';
import { operatorInstances } from './instances.js';

/** HDFS as Stackable lays it out, plus journal nodes whose role budget someone disabled. */
function hdfs() {
  const base = stackableHdfs({ unready: [1] });
  const journal = statefulSetOf({
    namespace: 'hdfs',
    name: 'hdfs-journalnode-default',
    labels: {
      'app.kubernetes.io/name': 'hdfs',
      'app.kubernetes.io/instance': 'hdfs',
      'app.kubernetes.io/component': 'journalnode',
      'app.kubernetes.io/role-group': 'default',
      'app.kubernetes.io/managed-by': 'hdfs.stackable.tech_hdfscluster',
    },
    owner: HDFS_CLUSTER,
    nodes: ['node-a'],
  });
  // Something else in the namespace, with labels but no operator: not an instance.
  const tool = statefulSetOf({
    namespace: 'hdfs',
    name: 'hdfs-tools',
    labels: { 'app.kubernetes.io/name': 'tools', 'app.kubernetes.io/instance': 'tools' },
    nodes: ['node-b'],
  });
  return {
    pods: [...base.pods, ...journal.pods, ...tool.pods],
    workloads: [...base.workloads, ...journal.workloads, ...tool.workloads],
    budgets: base.budgets,
  };
}

describe('operatorInstances', () => {
  it('groups an instance by role and role group: budgets, replicas, pods no budget covers', () => {
    const parts = hdfs();
    const index = clusterOf(parts);
    const byUid = new Map(parts.workloads.map((w) => [w.uid, w]));
    const [inst, ...others] = operatorInstances({
      budgets: index.budgets(),
      pods: parts.pods,
      isCovered: (p) => index.coveringBudgets(p).length > 0,
      workloadByUid: (uid) => byUid.get(uid),
    });
    const pdb = (name: string) => ({ kind: 'PodDisruptionBudget', namespace: 'hdfs', name });
    const set = (name: string, replicas: number, ready: number) => ({
      kind: 'StatefulSet',
      name,
      replicas,
      readyReplicas: ready,
    });
    expect(others).toStrictEqual([]);
    expect({
      ...inst,
      operator: inst?.operator && [inst.operator.name, inst.operator.resource],
      roles: inst?.roles.map((r) => ({
        ...r,
        roleGroups: r.roleGroups.map((g) => ({ ...g, uncovered: g.uncovered.map((p) => p.name) })),
      })),
    }).toStrictEqual({
      namespace: 'hdfs',
      app: 'hdfs',
      instance: 'hdfs',
      operator: [
        'Stackable',
        { group: 'hdfs.stackable.tech', kind: 'HdfsCluster', namespace: 'hdfs', name: 'hdfs' },
      ],
      generated: [pdb('hdfs-datanode')],
      roles: [
        {
          component: 'datanode',
          budgetField: 'spec.dataNodes.roleConfig.podDisruptionBudget',
          budgets: [
            { ref: pdb('hdfs-datanode'), generated: true },
            { ref: pdb('hdfs-datanode-hot'), generated: false },
          ],
          roleGroups: [
            {
              name: 'default',
              workloads: [set('hdfs-datanode-default', 2, 1)],
              replicasField: 'spec.dataNodes.roleGroups.default.replicas',
              pods: 2,
              readyPods: 1,
              uncovered: [],
            },
            {
              name: 'hot',
              workloads: [set('hdfs-datanode-hot', 1, 1)],
              replicasField: 'spec.dataNodes.roleGroups.hot.replicas',
              pods: 1,
              readyPods: 1,
              uncovered: [],
            },
          ],
        },
        {
          component: 'journalnode',
          budgetField: 'spec.journalNodes.roleConfig.podDisruptionBudget',
          budgets: [],
          roleGroups: [
            {
              name: 'default',
              workloads: [set('hdfs-journalnode-default', 1, 1)],
              replicasField: 'spec.journalNodes.roleGroups.default.replicas',
              pods: 1,
              readyPods: 1,
              uncovered: ['hdfs-journalnode-default-0'],
            },
          ],
        },
      ],
    });
  });

  it('finds an instance by its workloads when no budget of it is the operator’s', () => {
    const parts = hdfs();
    const byUid = new Map(parts.workloads.map((w) => [w.uid, w]));
    const input = {
      budgets: [],
      pods: parts.pods,
      isCovered: () => false,
      workloadByUid: (uid: string) => byUid.get(uid),
    };
    expect([
      operatorInstances(input).map((i) => [i.instance, i.generated, i.operator?.evidence]),
      operatorInstances({ ...input, byWorkloads: false }),
    ]).toStrictEqual([[['hdfs', [], 'ownerReference HdfsCluster hdfs']], []]);
  });
});
