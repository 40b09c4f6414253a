import type { Budget } from '../model/budget.js';
import { refKey } from '../model/refs.js';

/**
 * Budgets grouped by namespace in the order the namespaces come (a per-namespace run concatenates
 * to the same answer), and within a namespace the older budget first (creation time), then by
 * kind and name: content only, never the order the budgets arrived in.
 */
export function inStableOrder(budgets: readonly Budget[]): Budget[] {
  const namespaces = new Map<string, number>();
  for (const b of budgets)
    if (!namespaces.has(b.namespace)) namespaces.set(b.namespace, namespaces.size);
  return [...budgets].sort(
    (x, y) =>
      (namespaces.get(x.namespace) ?? 0) - (namespaces.get(y.namespace) ?? 0) || byAgeAndRef(x, y),
  );
}

function byAgeAndRef(x: Budget, y: Budget): number {
  const [cx, cy] = [x.creationTimestamp ?? '', y.creationTimestamp ?? ''];
  if (cx !== cy) return cx < cy ? -1 : 1;
  const a = refKey(x);
  const b = refKey(y);
  return a < b ? -1 : a > b ? 1 : 0;
}
