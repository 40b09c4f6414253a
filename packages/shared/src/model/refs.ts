/** Identifies one namespaced (or, for nodes, cluster-scoped: namespace "") object. */
export interface ResourceRef {
  kind: string;
  namespace: string;
  name: string;
}

/** The controller owner reference of an object (`ownerReferences[]` with `controller: true`). */
export interface OwnerRef {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
}

/** `ns/name`, the key Kubernetes itself uses for namespaced objects. */
export function nsName(ref: { namespace: string; name: string }): string {
  return ref.namespace === '' ? ref.name : `${ref.namespace}/${ref.name}`;
}

/** A key unique across kinds, e.g. `PodDisruptionBudget/default/web`. */
export function refKey(ref: ResourceRef): string {
  // Joined, not a template: a template's result stays a chain of string pieces as long as a Map
  // keeps it as a key (three extra objects per key, for every budget and workload).
  return [ref.kind, ref.namespace, ref.name].join('/');
}

/** Parses `ns/name`; undefined when the text is not of that form. */
export function parseNsName(text: string): { namespace: string; name: string } | undefined {
  const slash = text.indexOf('/');
  if (slash <= 0 || slash === text.length - 1 || text.indexOf('/', slash + 1) !== -1)
    return undefined;
  return { namespace: text.slice(0, slash), name: text.slice(slash + 1) };
}

/** The API group of an apiVersion: `apps/v1` → `apps`, `v1` → `` (the core group). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}
