import type { Budget } from '../model/budget.js';
import {
  nodeFromObject,
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
} from '../model/convert.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import type { WorkloadView } from '../model/workload.js';
import type { SyntheticCluster } from './types.js';
import type { Result } from '../result/index.js';

/** The slim views of a generated cluster, as `new ClusterIndex(options, views)` takes them. */
export interface ClusterViews {
  pods: PodView[];
  budgets: Budget[];
  workloads: WorkloadView[];
  nodes: NodeView[];
  /** Objects the model could not read (none for a generated cluster). */
  errors: string[];
}

/** Converts every object of a generated cluster through the model's conversions. */
export function clusterViews(cluster: SyntheticCluster): ClusterViews {
  const errors: string[] = [];
  const read = <T>(items: readonly unknown[], convert: (o: unknown) => Result<T>): T[] =>
    items.flatMap((o) => {
      const c = convert(o);
      if (c.ok) return [c.value];
      errors.push(c.error);
      return [];
    });
  return {
    pods: read(cluster.pods, podFromObject),
    budgets: [
      ...read<Budget>(cluster.pdbs, pdbFromObject),
      ...read<Budget>(cluster.pubs, pubFromObject),
    ],
    workloads: read(
      [
        ...cluster.deployments,
        ...cluster.replicaSets,
        ...cluster.statefulSets,
        ...cluster.daemonSets,
        ...cluster.jobs,
      ],
      workloadFromObject,
    ),
    nodes: read(cluster.nodes, nodeFromObject),
    errors,
  };
}
