import type { WorkloadLookup } from '../budgets/workload-lookup.js';
import type { PdbView, PubView } from '../model/budget.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import type { ApiResourceInfo, WorkloadView } from '../model/workload.js';
import { ClusterIndex } from './cluster-index.js';
import { keyBefore } from './pod-store.js';
import { isNode } from './state.js';
import type { BudgetDelta, BudgetEvaluation, CoveringBudget, ObjectChange } from './types.js';
import type { Visibility } from '../visibility/types.js';
import type { ClusterView, IndexCounts, PodOnNode } from './view.js';

/** A change the overlay takes: one object put or deleted (a relist is the base's business). */
export type OverlayChange = Exclude<ObjectChange, { type: 'replaceAll' }>;

/** `refKey` is `kind/namespace/name`, and neither a kind nor a namespace holds a `/`. */
function namespaceOfKey(key: string): string {
  const first = key.indexOf('/');
  const second = key.indexOf('/', first + 1);
  return key.slice(first + 1, second);
}

const byKey = (a: PodOnNode, b: PodOnNode): number =>
  keyBefore(a.pod, b.pod) ? -1 : keyBefore(b.pod, a.pod) ? 1 : 0;

/**
 * A copy-on-write view of a cluster. The namespaces a change touches are copied into an index of
 * their own (that namespace's pods, budgets and workloads: hundreds of objects, not the cluster)
 * and changed there through `ClusterIndex.apply`, which returns the budgets it moved; every other
 * namespace, and every node not changed, is read from the base, which is never written. A budget
 * selects pods of its own namespace and a pod's owners live in it, so a namespace's copy evaluates
 * exactly as the base would with the change. The base may itself be a view (changes on changes).
 */
export class ClusterOverlay implements ClusterView {
  private readonly copies = new Map<string, ClusterIndex>();
  /** Nodes put (a view) or deleted (null) by a change. */
  private readonly nodeChanges = new Map<string, NodeView | null>();
  /** Each node's pods merged from the base and the copies, until the next change. */
  private readonly merged = new Map<string, readonly PodOnNode[]>();

  constructor(private readonly base: ClusterView) {}

  get now(): Date {
    return this.base.now;
  }

  get apiResources(): Readonly<Record<string, ApiResourceInfo>> {
    return this.base.apiResources;
  }

  get visibility(): Visibility {
    return this.base.visibility;
  }

  /** Applies one change to the copy of its namespace (made now if needed); the budgets it moved. */
  apply(change: OverlayChange): BudgetDelta[] {
    this.merged.clear();
    const object = change.object;
    if (isNode(object)) {
      this.nodeChanges.set(object.name, change.type === 'upsert' ? object : null);
      return [];
    }
    return this.copyNamespaces([object.namespace])[0]?.apply(change) ?? [];
  }

  /**
   * The copies of these namespaces, made in one pass over the base's budgets and workloads for
   * those not copied yet.
   */
  copyNamespaces(namespaces: readonly string[]): ClusterIndex[] {
    const missing = new Set(namespaces.filter((ns) => !this.copies.has(ns)));
    if (missing.size > 0) {
      const budgets = new Map<string, (PdbView | PubView)[]>();
      const workloads = new Map<string, WorkloadView[]>();
      for (const ns of missing) {
        budgets.set(ns, []);
        workloads.set(ns, []);
      }
      for (const ev of this.base.budgets()) budgets.get(ev.ref.namespace)?.push(ev.budget);
      for (const w of this.base.workloads()) workloads.get(w.namespace)?.push(w);
      for (const ns of missing) {
        const copy = new ClusterIndex(
          {
            now: this.base.now,
            apiResources: this.base.apiResources,
            visibility: this.base.visibility,
          },
          {
            pods: [...this.base.podsInNamespace(ns)],
            budgets: budgets.get(ns) ?? [],
            workloads: workloads.get(ns) ?? [],
          },
        );
        this.copies.set(ns, copy);
      }
    }
    return namespaces.flatMap((ns) => this.copies.get(ns) ?? []);
  }

  /** The namespaces copied (those a change touched), sorted. */
  changedNamespaces(): string[] {
    return [...this.copies.keys()].sort();
  }

  /** The nodes a change put or deleted, sorted. */
  changedNodes(): string[] {
    return [...this.nodeChanges.keys()].sort();
  }

  /** Where a namespaced read goes: the namespace's copy, or the base. */
  private of(namespace: string): ClusterView {
    return this.copies.get(namespace) ?? this.base;
  }

  budget(ref: ResourceRef): BudgetEvaluation | undefined {
    return this.of(ref.namespace).budget(ref);
  }

  *budgets(): IterableIterator<BudgetEvaluation> {
    for (const ev of this.base.budgets()) if (!this.copies.has(ev.ref.namespace)) yield ev;
    for (const copy of this.copies.values()) yield* copy.budgets();
  }

