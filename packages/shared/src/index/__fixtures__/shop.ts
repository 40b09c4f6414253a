import type { Budget } from '../../model/budget.js';
import type { NodeView } from '../../model/node.js';
import type { PodView } from '../../model/pod.js';
import type { WorkloadView } from '../../model/workload.js';
import { deployment, node, pdb, pod, pub, statefulSet } from './objects.js';

export interface World {
  pods: PodView[];
  budgets: Budget[];
  workloads: WorkloadView[];
  nodes: NodeView[];
}

/**
 * A shop namespace: web (Deployment 3), api (Deployment 5, one crash-looping), ZooKeeper (StatefulSet
 * 3), a debug pod; per-app PDBs, a release-wide PDB overlapping them, PUBs by selector and by
 * targetRef, and two malformed PDBs. A second namespace holds a look-alike app.
 */
export function shopWorld(): World {
  const nodes = ['node-a', 'node-b', 'node-c'];
  const web = deployment({
    namespace: 'shop',
    name: 'web',
    replicas: 3,
    labels: { 'app.kubernetes.io/name': 'web', 'app.kubernetes.io/instance': 'shop', tier: 'fe' },
    nodes,
  });
  const api = deployment({
    namespace: 'shop',
    name: 'api',
    replicas: 5,
    unready: 1,
    labels: { 'app.kubernetes.io/name': 'api', 'app.kubernetes.io/instance': 'shop', tier: 'be' },
    nodes,
  });
  const zk = statefulSet({
    namespace: 'shop',
    name: 'zk',
    replicas: 3,
    labels: { 'app.kubernetes.io/name': 'zookeeper', 'app.kubernetes.io/instance': 'shop' },
    nodes,
  });
  const blog = deployment({
    namespace: 'blog',
    name: 'web',
    replicas: 2,
    labels: { 'app.kubernetes.io/name': 'web', 'app.kubernetes.io/instance': 'blog' },
    nodes,
  });
  const debug = pod({
    namespace: 'shop',
    name: 'debug-7xk2p',
    labels: { run: 'debug' },
    node: 'node-a',
  });
  const budgets: Budget[] = [
    pdb({
      namespace: 'shop',
      name: 'web',
      selector: { matchLabels: { 'app.kubernetes.io/name': 'web' } },
      maxUnavailable: 1,
    }),
    pdb({
      namespace: 'shop',
      name: 'api',
      selector: { matchLabels: { 'app.kubernetes.io/name': 'api' } },
      minAvailable: '50%',
    }),
    pdb({
      namespace: 'shop',
      name: 'zk',
      selector: { matchLabels: { 'app.kubernetes.io/name': 'zookeeper' } },
      minAvailable: 2,
    }),
    pdb({
      namespace: 'shop',
      name: 'release',
      selector: {
        matchExpressions: [
          { key: 'app.kubernetes.io/instance', operator: 'Exists' },
          { key: 'tier', operator: 'In', values: ['fe'] },
        ],
      },
      maxUnavailable: '10%',
    }),
    pdb({
      namespace: 'shop',
      name: 'not-debug',
      selector: { matchExpressions: [{ key: 'run', operator: 'NotIn', values: ['debug'] }] },
      minAvailable: 1,
      unhealthyPodEvictionPolicy: 'AlwaysAllow',
    }),
    pdb({
      namespace: 'shop',
      name: 'broken-operator',
      selector: { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['web'] }] },
      maxUnavailable: 1,
    }),
    pdb({
      namespace: 'shop',
      name: 'broken-percent',
      selector: { matchLabels: { 'app.kubernetes.io/name': 'api' } },
      maxUnavailable: 'abc%',
    }),
    pdb({
      namespace: 'blog',
      name: 'web',
      selector: { matchLabels: { 'app.kubernetes.io/name': 'web' } },
      maxUnavailable: 0,
    }),
    pub({
      namespace: 'shop',
      name: 'api',
      selector: { matchLabels: { 'app.kubernetes.io/name': 'api' } },
      maxUnavailable: '20%',
    }),
    pub({
      namespace: 'shop',
      name: 'web',
      targetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minAvailable: 2,
    }),
  ];
  return {
    pods: [...web.pods, ...api.pods, ...zk.pods, ...blog.pods, debug],
    budgets,
    workloads: [...web.workloads, ...api.workloads, ...zk.workloads, ...blog.workloads],
    nodes: nodes.map((n) => node(n)),
  };
}
