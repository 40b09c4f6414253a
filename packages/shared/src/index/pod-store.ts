import type { PodView } from '../model/pod.js';
import type { BudgetEntry } from './entry.js';

/**
 * One pod's slot in the store, stable while the pod exists: the label and node indexes hold slots,
 * not names, so an update swaps `pod` without re-keying anything.
 */
export interface PodRecord {
  pod: PodView;
  /** The budgets it is a member of (usually one); replaced on change, never mutated. */
  budgets: readonly BudgetEntry[];
}

/**
 * The pods of one namespace, with an inverted label index kept only for the label keys some budget
 * anchors on (see `anchor.ts`): key → value → records. Indexing every key would cost memory for
 * labels no selector reads (pod-template-hash, pod-name...).
 */
export interface NamespacePods {
  pods: Map<string, PodRecord>;
  byLabel: Map<string, Map<string, PodRecord[]>>;
}

/** All pods: per namespace, plus by node (each node's sorted by key). */
export interface PodStore {
  namespaces: Map<string, NamespacePods>;
  byNode: Map<string, PodRecord[]>;
  /** Label keys indexed in every namespace. */
  indexedKeys: Set<string>;
  count: number;
}

export function createPodStore(): PodStore {
  return { namespaces: new Map(), byNode: new Map(), indexedKeys: new Set(), count: 0 };
}

export function namespacePods(store: PodStore, namespace: string): NamespacePods {
  let ns = store.namespaces.get(namespace);
  if (!ns) {
    ns = { pods: new Map(), byLabel: new Map() };
    for (const key of store.indexedKeys) ns.byLabel.set(key, new Map());
    store.namespaces.set(namespace, ns);
  }
  return ns;
}

export function podRecord(
  store: PodStore,
  ref: { namespace: string; name: string },
): PodRecord | undefined {
  return store.namespaces.get(ref.namespace)?.pods.get(ref.name);
}

// Arrays, not Sets: a node holds tens of pods and a label value at most a few hundred, and pushing
// is several times cheaper than hashing 150,000 objects into Sets at build time.
function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Whether `a`'s `namespace/name` sorts before `b`'s, as the joined strings would (the API server
 * lists pods in that order, and kubectl drains them in it), without joining them: a key string per
 * pod costs 9 MB at 150,000 pods. A namespace that is a prefix of the other compares its `/`
 * with the other's next character, so `a-b/x` sorts before `a/x`.
 */
export function keyBefore(
  a: { namespace: string; name: string },
  b: { namespace: string; name: string },
): boolean {
  if (a.namespace === b.namespace) return a.name < b.name;
  const n = Math.min(a.namespace.length, b.namespace.length);
  for (let i = 0; i < n; i++) {
    const x = a.namespace.charCodeAt(i);
    const y = b.namespace.charCodeAt(i);
    if (x !== y) return x < y;
  }
  const after = (ns: string) => (ns.length > n ? ns.charCodeAt(n) : SLASH);
  return after(a.namespace) < after(b.namespace);
}
const SLASH = '/'.charCodeAt(0);

/** Where a record goes in a node's list, kept sorted by key (kubectl's namespace/name order). */
function sortedPosition(list: readonly PodRecord[], pod: PodView): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyBefore((list[mid] as PodRecord).pod, pod)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// A node's pods stay sorted: drainable now and the forecast read every node in kubectl's order, and
// a node holds tens of pods, so inserting in place costs less than sorting each read.
function addToNode(store: PodStore, node: string, record: PodRecord): void {
  const list = store.byNode.get(node);
  if (!list) store.byNode.set(node, [record]);
  else list.splice(sortedPosition(list, record.pod), 0, record);
}

function deleteFromNode(store: PodStore, node: string, record: PodRecord): void {
  const list = store.byNode.get(node);
  if (!list) return;
  const i = list.indexOf(record);
  if (i === -1) return;
  list.splice(i, 1);
  if (list.length === 0) store.byNode.delete(node);
}

function deleteFrom<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(value);
  if (i === -1) return;
  const last = list.pop() as V;
  if (i < list.length) list[i] = last;
  if (list.length === 0) map.delete(key);
}

function indexLabels(ns: NamespacePods, record: PodRecord, labels: PodView['labels']): void {
  for (const [key, values] of ns.byLabel) {
    const value = labels[key];
    if (value !== undefined) addTo(values, value, record);
  }
}

function unindexLabels(ns: NamespacePods, record: PodRecord, labels: PodView['labels']): void {
  for (const [key, values] of ns.byLabel) {
    const value = labels[key];
    if (value !== undefined) deleteFrom(values, value, record);
  }
}

function sameIndexedLabels(ns: NamespacePods, a: PodView, b: PodView): boolean {
  if (a.labels === b.labels) return true;
  for (const key of ns.byLabel.keys()) if (a.labels[key] !== b.labels[key]) return false;
  return true;
}

const NO_BUDGETS: readonly BudgetEntry[] = Object.freeze([]);

/**
 * Adds or replaces a pod; returns its record (the same one as before for an update), or undefined
 * when this very object is stored already (nothing to do).
 */
export function putPod(store: PodStore, pod: PodView): PodRecord | undefined {
  const ns = namespacePods(store, pod.namespace);
  const record = ns.pods.get(pod.name);
  if (record?.pod === pod) return undefined;
  if (!record) {
    const fresh: PodRecord = { pod, budgets: NO_BUDGETS };
    ns.pods.set(pod.name, fresh);
    indexLabels(ns, fresh, pod.labels);
    if (pod.nodeName !== undefined) addToNode(store, pod.nodeName, fresh);
    store.count++;
    return fresh;
  }
  const old = record.pod;
  if (!sameIndexedLabels(ns, old, pod)) {
    unindexLabels(ns, record, old.labels);
    indexLabels(ns, record, pod.labels);
  }
  if (old.nodeName !== pod.nodeName) {
    if (old.nodeName !== undefined) deleteFromNode(store, old.nodeName, record);
    if (pod.nodeName !== undefined) addToNode(store, pod.nodeName, record);
  }
  record.pod = pod;
  return record;
}

/** Removes a pod; returns its record, or undefined when it was not there. */
export function dropPod(
  store: PodStore,
  ref: { namespace: string; name: string },
): PodRecord | undefined {
  const ns = store.namespaces.get(ref.namespace);
  const record = ns?.pods.get(ref.name);
  if (!ns || !record) return undefined;
  unindexLabels(ns, record, record.pod.labels);
  if (record.pod.nodeName !== undefined) deleteFromNode(store, record.pod.nodeName, record);
  ns.pods.delete(ref.name);
  store.count--;
  return record;
}

/** Starts indexing a label key (one pass over every pod); a no-op when it is indexed already. */
export function indexLabelKey(store: PodStore, key: string): void {
  if (store.indexedKeys.has(key)) return;
  store.indexedKeys.add(key);
  for (const ns of store.namespaces.values()) {
    const values = new Map<string, PodRecord[]>();
    ns.byLabel.set(key, values);
    for (const record of ns.pods.values()) {
      const value = record.pod.labels[key];
      if (value !== undefined) addTo(values, value, record);
    }
  }
}

/** The namespaces that hold at least one pod. */
export function* podNamespaces(store: PodStore): IterableIterator<string> {
  for (const [name, ns] of store.namespaces) if (ns.pods.size > 0) yield name;
}
