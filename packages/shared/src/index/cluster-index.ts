import type { Budget, PdbView, PubView } from '../model/budget.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import { groupOf, type ResourceRef } from '../model/refs.js';
import type { WorkloadView } from '../model/workload.js';
import type { WorkloadLookup } from '../budgets/workload-lookup.js';
import {
  advanceTime,
  applyChange,
  buildState,
  changeVisibility,
  finishLoading,
  replaceAll,
} from './apply.js';
import type { Visibility } from '../visibility/types.js';
import type { ApiResourceInfo } from '../model/workload.js';
import { budgetKey, type IndexState } from './state.js';
import type {
  BudgetDelta,
  BudgetEvaluation,
  ClusterIndexOptions,
  CoveringBudget,
  ObjectChange,
} from './types.js';
import { storeLookup, workloadDependency } from './workload-store.js';
import { podNamespaces, podRecord } from './pod-store.js';
import type { ClusterView, IndexCounts, PodOnNode } from './view.js';

export type { IndexCounts, PodOnNode } from './view.js';

/**
 * A cluster held incrementally: pods by namespace, node and label; each budget's selected pods and
 * its evaluation (disruption-controller sync or PUB reconcile, and pod lanes) kept current. Every
 * change returns the budgets it added, changed or removed. The state changes are the plain
 * functions of `apply.ts`; this class only holds the state.
 */
export class ClusterIndex implements ClusterView {
  private state: IndexState;

  constructor(
    options: ClusterIndexOptions,
    initial: {
      pods?: readonly PodView[];
      budgets?: readonly Budget[];
      workloads?: readonly WorkloadView[];
      nodes?: readonly NodeView[];
    } = {},
  ) {
    this.state = buildState(options, initial);
  }

  /** The time evaluations are made at. */
  get now(): Date {
    return this.state.now;
  }

  /** The custom kinds the REST mapper knows beyond the built-in ones (`group/Kind` → resource). */
  get apiResources(): Readonly<Record<string, ApiResourceInfo>> {
    return this.state.workloads.apiResources;
  }

  /** Applies a watch event or relist; `now` (default: the index's time) is when it happened. */
  apply(change: ObjectChange, now: Date = this.state.now): BudgetDelta[] {
    const timeDeltas =
      now.getTime() === this.state.now.getTime() ? [] : advanceTime(this.state, now);
    if (change.type === 'replaceAll') {
      const { state, deltas } = replaceAll(this.state, change);
      this.state = state;
      return deltas;
    }
    const deltas = applyChange(this.state, change);
    return timeDeltas.length === 0 ? deltas : [...timeDeltas, ...deltas];
  }

  /** True from a construction with `loading: true` until {@link ClusterIndex.finishLoading}. */
  get loading(): boolean {
    return this.state.loading !== undefined;
  }

  /**
   * Ends loading: every budget is evaluated once at `now` (with the custom kinds known by then,
   * when given) and returned as added. A no-op on an index that is not loading.
   */
  finishLoading(options: {
    now: Date;
    apiResources?: Readonly<Record<string, ApiResourceInfo>>;
  }): BudgetDelta[] {
    return finishLoading(this.state, options);
  }

  /** What can be seen of the cluster: every evaluation is made under it. */
  get visibility(): Visibility {
    return this.state.visibility;
  }

  /**
   * What can be seen changed (a namespace's pods refused, or allowed again): the budgets whose
   * figures read what changed are evaluated again and returned (none while loading).
   */
  setVisibility(visibility: Visibility): BudgetDelta[] {
    return changeVisibility(this.state, visibility);
  }

  /** Moves the clock: budgets whose disruptedPods entries expire by `now` are re-evaluated. */
  evaluate(now: Date): BudgetDelta[] {
    return advanceTime(this.state, now);
  }

  budget(ref: ResourceRef): BudgetEvaluation | undefined {
    return this.state.budgets.get(budgetKey(ref))?.evaluation;
  }

  /** Every budget's evaluation, in insertion order. */
  *budgets(): IterableIterator<BudgetEvaluation> {
    for (const entry of this.state.budgets.values()) if (entry.evaluation) yield entry.evaluation;
  }

  /**
   * The budgets that cover a pod: the PDBs whose selector converts and matches it (sorted by name;
   * more than one means its eviction answers 500), and the PUBs that protect it.
   */
  budgetsForPod(ref: { namespace: string; name: string }): { pdbs: PdbView[]; pubs: PubView[] } {
    const pdbs: PdbView[] = [];
    const pubs: PubView[] = [];
    for (const { budget } of podRecord(this.state.pods, ref)?.budgets ?? []) {
      if (budget.kind === 'PodDisruptionBudget') pdbs.push(budget);
      else pubs.push(budget);
    }
    const byName = (a: Budget, b: Budget) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    return { pdbs: pdbs.sort(byName), pubs: pubs.sort(byName) };
  }

