import type { LabelSelector, LabelSelectorRequirement } from '../model/labels.js';

interface Expr {
  operator: string;
  values: ReadonlySet<string>;
}

/** `convertSelectorToMatchExpressions`: expressions first (last per key wins), then matchLabels as `In [v]`. */
function toExpressionMap(selector: LabelSelector | null | undefined): Map<string, Expr> {
  const map = new Map<string, Expr>();
  for (const e of selector?.matchExpressions ?? ([] as LabelSelectorRequirement[])) {
    map.set(e.key, { operator: e.operator, values: new Set(e.values ?? []) });
  }
  for (const [k, v] of Object.entries(selector?.matchLabels ?? {}))
    map.set(k, { operator: 'In', values: new Set([v]) });
  return map;
}

const subset = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean =>
  [...a].every((v) => b.has(v));
const intersects = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean =>
  [...a].some((v) => b.has(v));

/** `isMatchExpOverlap(a, b)`: OpenKruise's one-directional table (docs/semantics.md §7.4). */
function overlap(a: Expr, b: Expr): boolean {
  switch (a.operator) {
    case 'In':
      if (b.operator === 'In') return intersects(a.values, b.values);
      if (b.operator === 'NotIn') return !subset(a.values, b.values);
      return b.operator === 'Exists';
    case 'NotIn':
      if (b.operator === 'In') return !subset(b.values, a.values);
      return b.operator === 'NotIn' || b.operator === 'Exists' || b.operator === 'DoesNotExist';
    case 'Exists':
      return b.operator === 'In' || b.operator === 'NotIn' || b.operator === 'Exists';
    case 'DoesNotExist':
      return b.operator === 'NotIn' || b.operator === 'DoesNotExist';
    default:
      return false;
  }
}

/**
 * OpenKruise `util.IsSelectorLooseOverlap`, the PUB admission conflict rule: both selectors must use
 * exactly the same keys, and per key the requirements must overlap both ways. Selectors with
 * different key sets never "overlap" here, even when one selects a subset of the other's pods.
 */
export function isSelectorLooseOverlap(
  a: LabelSelector | null | undefined,
  b: LabelSelector | null | undefined,
): boolean {
  const m1 = toExpressionMap(a);
  const m2 = toExpressionMap(b);
  if (m1.size !== m2.size) return false;
  for (const [key, e1] of m1) {
    const e2 = m2.get(key);
    if (!e2 || !overlap(e1, e2) || !overlap(e2, e1)) return false;
  }
  return true;
}
