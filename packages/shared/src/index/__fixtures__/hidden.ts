// A cluster where one namespace's pods may be refused: zookeeper (a StatefulSet of 3 under a
// PDB allowing 1) beside shop (a Deployment of 2 under a PDB with minAvailable 1), on 3 nodes.
import type { Budget } from '../../model/budget.js';
import type { NodeView } from '../../model/node.js';
import type { PodView } from '../../model/pod.js';
import type { WorkloadView } from '../../model/workload.js';
import { makeVisibility } from '../../visibility/visibility.js';
import type { Visibility } from '../../visibility/types.js';
import { deployment, labelPdb, node, statefulSet } from './objects.js';

export const NODES = ['worker-1', 'worker-2', 'worker-3'] as const;

export interface HiddenWorld {
  pods: PodView[];
  budgets: Budget[];
  workloads: WorkloadView[];
  nodes: NodeView[];
}

/** Every object, as the API server holds them. */
export function hiddenWorld(): HiddenWorld {
  const zookeeper = statefulSet({
    namespace: 'zookeeper',
    name: 'zookeeper',
    replicas: 3,
    labels: { app: 'zookeeper' },
    nodes: NODES,
  });
  const web = deployment({
    namespace: 'shop',
    name: 'web',
    replicas: 2,
    labels: { app: 'web' },
    nodes: ['worker-1', 'worker-2'],
  });
  return {
    pods: [...zookeeper.pods, ...web.pods],
    budgets: [
      labelPdb({
        namespace: 'zookeeper',
        name: 'zookeeper',
        maxUnavailable: 1,
        reported: { expectedPods: 3, desiredHealthy: 2, currentHealthy: 3, disruptionsAllowed: 1 },
      }),
      labelPdb({
        namespace: 'shop',
        name: 'web',
        minAvailable: 1,
        reported: { expectedPods: 2, desiredHealthy: 1, currentHealthy: 2, disruptionsAllowed: 1 },
      }),
    ],
    workloads: [...zookeeper.workloads, ...web.workloads],
    nodes: NODES.map((name) => node(name)),
  };
}

/** What a reader refused zookeeper's pods holds: everything but those pods. */
export function withoutZookeeperPods(world: HiddenWorld): HiddenWorld {
  return { ...world, pods: world.pods.filter((p) => p.namespace !== 'zookeeper') };
}

export const ZOOKEEPER_PODS_REFUSED: Visibility = makeVisibility({
  refusals: [
    { kind: 'pods', namespace: 'zookeeper', reason: 'no permission to list pods in zookeeper' },
  ],
});
