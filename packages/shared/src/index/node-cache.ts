import type { Budget } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { refKey } from '../model/refs.js';
import { relatedPubName } from '../pub/admit.js';
import type { ClusterIndex } from './cluster-index.js';
import type { BudgetDelta, IndexedObject, ObjectChange } from './types.js';

export interface NodeCacheOptions<T> {
  index: ClusterIndex;
  /**
   * The value kept per node. It may read the node, the pods bound to it and the budgets of those
   * pods (covering them, or named by their related-pub annotation): a change to anything else
   * does not recompute it.
   */
  compute: (node: string) => T;
}

// A workload's kind is any string: `kind` alone does not narrow the union.
const isPod = (o: IndexedObject): o is PodView => o.kind === 'Pod';

const isBudget = (o: IndexedObject): o is Budget =>
  o.kind === 'PodDisruptionBudget' || o.kind === 'PodUnavailableBudget';

/**
 * A value per node of the index (its drainable-now row), kept across changes and recomputed only
 * for the nodes a change can affect: those whose pods changed, or whose pods' budgets changed.
 * Which budgets a node read is remembered when its value is computed, so a budget's change reaches
 * exactly its readers, never a scan of every node. Call `before` and `after` around each change
 * the index applies (`after` alone, without a change, for the deltas of a clock move).
 */
export class NodeCache<T> {
  private readonly values = new Map<string, T>();
  /** Node → the keys of the budgets its value read. */
  private readonly reads = new Map<string, readonly string[]>();
  /**
   * Budget key → the nodes whose value read it, each once. Arrays, not Sets: a budget is read by a
   * few nodes, and a cold start adds one entry per budgeted pod.
   */
  private readonly readers = new Map<string, string[]>();
  private readonly dirty = new Set<string>();
  /**
   * Nodes computed whose reads are not recorded yet: recorded at the next change (`settle`), so a
   * cold `all()` returns as soon as the values are there. Which budgets a node reads depends only
   * on its pods and their memberships, which no change alters before `before` is called.
   */
  private readonly unread = new Set<string>();
  private names: string[] | undefined;
  /** The node names were read again since the last `all`: values of nodes gone are dropped. */
  private renamed = true;
  private everything = true;
  private computed = 0;

  constructor(private readonly options: NodeCacheOptions<T>) {}

  /** How many node values were computed since the cache was made (for tests and figures). */
  get computations(): number {
    return this.computed;
  }

  /** Before the index applies `change`: the nodes its old state touches. */
  before(change: ObjectChange): void {
    this.settle();
    const { index } = this.options;
    if (change.type === 'replaceAll') {
      this.everything = true;
      return;
    }
    const o = change.object;
    if (isPod(o)) {
      this.names = undefined;
      this.mark(index.pod(o)?.nodeName);
      this.mark(o.nodeName);
    } else if (o.kind === 'Node') {
      this.names = undefined;
      this.mark(o.name);
    } else if (isBudget(o)) {
      this.markReaders(refKey(o));
      for (const pod of index.budget(o)?.pods ?? []) this.mark(pod.nodeName);
    }
  }

  /**
   * After the index applied `change` (undefined: the clock moved) and returned `deltas`: every
   * reader of a changed budget, and when a budget or workload changed (its members may be others
   * now), the nodes of its members.
   */
  after(change: ObjectChange | undefined, deltas: readonly BudgetDelta[]): void {
    // Without a change (the clock moved) memberships are as they were when the nodes were computed.
    if (change === undefined) this.settle();
    if (change?.type === 'replaceAll') {
      this.everything = true;
      return;
    }
    const members = change !== undefined && change.object.kind !== 'Pod';
    for (const delta of deltas) {
      this.markReaders(refKey(delta.ref));
      if (members && delta.type !== 'removed')
        for (const pod of delta.evaluation.pods) this.mark(pod.nodeName);
    }
  }

  /**
   * What can be seen changed (the index's visibility): every node's value may read it (pods of any
   * namespace may be on any node), so every one is worked out again.
   */
  visibilityChanged(): void {
    this.settle();
    this.everything = true;
  }

