import { NODEPOOL_LABEL } from '@pdbscope/shared/actors/karpenter';
import type { BlockingActor, NodeRow } from '@pdbscope/shared/api';
import type { Registry } from 'prom-client';
import { registerScrapeMetric, type Sample } from './scrape-metric.js';

/**
 * Each actor's states: kubectl drain's (`unknown` when pods or budgets are not visible), and whether an autoscaler would remove the node
 * (`removable`, not `drainable`: a query or the fleet view summing `drainable_now="drainable"`
 * still counts kubectl drain's alone).
 */
const STATES: Record<BlockingActor, readonly string[]> = {
  'kubectl-drain': ['drainable', 'refused', 'stuck', 'unknown'],
  'cluster-autoscaler': ['removable', 'blocked', 'unknown'],
  karpenter: ['removable', 'blocked', 'unknown'],
};

export const ACTORS = Object.keys(STATES) as BlockingActor[];

/** A row's state for an actor; undefined for Karpenter on a node it does not manage. */
export function nodeActorState(row: NodeRow, actor: BlockingActor): string | undefined {
  if (actor === 'kubectl-drain') return row.drainableNow.state;
  const blocked = row.blockedFor.includes(actor);
  if (actor === 'karpenter' && !blocked && row.labels[NODEPOOL_LABEL] === undefined)
    return undefined;
  if (blocked) return 'blocked';
  // Removable on the visible pods only: with some not visible, the BFF cannot know it.
  return row.drainableNow.state === 'unknown' ? 'unknown' : 'removable';
}

/**
 * Nodes by actor and by what it would do now, from the rows GET /api/nodes serves (absent before
 * the first sync, as the cluster-wide families are). kubectl drain's and Cluster Autoscaler's
 * counts cover every node; Karpenter's the nodes it manages. The states of kubectl drain are
 * those the family had before the `actor` label came, so `drainable_now=~"stuck|refused"` still
 * means kubectl drain alone.
 */
export function registerNodeMetrics(
  registry: Registry,
  nodes: () => Iterable<NodeRow> | undefined,
): void {
  registerScrapeMetric<'actor' | 'drainable_now'>(registry, {
    name: 'pdbscope_nodes',
    help: 'Nodes by actor and what it would do now: kubectl drain would finish (drainable), be refused by its filters (refused), leave pods whose eviction is refused (stuck), or is not known because pods or budgets are not visible (unknown); cluster-autoscaler and karpenter (on the nodes it manages) would remove the node (removable) or not (blocked), or not known (unknown).',
    type: 'gauge',
    samples: () => {
      const rows = nodes();
      if (!rows) return [];
      const counts = new Map(ACTORS.map((a) => [a, new Map(STATES[a].map((s) => [s, 0]))]));
      for (const row of rows)
        for (const actor of ACTORS) {
          const state = nodeActorState(row, actor);
          const byState = counts.get(actor);
          if (state !== undefined && byState) byState.set(state, (byState.get(state) ?? 0) + 1);
        }
      const samples: Sample<'actor' | 'drainable_now'>[] = [];
      for (const actor of ACTORS)
        for (const state of STATES[actor])
          samples.push({
            labels: { actor, drainable_now: state },
            value: counts.get(actor)?.get(state) ?? 0,
          });
      return samples;
    },
  });
}
