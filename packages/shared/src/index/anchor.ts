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

/** The anchor of a parsed selector (undefined selector = did not parse: selects nothing). */
export function anchorOf(selector: Selector | undefined): Anchor {
  if (!selector || selector.kind === 'nothing') return { kind: 'none' };
  if (selector.kind === 'everything') return { kind: 'namespace' };
  let best: Requirement | undefined;
  let exists: Requirement | undefined;
  for (const r of selector.requirements) {
    if (r.operator === 'In' && (best === undefined || better(r, best))) best = r;
    if (r.operator === 'Exists' && (exists === undefined || rank(r.key) < rank(exists.key)))
      exists = r;
  }
  if (best) return { kind: 'label', key: best.key, values: best.values };
  if (exists) return { kind: 'label', key: exists.key, values: null };
  return { kind: 'namespace' };
}

/** A stand-in value for "any value" in the budget registry, never a valid label value. */
export const ANY_VALUE = '\u0000*';
