import type { PodView } from '../model/pod.js';

/**
 * The pods of one namespace, with an inverted label index kept only for the label keys some budget
 * anchors on (see `anchor.ts`): key → value → pod names. Indexing every key would cost memory
 * for labels no selector reads (pod-template-hash, pod-name...).
 */
export interface NamespacePods {
  pods: Map<string, PodView>;
  byLabel: Map<string, Map<string, Set<string>>>;
}

/** All pods: per namespace, plus by node. */
export interface PodStore {
  namespaces: Map<string, NamespacePods>;
  byNode: Map<string, Set<string>>;
  /** Label keys indexed in every namespace. */
  indexedKeys: Set<string>;
  count: number;
}

export function createPodStore(): PodStore {
  return { namespaces: new Map(), byNode: new Map(), indexedKeys: new Set(), count: 0 };
}

export function podKey(p: { namespace: string; name: string }): string {
  return `${p.namespace}/${p.name}`;
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

function indexLabels(ns: NamespacePods, pod: PodView): void {
  for (const [key, values] of ns.byLabel) {
    const value = pod.labels[key];
    if (value === undefined) continue;
    let names = values.get(value);
    if (!names) values.set(value, (names = new Set()));
    names.add(pod.name);
  }
}

function unindexLabels(ns: NamespacePods, pod: PodView): void {
  for (const [key, values] of ns.byLabel) {
    const value = pod.labels[key];
    if (value === undefined) continue;
    const names = values.get(value);
    names?.delete(pod.name);
    if (names?.size === 0) values.delete(value);
  }
}

function sameIndexedLabels(ns: NamespacePods, a: PodView, b: PodView): boolean {
  if (a.labels === b.labels) return true;
  for (const key of ns.byLabel.keys()) if (a.labels[key] !== b.labels[key]) return false;
  return true;
}

function linkNode(store: PodStore, nodeName: string | undefined, key: string): void {
  if (nodeName === undefined) return;
  let set = store.byNode.get(nodeName);
  if (!set) store.byNode.set(nodeName, (set = new Set()));
  set.add(key);
}

function unlinkNode(store: PodStore, nodeName: string | undefined, key: string): void {
  if (nodeName === undefined) return;
  const set = store.byNode.get(nodeName);
  set?.delete(key);
  if (set?.size === 0) store.byNode.delete(nodeName);
}

/** Adds or replaces a pod; returns the previous version. */
export function putPod(store: PodStore, pod: PodView): PodView | undefined {
  const ns = namespacePods(store, pod.namespace);
  const old = ns.pods.get(pod.name);
  const key = podKey(pod);
  if (old) {
    if (!sameIndexedLabels(ns, old, pod)) {
      unindexLabels(ns, old);
      indexLabels(ns, pod);
    }
    if (old.nodeName !== pod.nodeName) {
      unlinkNode(store, old.nodeName, key);
      linkNode(store, pod.nodeName, key);
    }
  } else {
    indexLabels(ns, pod);
    linkNode(store, pod.nodeName, key);
    store.count++;
  }
  ns.pods.set(pod.name, pod);
  return old;
}

/** Removes a pod; returns it, or undefined when it was not there. */
export function dropPod(
  store: PodStore,
  ref: { namespace: string; name: string },
): PodView | undefined {
  const ns = store.namespaces.get(ref.namespace);
  const old = ns?.pods.get(ref.name);
  if (!ns || !old) return undefined;
  unindexLabels(ns, old);
  unlinkNode(store, old.nodeName, podKey(old));
  ns.pods.delete(ref.name);
  store.count--;
  return old;
}

/** Starts indexing a label key (one pass over every pod); a no-op when it is indexed already. */
export function indexLabelKey(store: PodStore, key: string): void {
  if (store.indexedKeys.has(key)) return;
  store.indexedKeys.add(key);
  for (const ns of store.namespaces.values()) {
    const values = new Map<string, Set<string>>();
    ns.byLabel.set(key, values);
    for (const pod of ns.pods.values()) {
      const value = pod.labels[key];
      if (value === undefined) continue;
      let names = values.get(value);
      if (!names) values.set(value, (names = new Set()));
      names.add(pod.name);
    }
  }
}
