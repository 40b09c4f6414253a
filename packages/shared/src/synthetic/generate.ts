import { buildApps } from './apps.js';
import { buildBudgets } from './budgets.js';
import { createContext } from './context.js';
import { buildBarePods, buildDaemonSet, buildJobs } from './extras.js';
import {
  buildNamespaces,
  buildNodes,
  planNamespaces,
  type NamespacePlan,
} from './infrastructure.js';
import { SeededRandom } from './random.js';
import type { GenerateClusterOptions, SyntheticCluster } from './types.js';

function byKey<T extends { metadata?: { namespace?: string; name?: string } }>(items: T[]): T[] {
  const key = (o: T): string => `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
  return items
    .map((o) => ({ o, k: key(o) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .map((e) => e.o);
}

const SYSTEM_NAMESPACES: readonly NamespacePlan[] = [
  { name: 'kube-system', team: '', env: '' },
  { name: 'monitoring', team: '', env: '' },
];

/**
 * A seeded, realistic cluster as full Kubernetes JSON objects: nodes; namespaces; Deployments with
 * their ReplicaSets (a few mid-rollout); StatefulSets; a node-exporter DaemonSet; Job pods; bare
 * pods; a small unready/pending/terminating fraction; PDBs (int and percent, both limits,
 * unhealthyPodEvictionPolicy, some overlapping, a few selecting nothing) and OpenKruise PUBs.
 *
 * Pure: the same options give the same cluster. Pod and budget counts are exact. Budgets carry the
 * status the API server stores before the disruption controller's first sync.
 */
export function generateCluster(options: GenerateClusterOptions): SyntheticCluster {
  const nodeCount = Math.max(1, options.nodes ?? 20);
  const podCount = Math.max(0, options.pods ?? 300);
  const budgetCount = Math.max(0, options.budgets ?? 40);
  const namespaceCount = Math.max(1, options.namespaces ?? Math.max(3, Math.round(podCount / 500)));
  const ctx = createContext(
    new SeededRandom(options.seed),
    options.listedAt ?? '2024-05-01T12:00:00Z',
    nodeCount,
  );

  const nodes = buildNodes(ctx, nodeCount);
  const nodeNames = nodes.map((n) => n.metadata?.name ?? '');
  const plans = planNamespaces(ctx, namespaceCount);
  const namespaces = buildNamespaces(ctx, [...SYSTEM_NAMESPACES, ...plans]);

  // Pod budget: a DaemonSet pod per node while pods are plentiful, ~0.5 % Job pods, ~0.2 % bare.
  const daemonPods = podCount >= nodeCount * 10 ? nodeCount : 0;
  const jobPods = Math.round(podCount * 0.005);
  const barePods = Math.round(podCount * 0.002);
  const appPods = podCount - daemonPods - jobPods - barePods;

  const apps = buildApps(ctx, { namespaces: plans, nodeNames, pods: appPods });
  const daemon =
    daemonPods > 0
      ? buildDaemonSet(ctx, { namespace: 'monitoring', nodeNames, pods: daemonPods })
      : undefined;
  const jobs = buildJobs(ctx, { apps, namespaces: plans, nodeNames, pods: jobPods });
  const bare = buildBarePods(ctx, { apps, namespaces: plans, nodeNames, pods: barePods });
  const { pdbs, pubs } = buildBudgets(ctx, { apps, namespaces: plans, count: budgetCount });

  // In the order a list from the API server comes: by namespace, then name (etcd key order).
  return {
    nodes: byKey(nodes),
    namespaces: byKey(namespaces),
    pods: byKey([...apps.flatMap((a) => a.pods), ...(daemon?.pods ?? []), ...jobs.pods, ...bare]),
    deployments: byKey(apps.flatMap((a) => (a.kind === 'Deployment' ? [a.workload] : []))),
    replicaSets: byKey(apps.flatMap((a) => a.replicaSets)),
    statefulSets: byKey(apps.flatMap((a) => (a.kind === 'StatefulSet' ? [a.workload] : []))),
    daemonSets: daemon ? [daemon.daemonSet] : [],
    jobs: byKey(jobs.jobs),
    pdbs: byKey(pdbs),
    pubs: byKey(pubs),
  };
}
