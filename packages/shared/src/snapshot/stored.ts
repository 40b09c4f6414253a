import { asObject, asString, type Json } from '../model/convert-helpers.js';
import { isClusterScoped } from './identity.js';

const BUDGET_KINDS = new Set(['PodDisruptionBudget', 'PodUnavailableBudget']);

/**
 * The object as the API server would store it from a manifest (`kubectl apply -f`): a namespaced
 * object that names no namespace goes to `namespace` (`placed`), and a budget no cluster has
 * written (no `status`, no `metadata.generation`) is at generation 1 with no status yet, as it is
 * right after its creation: its controller has not observed it (observedGeneration 0 < 1), so
 * the eviction API refuses its pods until the first sync. Anything else is returned as it is.
 */
export function asStored(
  kind: string,
  obj: Json,
  namespace: string,
): { obj: Json; placed: boolean } {
  const meta = asObject(obj['metadata']);
  if (!meta) return { obj, placed: false };
  const place = !isClusterScoped(kind) && (asString(meta['namespace']) ?? '') === '';
  const created =
    BUDGET_KINDS.has(kind) && obj['status'] === undefined && meta['generation'] === undefined;
  if (!place && !created) return { obj, placed: false };
  return {
    obj: {
      ...obj,
      metadata: {
        ...meta,
        ...(place ? { namespace } : {}),
        ...(created ? { generation: 1 } : {}),
      },
    },
    placed: place,
  };
}
