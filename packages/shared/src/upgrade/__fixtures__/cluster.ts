import { NOW, node } from '../../index/__fixtures__/objects.js';
import { ClusterIndex } from '../../index/cluster-index.js';
import type { Budget } from '../../model/budget.js';
import type { NodeView } from '../../model/node.js';
import type { PodView } from '../../model/pod.js';
import type { WorkloadView } from '../../model/workload.js';

export interface Parts {
  pods: PodView[];
  workloads?: WorkloadView[];
  budgets?: Budget[];
  nodes?: string[];
  /** Nodes with labels, taints or allocatable (instead of plain `nodes`). */
  nodeViews?: NodeView[];
}

export function clusterOf(parts: Parts): ClusterIndex {
  const { nodes = ['node-a', 'node-b', 'node-c'], nodeViews, ...rest } = parts;
  return new ClusterIndex(
    { now: NOW },
    { nodes: nodeViews ?? nodes.map((n) => node(n)), workloads: [], budgets: [], ...rest },
  );
}

export const KUBECTL_DEFAULTS = {
  force: false,
  ignoreDaemonSets: false,
  deleteEmptyDirData: false,
};
export const TIMINGS = {
  readySecondsByWorkload: new Map<string, number>(),
  defaultReadySeconds: 30,
  nodeReplaceSeconds: 90,
};