  budgetsForPod(ref: { namespace: string; name: string }): { pdbs: PdbView[]; pubs: PubView[] } {
    return this.of(ref.namespace).budgetsForPod(ref);
  }

  coveringBudgets(ref: { namespace: string; name: string }): readonly CoveringBudget[] {
    return this.of(ref.namespace).coveringBudgets(ref);
  }

  coveringEvaluations(ref: { namespace: string; name: string }): BudgetEvaluation[] | undefined {
    return this.of(ref.namespace).coveringEvaluations(ref);
  }

  evaluationByKey(key: string): BudgetEvaluation | undefined {
    return this.of(namespaceOfKey(key)).evaluationByKey(key);
  }

  pod(ref: { namespace: string; name: string }): PodView | undefined {
    return this.of(ref.namespace).pod(ref);
  }

  *podNamespaces(): IterableIterator<string> {
    for (const ns of this.base.podNamespaces()) if (!this.copies.has(ns)) yield ns;
    for (const copy of this.copies.values()) yield* copy.podNamespaces();
  }

  podsInNamespace(namespace: string): IterableIterator<PodView> {
    return this.of(namespace).podsInNamespace(namespace);
  }

  podsOnNodeWithBudgets(nodeName: string): readonly PodOnNode[] {
    if (this.copies.size === 0) return this.base.podsOnNodeWithBudgets(nodeName);
    const cached = this.merged.get(nodeName);
    if (cached) return cached;
    const fromBase = this.base.podsOnNodeWithBudgets(nodeName);
    const out: PodOnNode[] = [];
    for (const entry of fromBase) if (!this.copies.has(entry.pod.namespace)) out.push(entry);
    let copied = 0;
    for (const copy of this.copies.values())
      for (const entry of copy.podsOnNodeWithBudgets(nodeName)) {
        out.push(entry);
        copied++;
      }
    // Each part is sorted already; merging them is only needed when a copy holds some of them.
    const list = copied === 0 && out.length === fromBase.length ? fromBase : out.sort(byKey);
    this.merged.set(nodeName, list);
    return list;
  }

  podsOnNodeSorted(nodeName: string): PodOnNode[] {
    return [...this.podsOnNodeWithBudgets(nodeName)];
  }

  podsOnNode(nodeName: string): PodView[] {
    return this.podsOnNodeWithBudgets(nodeName).map((entry) => entry.pod);
  }

  node(name: string): NodeView | undefined {
    const changed = this.nodeChanges.get(name);
    return changed === undefined ? this.base.node(name) : (changed ?? undefined);
  }

  *nodes(): IterableIterator<NodeView> {
    for (const node of this.base.nodes()) if (!this.nodeChanges.has(node.name)) yield node;
    for (const node of this.nodeChanges.values()) if (node) yield node;
  }

  /** Every node name: Node objects, and nodes known only as a pod's `spec.nodeName`. */
  nodeNames(): string[] {
    const names = new Set<string>();
    for (const node of this.nodes()) names.add(node.name);
    for (const name of this.base.nodeNames())
      if (!names.has(name) && this.podsOnNodeWithBudgets(name).length > 0) names.add(name);
    for (const copy of this.copies.values()) for (const name of copy.nodeNames()) names.add(name);
    return [...names].sort();
  }

  workload(ref: {
    namespace: string;
    apiVersion: string;
    kind: string;
    name: string;
  }): WorkloadView | undefined {
    return this.of(ref.namespace).workload(ref);
  }

  *workloads(): IterableIterator<WorkloadView> {
    for (const w of this.base.workloads()) if (!this.copies.has(w.namespace)) yield w;
    for (const copy of this.copies.values()) yield* copy.workloads();
  }

  workloadLookup(): WorkloadLookup {
    const base = this.base.workloadLookup();
    const lookups = new Map<string, WorkloadLookup>();
    const of = (namespace: string): WorkloadLookup => {
      const copy = this.copies.get(namespace);
      if (!copy) return base;
      let lookup = lookups.get(namespace);
      if (!lookup) lookups.set(namespace, (lookup = copy.workloadLookup()));
      return lookup;
    };
    return {
      find: (q) => of(q.namespace).find(q),
      apiResource: (group, kind) => base.apiResource(group, kind),
      controlledBy: (namespace, ownerUid) =>
        of(namespace).controlledBy?.(namespace, ownerUid) ?? [],
    };
  }

  counts(): IndexCounts {
    const counts = { pods: 0, budgets: 0, pdbs: 0, pubs: 0, workloads: 0, nodes: 0 };
    for (const ns of this.podNamespaces()) for (const _ of this.podsInNamespace(ns)) counts.pods++;
    for (const ev of this.budgets()) {
      counts.budgets++;
      if (ev.kind === 'PodDisruptionBudget') counts.pdbs++;
      else counts.pubs++;
    }
    for (const _ of this.workloads()) counts.workloads++;
    for (const _ of this.nodes()) counts.nodes++;
    return counts;
  }
}