  /** The budgets that cover a pod, as the index holds them (not copied), in no particular order. */
  coveringBudgets(ref: { namespace: string; name: string }): readonly CoveringBudget[] {
    return podRecord(this.state.pods, ref)?.budgets ?? [];
  }

  /**
   * The evaluations of the budgets that cover a pod (the same budgets as budgetsForPod, in no
   * particular order), for loops over many pods that read each budget's figures; empty for a pod
   * the index does not hold, undefined while one of them is not evaluated yet (loading).
   */
  coveringEvaluations(ref: { namespace: string; name: string }): BudgetEvaluation[] | undefined {
    const out: BudgetEvaluation[] = [];
    for (const { evaluation } of podRecord(this.state.pods, ref)?.budgets ?? []) {
      if (!evaluation) return undefined;
      out.push(evaluation);
    }
    return out;
  }

  /** A budget's evaluation by its key (`refKey`); undefined while loading. */
  evaluationByKey(key: string): BudgetEvaluation | undefined {
    return this.state.budgets.get(key)?.evaluation;
  }

  pod(ref: { namespace: string; name: string }): PodView | undefined {
    return podRecord(this.state.pods, ref)?.pod;
  }

  /** The namespaces that hold at least one pod (any order). */
  podNamespaces(): IterableIterator<string> {
    return podNamespaces(this.state.pods);
  }

  /** The pods of a namespace (any order). */
  *podsInNamespace(namespace: string): IterableIterator<PodView> {
    const ns = this.state.pods.namespaces.get(namespace);
    if (ns) for (const record of ns.pods.values()) yield record.pod;
  }

  /** The pods scheduled to a node, sorted by namespace/name. */
  podsOnNode(nodeName: string): PodView[] {
    return this.podsOnNodeSorted(nodeName).map((r) => r.pod);
  }

  /**
   * The pods bound to a node, each with the budgets that cover it, sorted by
   * namespace/name (kubectl's order): podsOnNode and coveringBudgets in one read, for loops over
   * every node (drainable now) that would otherwise look each pod up again. Read it at once: the
   * index updates a pod's entry in place.
   */
  podsOnNodeSorted(nodeName: string): PodOnNode[] {
    // The store keeps each node's pods sorted by key.
    return [...(this.state.pods.byNode.get(nodeName) ?? [])];
  }

  /**
   * The pods bound to a node, each with the budgets that cover it, sorted by
   * namespace/name: the index's own list (not copied), for reads of every node that keep nothing.
   */
  podsOnNodeWithBudgets(nodeName: string): readonly PodOnNode[] {
    return this.state.pods.byNode.get(nodeName) ?? [];
  }

  node(name: string): NodeView | undefined {
    return this.state.nodes.get(name);
  }

  nodes(): IterableIterator<NodeView> {
    return this.state.nodes.values();
  }

  /** Every node name: Node objects, and nodes known only as a pod's `spec.nodeName`. */
  nodeNames(): string[] {
    const names = new Set(this.state.nodes.keys());
    for (const [name, pods] of this.state.pods.byNode) if (pods.length > 0) names.add(name);
    return [...names].sort();
  }

  workload(ref: {
    namespace: string;
    apiVersion: string;
    kind: string;
    name: string;
  }): WorkloadView | undefined {
    return this.state.workloads.byKey.get(
      workloadDependency(ref.namespace, groupOf(ref.apiVersion), ref.kind, ref.name),
    );
  }

  workloads(): IterableIterator<WorkloadView> {
    return this.state.workloads.byKey.values();
  }

  /** The controllers' view of workloads, for the engine's functions (syncPdb, decideEviction...). */
  workloadLookup(): WorkloadLookup {
    return storeLookup(this.state.workloads);
  }

  counts(): IndexCounts {
    let pdbs = 0;
    for (const e of this.state.budgets.values())
      if (e.budget.kind === 'PodDisruptionBudget') pdbs++;
    return {
      pods: this.state.pods.count,
      budgets: this.state.budgets.size,
      pdbs,
      pubs: this.state.budgets.size - pdbs,
      workloads: this.state.workloads.byKey.size,
      nodes: this.state.nodes.size,
    };
  }
}
