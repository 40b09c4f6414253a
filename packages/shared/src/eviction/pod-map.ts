/** A pod's identity within a cluster. */
export interface PodName {
  namespace: string;
  name: string;
}

/** Whether two pods are the same by namespace and name (a new version or a same-name pod). */
export const samePod = (a: PodName, b: PodName): boolean =>
  a.name === b.name && a.namespace === b.namespace;

/**
 * A map keyed by a pod's namespace and name, without a `namespace/name` string per entry and per
 * lookup: a long forecast holds tens of thousands of pods in several such maps and looks them up
 * hundreds of thousands of times, and every key string made was kept or became garbage.
 */
export class PodMap<V> {
  private readonly byNamespace = new Map<string, Map<string, V>>();

  get(pod: PodName): V | undefined {
    return this.byNamespace.get(pod.namespace)?.get(pod.name);
  }

  has(pod: PodName): boolean {
    return this.byNamespace.get(pod.namespace)?.has(pod.name) ?? false;
  }

  set(pod: PodName, value: V): void {
    const inner = this.byNamespace.get(pod.namespace);
    if (inner) inner.set(pod.name, value);
    else this.byNamespace.set(pod.namespace, new Map([[pod.name, value]]));
  }

  delete(pod: PodName): boolean {
    const inner = this.byNamespace.get(pod.namespace);
    if (!inner?.delete(pod.name)) return false;
    if (inner.size === 0) this.byNamespace.delete(pod.namespace);
    return true;
  }
}
