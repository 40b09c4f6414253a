import {
  caClusterContext,
  caNodeVerdict,
  type CaClusterContext,
  type NodeDeleteOptions,
} from '@pdbscope/shared/actors/cluster-autoscaler';
import {
  karpenterClusterContext,
  karpenterNodeVerdict,
  type KarpenterClusterContext,
} from '@pdbscope/shared/actors/karpenter';
import type { ActorCluster } from '@pdbscope/shared/actors/reports';
import type { DrainableNow } from '@pdbscope/shared/eviction';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { BlockingActor, NodeRow } from '@pdbscope/shared/api';
import { managedByKarpenter } from './node-actors.js';

/**
 * Cluster Autoscaler's shared context for the nodes list, made once per time of the index (its
 * loop check and listers read every PDB and workload, which a node's row must not repeat).
 */
export function caContextOf(
  index: ClusterIndex,
  options: NodeDeleteOptions,
): () => CaClusterContext {
  let made: { at: number; context: CaClusterContext } | undefined;
  return () => {
    const at = index.now.getTime();
    if (made?.at !== at)
      made = {
        at,
        context: caClusterContext({ index, options, now: index.now, statusSource: 'recomputed' }),
      };
    return made.context;
  };
}

/** What a node's row in the cache says it is blocked for: kubectl drain's and CA's answers. */
export function blockedInRow(
  drainable: DrainableNow,
  ca: CaClusterContext,
  node: string,
): BlockingActor[] {
  const blocked: BlockingActor[] = [];
  // Not known (pods or budgets not visible) is not blocked: the row says `unknown` itself.
  if (drainable.state === 'refused' || drainable.state === 'stuck') blocked.push('kubectl-drain');
  if (!caNodeVerdict(ca, node).removable) blocked.push('cluster-autoscaler');
  return blocked;
}

/**
 * The rows with Karpenter's answer added on the nodes it manages. Not kept in the rows' cache:
 * it reads the NodePools and NodeClaims, which the index does not hold; its context is made once
 * per call, and only when some node is Karpenter's.
 */
export function withKarpenter(rows: Iterable<NodeRow>, cluster: ActorCluster): NodeRow[] {
  let context: KarpenterClusterContext | undefined;
  const out: NodeRow[] = [];
  for (const row of rows) {
    if (!managedByKarpenter(cluster, row.name)) {
      out.push(row);
      continue;
    }
    context ??= karpenterClusterContext({
      index: cluster.index,
      nodePools: cluster.nodePools ?? [],
      nodeClaims: cluster.nodeClaims ?? [],
      now: cluster.now,
      disruptionClass: 'graceful',
      statusSource: 'recomputed',
    });
    out.push(
      karpenterNodeVerdict(context, row.name).removable
        ? row
        : { ...row, blockedFor: [...row.blockedFor, 'karpenter'] },
    );
  }
  return out;
}
