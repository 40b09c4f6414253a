import type { Budget } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { ClusterIndex } from '../index/cluster-index.js';
import type { BudgetEvaluation } from '../index/types.js';
import { analyzeOverlaps } from '../overlaps/analyze.js';
import type { OverlapReport } from '../overlaps/types.js';
import { overlapGroups, type OverlapGroupReport } from '../overlaps/groups.js';
import type { Snapshot } from '../snapshot/types.js';

/** A snapshot held in the engine's index, evaluated at `now`. */
export interface LoadedCluster {
  snapshot: Snapshot;
  index: ClusterIndex;
  now: Date;
}

export function loadCluster(snapshot: Snapshot, now: Date): LoadedCluster {
  const index = new ClusterIndex(
    { now },
    {
      pods: snapshot.pods,
      budgets: [...snapshot.pdbs, ...snapshot.pubs],
      workloads: snapshot.workloads,
      nodes: snapshot.nodes,
    },
  );
  return { snapshot, index, now };
}

const byRef = (a: BudgetEvaluation, b: BudgetEvaluation): number =>
  a.ref.namespace.localeCompare(b.ref.namespace) ||
  a.ref.name.localeCompare(b.ref.name) ||
  a.ref.kind.localeCompare(b.ref.kind);

/** Every budget's evaluation, sorted by namespace, name and kind. */
export function evaluations(cluster: LoadedCluster): BudgetEvaluation[] {
  return [...cluster.index.budgets()].sort(byRef);
}

function selections(cluster: LoadedCluster) {
  const evs = evaluations(cluster);
  const podsOf = new Map<Budget, readonly PodView[]>(evs.map((e) => [e.budget, e.pods]));
  return { budgets: evs.map((e) => e.budget), podsOf: (b: Budget) => podsOf.get(b) ?? [] };
}

/** Every overlapping pair over the index's selections (a snapshot's `overlaps` command lists them). */
export function overlapsOf(cluster: LoadedCluster): OverlapReport {
  return analyzeOverlaps(selections(cluster));
}

/** Overlap groups over the index's selections, as the findings read them. */
export function overlapGroupsOf(cluster: LoadedCluster): OverlapGroupReport {
  return overlapGroups(selections(cluster));
}
