import type { FleetCluster, FleetStatus } from './fleet.js';

/** A pdbscope that Prometheus cannot see leaves its cluster unwatched: that comes first. */
const STATUS_RANK: Record<FleetStatus, number> = {
  absent: 0,
  unknown: 1,
  syncing: 2,
  up: 3,
};

/**
 * Nodes of the cluster in one drainable-now state. Where the exporter splits `pdbscope_nodes`
 * by actor, each actor's counts cover every node, so the worst actor's count is the cluster's;
 * without that split the series are summed. `null` when the cluster has no node figures.
 */
export function fleetNodesIn(cluster: Pick<FleetCluster, 'nodes'>, state: string): number | null {
  if (cluster.nodes === null) return null;
  let plain = 0;
  let worstActor: number | undefined;
  let anyPlain = false;
  for (const entry of cluster.nodes) {
    if (entry.drainableNow !== state) continue;
    if (entry.actor === undefined) {
      anyPlain = true;
      plain += entry.nodes;
    } else worstActor = Math.max(worstActor ?? 0, entry.nodes);
  }
  return anyPlain ? plain : (worstActor ?? 0);
}

/** Greater first, `null` (not known) after every number. */
function descending(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}

/**
 * The fleet's order, the clusters that need attention first: those whose pdbscope Prometheus
 * cannot see, then by blocking budgets, nodes stuck now, pods under several budgets, budgets
 * sharing live pods (each more first), then by name.
 */
export function compareFleetClusters(a: FleetCluster, b: FleetCluster): number {
  return (
    STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
    descending(a.blocking, b.blocking) ||
    descending(fleetNodesIn(a, 'stuck'), fleetNodesIn(b, 'stuck')) ||
    descending(a.podsWithMultipleBudgets, b.podsWithMultipleBudgets) ||
    descending(a.overlappingBudgets, b.overlappingBudgets) ||
    (a.cluster < b.cluster ? -1 : a.cluster > b.cluster ? 1 : 0)
  );
}
