import type { Requirement, Selector } from '../selectors/selector.js';

/**
 * How the index finds a selector's candidate pods without scanning the namespace: one positive
 * requirement (`In` or `Exists`) every selected pod must satisfy. Selectors with none (`{}`, only
 * `NotIn`/`DoesNotExist`) fall back to the whole namespace; nil and broken selectors select nothing.
 */
export type Anchor =
  | { kind: 'none' }
  | { kind: 'namespace' }
  | {
      kind: 'label';
      key: string;
      /** null: `Exists` (any value). */ values: readonly string[] | null;
    };

// Tie-break towards the keys that usually tell one app from another.
const KEY_RANK: Readonly<Record<string, number>> = {
  'app.kubernetes.io/instance': 0,
  'app.kubernetes.io/name': 1,
  app: 1,
  'app.kubernetes.io/component': 3,
};
const rank = (key: string): number => KEY_RANK[key] ?? 2;

function better(a: Requirement, b: Requirement): boolean {
  if (a.values.length !== b.values.length) return a.values.length < b.values.length;
  if (rank(a.key) !== rank(b.key)) return rank(a.key) < rank(b.key);
  return a.key < b.key;
}

/** The label keys a selector's positive requirements (`In`, `Exists`) use: the ones worth indexing. */
export function positiveKeys(selector: Selector | undefined): string[] {
  if (selector?.kind !== 'requirements') return [];
  return selector.requirements
    .filter((r) => r.operator === 'In' || r.operator === 'Exists')
    .map((r) => r.key);
}

/**
 * The anchor of a parsed selector (undefined selector = did not parse: selects nothing). With
 * `size` (how many pods a requirement's label index holds now), the smallest candidate set wins;
 * without, a fixed preference (fewest values, then the keys that usually tell apps apart).
 */
export function anchorOf(
  selector: Selector | undefined,
  size?: (r: Requirement) => number,
): Anchor {
  if (!selector || selector.kind === 'nothing') return { kind: 'none' };
  if (selector.kind === 'everything') return { kind: 'namespace' };
  let best: Requirement | undefined;
  let bestSize = Number.POSITIVE_INFINITY;
  for (const r of selector.requirements) {
    if (r.operator !== 'In' && r.operator !== 'Exists') continue;
    const n = size ? size(r) : 0;
    // Prefer In over Exists at equal size: an In set is never larger than its key's Exists set.
    const wins =
      best === undefined ||
      n < bestSize ||
      (n === bestSize &&
        (best.operator === 'Exists'
          ? r.operator === 'In' || rank(r.key) < rank(best.key)
          : r.operator === 'In' && better(r, best)));
    if (wins) {
      best = r;
      bestSize = n;
    }
  }
  if (!best) return { kind: 'namespace' };
  return { kind: 'label', key: best.key, values: best.operator === 'In' ? best.values : null };
}

/** A stand-in value for "any value" in the budget registry, never a valid label value. */
export const ANY_VALUE = '\u0000*';
