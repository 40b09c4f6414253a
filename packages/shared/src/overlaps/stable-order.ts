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
  // Each budget's sort keys once, not once per comparison.
  return budgets
    .map((budget) => ({
      budget,
      namespace: namespaces.get(budget.namespace) ?? 0,
      created: budget.creationTimestamp ?? '',
      key: refKey(budget),
    }))
    .sort((x, y) => x.namespace - y.namespace || byAgeAndRef(x, y))
    .map((entry) => entry.budget);
}

function byAgeAndRef(
  x: { created: string; key: string },
  y: { created: string; key: string },
): number {
  if (x.created !== y.created) return x.created < y.created ? -1 : 1;
  return x.key < y.key ? -1 : x.key > y.key ? 1 : 0;
}
