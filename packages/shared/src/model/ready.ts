import { asArray, asObject } from './convert-helpers.js';

/**
 * Whether a raw Pod or Node object is Ready: its first `Ready` condition has status `True`
 * (`podutil.IsPodReady`, and the node controllers' `GetNodeCondition(…, Ready)`). A missing or
 * malformed status reads as not Ready. The one place the engine, the snapshot reader and the
 * simulated API server's controllers decide readiness.
 */
export function hasReadyCondition(raw: unknown): boolean {
  const status = asObject(asObject(raw)?.['status']);
  const ready = asArray(status?.['conditions']).find((c) => asObject(c)?.['type'] === 'Ready');
  return asObject(ready)?.['status'] === 'True';
}
