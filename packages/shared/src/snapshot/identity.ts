import type { ResourceRef } from '../model/refs.js';
import type { Result } from '../result/index.js';
import { asObject, asString, type Json } from '../model/convert-helpers.js';
import { dns1123LabelErrors, dns1123SubdomainErrors } from '../selectors/names.js';

/** The kinds a snapshot may hold that are not namespaced. */
const CLUSTER_SCOPED = new Set(['Node', 'Namespace', 'PriorityClass', 'NodePool', 'NodeClaim']);

/** Whether objects of this kind live outside namespaces (a Node, a PriorityClass). */
export const isClusterScoped = (kind: string): boolean => CLUSTER_SCOPED.has(kind);

/**
 * The object's kind, namespace and name as the API server would accept them, or why it would not:
 * a namespaced object without `metadata.namespace` (the reader puts such objects in the context's
 * namespace first, as `kubectl apply -f` does: see `asStored`), or a name or namespace that is not
 * a valid Kubernetes name (then no cluster can hold it), with the API server's own messages.
 */
export function objectIdentity(kind: string, obj: Json): Result<ResourceRef> {
  const meta = asObject(obj['metadata']);
  const name = asString(meta?.['name']) ?? '';
  const namespace = asString(meta?.['namespace']) ?? '';
  if (name === '') return { ok: false, error: `${kind} without metadata.name` };
  const nameErrors = dns1123SubdomainErrors(name);
  if (nameErrors.length > 0)
    return {
      ok: false,
      error: `metadata.name: Invalid value: ${JSON.stringify(name)}: ${nameErrors.join('; ')}`,
    };
  if (CLUSTER_SCOPED.has(kind)) return { ok: true, value: { kind, namespace: '', name } };
  if (namespace === '')
    return {
      ok: false,
      error: `metadata.namespace: Required value: a ${kind} is namespaced, and this one names none (kubectl get -A prints every object's namespace)`,
    };
  const namespaceErrors = dns1123LabelErrors(namespace);
  if (namespaceErrors.length > 0)
    return {
      ok: false,
      error: `metadata.namespace: Invalid value: ${JSON.stringify(namespace)}: ${namespaceErrors.join('; ')}`,
    };
  return { ok: true, value: { kind, namespace, name } };
}
