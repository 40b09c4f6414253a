import type { WorkloadLookup } from '../budgets/workload-lookup.js';
import type { PdbView, PubView } from '../model/budget.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import type { ApiResourceInfo, WorkloadView } from '../model/workload.js';
import type { Visibility } from '../visibility/types.js';
import type { BudgetEvaluation, CoveringBudget } from './types.js';

/** A pod the index holds, with the budgets covering it. */
export interface PodOnNode {
  readonly pod: PodView;
  readonly budgets: readonly CoveringBudget[];
}

/** Counts of what the index holds. */
export interface IndexCounts {
  pods: number;
  budgets: number;
  pdbs: number;
  pubs: number;
  workloads: number;
  nodes: number;
}

/**
 * What the engine reads of a cluster: the {@link ClusterIndex} itself, or a what-if's
 * copy-on-write view of one (`ClusterOverlay`), which answers the same questions for the cluster
 * with a change applied. Drains, drainable now and the upgrade forecast read only this, so they run
 * on either. Every method answers as `ClusterIndex`'s of the same name.
 */
export interface ClusterView {
  /** The time evaluations are made at. */
  readonly now: Date;
  /** The custom kinds the REST mapper knows beyond the built-in ones (`group/Kind` → resource). */
  readonly apiResources: Readonly<Record<string, ApiResourceInfo>>;
  /** What can be seen of the cluster: every evaluation is made under it. */
  readonly visibility: Visibility;
  budget(ref: ResourceRef): BudgetEvaluation | undefined;
  budgets(): IterableIterator<BudgetEvaluation>;
  budgetsForPod(ref: { namespace: string; name: string }): { pdbs: PdbView[]; pubs: PubView[] };
  coveringBudgets(ref: { namespace: string; name: string }): readonly CoveringBudget[];
  coveringEvaluations(ref: { namespace: string; name: string }): BudgetEvaluation[] | undefined;
  evaluationByKey(key: string): BudgetEvaluation | undefined;
  pod(ref: { namespace: string; name: string }): PodView | undefined;
  podNamespaces(): IterableIterator<string>;
  podsInNamespace(namespace: string): IterableIterator<PodView>;
  podsOnNode(nodeName: string): PodView[];
  podsOnNodeSorted(nodeName: string): PodOnNode[];
  podsOnNodeWithBudgets(nodeName: string): readonly PodOnNode[];
  node(name: string): NodeView | undefined;
  nodes(): IterableIterator<NodeView>;
  nodeNames(): string[];
  workload(ref: {
    namespace: string;
    apiVersion: string;
    kind: string;
    name: string;
  }): WorkloadView | undefined;
  workloads(): IterableIterator<WorkloadView>;
  workloadLookup(): WorkloadLookup;
  counts(): IndexCounts;
}