  /** Every node's value, by node name in order; only invalidated nodes are computed again. */
  all(): Map<string, T> {
    const names = this.nodeNames();
    const out = new Map<string, T>();
    for (const name of names) out.set(name, this.value(name));
    if (this.renamed) {
      const kept = new Set(names);
      for (const name of [...this.values.keys()]) if (!kept.has(name)) this.forget(name);
    }
    this.renamed = false;
    this.everything = false;
    this.dirty.clear();
    return out;
  }

  /**
   * Works out at most `max` of the nodes whose value is missing or invalidated, in name order, so
   * that a caller can fill the cache in slices (between which changes may come, as usual) before
   * anyone asks for `all`. True once every node has a current value. Unlike `all`, it records which
   * budgets each node read at once: the slices are no one's wait, and the first change after a
   * cold fill of 5,000 nodes would otherwise record them all (about 0.2 s).
   */
  fill(max: number): boolean {
    const names = this.nodeNames();
    if (this.everything) {
      // Per node from here on: the values kept are all invalid, those not kept are missing.
      for (const name of this.values.keys()) this.dirty.add(name);
      this.everything = false;
    }
    let computed = 0;
    for (const name of names) {
      if (this.values.has(name) && !this.dirty.has(name)) continue;
      if (computed === max) return false;
      this.value(name);
      this.dirty.delete(name);
      this.unread.delete(name);
      this.remember(name, this.budgetsRead(name));
      computed++;
    }
    return true;
  }

  /** One node's value (computed when invalidated); nodes the index does not name have none. */
  get(node: string): T | undefined {
    if (!this.nodeNames().includes(node)) return undefined;
    const v = this.value(node);
    this.dirty.delete(node);
    return v;
  }

  private nodeNames(): string[] {
    if (this.names === undefined) {
      this.names = this.options.index.nodeNames();
      this.renamed = true;
    }
    return this.names;
  }

  private value(node: string): T {
    const known = this.values.get(node);
    if (known !== undefined && !this.everything && !this.dirty.has(node)) return known;
    const fresh = this.options.compute(node);
    this.computed++;
    this.values.set(node, fresh);
    this.unread.add(node);
    return fresh;
  }

  /**
   * The budgets a node's value can read: its pods' covering budgets and annotated PUBs. A key may
   * come twice (two pods of one budget): `remember` lists the node once.
   */
  private budgetsRead(node: string): string[] {
    const { index } = this.options;
    const keys: string[] = [];
    for (const { pod, budgets } of index.podsOnNodeWithBudgets(node)) {
      for (const { key } of budgets) keys.push(key);
      const pub = relatedPubName(pod);
      if (pub !== undefined)
        keys.push(refKey({ kind: 'PodUnavailableBudget', namespace: pod.namespace, name: pub }));
    }
    return keys;
  }

  private remember(node: string, keys: readonly string[]): void {
    this.unremember(node);
    this.reads.set(node, keys);
    for (const key of keys) {
      const list = this.readers.get(key);
      // One node's keys are added together: a repeated key finds the node last.
      if (list === undefined) this.readers.set(key, [node]);
      else if (list[list.length - 1] !== node) list.push(node);
    }
  }

  private unremember(node: string): void {
    for (const key of this.reads.get(node) ?? []) {
      const list = this.readers.get(key);
      const i = list === undefined ? -1 : list.indexOf(node);
      if (list === undefined || i === -1) continue;
      list.splice(i, 1);
      if (list.length === 0) this.readers.delete(key);
    }
    this.reads.delete(node);
  }

  /** Records the reads of the nodes computed since the last change. */
  private settle(): void {
    for (const node of this.unread)
      if (this.values.has(node)) this.remember(node, this.budgetsRead(node));
    this.unread.clear();
  }

  private forget(node: string): void {
    this.unread.delete(node);
    this.values.delete(node);
    this.unremember(node);
  }

  private mark(node: string | undefined): void {
    if (node !== undefined) this.dirty.add(node);
  }

  private markReaders(key: string): void {
    for (const node of this.readers.get(key) ?? []) this.dirty.add(node);
  }
}
