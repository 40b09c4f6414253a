import type { LabelSelector, Labels } from '../model/labels.js';
import { parseSelector } from '../selectors/selector.js';
import {
  constraintsConflict,
  constraintsOf,
  intersectConstraints,
  type KeyConstraint,
} from './constraints.js';

/** One selector to compare, with whatever the caller wants back (a budget, a ref). */
export interface SelectorEntry<T> {
  item: T;
  namespace: string;
  selector: LabelSelector | null | undefined;
}

/** Two selectors of one namespace that some label set (the witness) matches both. */
export interface StaticPair<T> {
  a: T;
  b: T;
  witness: Labels;
}

export interface StaticPairsResult<T> {
  pairs: StaticPair<T>[];
  /** True when the search stopped at `maxPairs`: selectors with unrelated label keys all overlap pairwise. */
  truncated: boolean;
  /** Entries whose selector does not parse: they match no pod, so they overlap nothing. */
  invalid: { item: T; error: string }[];
}

interface Prepared<T> {
  item: T;
  byKey: ReadonlyMap<string, KeyConstraint>;
  /** Keys with an `In` requirement: the values a matching pod may carry there are known. */
  pinned: ReadonlyMap<string, readonly string[]>;
}

function prepare<T>(
  entry: SelectorEntry<T>,
  invalid: StaticPairsResult<T>['invalid'],
): Prepared<T> | undefined {
  const parsed = parseSelector(entry.selector);
  if (!parsed.ok) {
    invalid.push({ item: entry.item, error: parsed.error });
    return undefined;
  }
  const cs = constraintsOf(parsed.value);
  if (cs.kind === 'nothing') return undefined;
  const pinned = new Map<string, readonly string[]>();
  for (const c of cs.byKey.values()) {
    if (c.allowed !== undefined)
      pinned.set(
        c.key,
        [...c.allowed].filter((v) => !c.excluded.has(v)),
      );
  }
  return { item: entry.item, byKey: cs.byKey, pinned };
}

/**
 * Candidate partners are found through pinned keys: for a selector that pins `k` to values V, only
 * selectors pinning `k` to a value in V, or not pinning `k` at all, can overlap it. The key with the
 * fewest candidates is used, so the cost follows the number of plausible pairs, not n².
 */
class NamespaceIndex<T> {
  private readonly byKeyValue = new Map<string, Map<string, number[]>>();
  private readonly unpinnedByKey = new Map<string, number[]>();
  private readonly pinnedCount = new Map<string, number>();

  constructor(private readonly entries: readonly Prepared<T>[]) {
    entries.forEach((e, i) => {
      for (const [key, values] of e.pinned) {
        this.pinnedCount.set(key, (this.pinnedCount.get(key) ?? 0) + 1);
        let byValue = this.byKeyValue.get(key);
        if (!byValue) this.byKeyValue.set(key, (byValue = new Map()));
        for (const v of values) {
          const list = byValue.get(v);
          if (list) list.push(i);
          else byValue.set(v, [i]);
        }
      }
    });
  }

  private unpinned(key: string): readonly number[] {
    let list = this.unpinnedByKey.get(key);
    if (!list) {
      list = [];
      this.entries.forEach((e, i) => {
        if (!e.pinned.has(key)) list?.push(i);
      });
      this.unpinnedByKey.set(key, list);
    }
    return list;
  }

  /** Indices that may overlap entry `i`, possibly with repeats; undefined means "every entry". */
  candidates(i: number): readonly (readonly number[])[] | undefined {
    const e = this.entries[i];
    if (!e) return undefined;
    let best: { key: string; lists: (readonly number[])[]; size: number } | undefined;
    for (const [key, values] of e.pinned) {
      const byValue = this.byKeyValue.get(key);
      const lists = values.map((v) => byValue?.get(v) ?? []);
      const unpinned = this.entries.length - (this.pinnedCount.get(key) ?? 0);
      const size = lists.reduce((n, l) => n + l.length, unpinned);
      if (!best || size < best.size) best = { key, lists, size };
    }
    return best && [...best.lists, this.unpinned(best.key)];
  }
}

/** Collects a namespace's pairs into `out`; false when `maxPairs` was reached. */
function pairsInNamespace<T>(
  entries: readonly Prepared<T>[],
  out: StaticPair<T>[],
  maxPairs: number,
): boolean {
  const index = new NamespaceIndex(entries);
  const seen = new Int32Array(entries.length).fill(-1);
  let complete = true;
  entries.forEach((e, i) => {
    if (!complete) return;
    const consider = (j: number): void => {
      if (j <= i || seen[j] === i || !complete) return;
      if (out.length >= maxPairs) {
        complete = false;
        return;
      }
      seen[j] = i;
      const other = entries[j];
      if (!other || constraintsConflict(e.byKey, other.byKey)) return;
      const r = intersectConstraints(e.byKey, other.byKey);
      if (r.overlap) out.push({ a: e.item, b: other.item, witness: r.witness });
    };
    const lists = index.candidates(i);
    if (lists === undefined) for (let j = i + 1; j < entries.length; j++) consider(j);
    else for (const list of lists) for (const j of list) consider(j);
  });
  return complete;
}

/** The default cap on pairs: enough for any readable report, small enough to stay in memory. */
export const DEFAULT_MAX_STATIC_PAIRS = 100_000;

/**
 * Every pair of selectors within one namespace that some label set matches both (exact, with a
 * witness). Pairs are reported once, in input order (`a` before `b`), up to `maxPairs`.
 */
export function staticOverlapPairs<T>(
  entries: readonly SelectorEntry<T>[],
  options: { maxPairs?: number } = {},
): StaticPairsResult<T> {
  const maxPairs = options.maxPairs ?? DEFAULT_MAX_STATIC_PAIRS;
  const invalid: StaticPairsResult<T>['invalid'] = [];
  const byNamespace = new Map<string, Prepared<T>[]>();
  for (const entry of entries) {
    const p = prepare(entry, invalid);
    if (!p) continue;
    const list = byNamespace.get(entry.namespace);
    if (list) list.push(p);
    else byNamespace.set(entry.namespace, [p]);
  }
  const pairs: StaticPair<T>[] = [];
  let truncated = false;
  for (const list of byNamespace.values()) {
    if (!pairsInNamespace(list, pairs, maxPairs)) {
      truncated = true;
      break;
    }
  }
  return { pairs, truncated, invalid };
}

/** What {@link linkOverlappingSelectors} asks of its caller's grouping (a union-find). */
export interface SelectorLinks {
  /** True when entries `a` and `b` are already known to overlap through static analysis (same group, rule seen). */
  known(a: number, b: number): boolean;
  /** Records that entries `a` and `b` overlap, with a label set both match. */
  link(a: number, b: number, witness: Labels): void;
}

/** The default cap on selector intersections one grouping run computes. */
export const DEFAULT_MAX_STATIC_CHECKS = 200_000;

/**
 * Links selectors of one namespace that some label set matches both, without listing every pair:
 * identical selectors are linked to their first occurrence at once, and a candidate already known
 * to overlap (same group) is skipped, so the intersections computed grow with the groups found,
 * not with the square of the budgets in them. Entries are indexed by their position in `entries`.
 */
export function linkOverlappingSelectors<T>(
  entries: readonly SelectorEntry<T>[],
  links: SelectorLinks,
  options: { maxChecks?: number } = {},
): { truncated: boolean; invalid: StaticPairsResult<T>['invalid']; checks: number } {
  const cap = options.maxChecks ?? DEFAULT_MAX_STATIC_CHECKS;
  let checks = cap;
  const invalid: StaticPairsResult<T>['invalid'] = [];
  const byNamespace = new Map<string, { at: number; prepared: Prepared<T> }[]>();
  const firstOf = new Map<string, number>();
  entries.forEach((entry, at) => {
    const prepared = prepare(entry, invalid);
    if (!prepared) return;
    // The same selector written again (2,000 copies of one budget) overlaps its first copy.
    const same = `${entry.namespace}\u0000${JSON.stringify(entry.selector)}`;
    const first = firstOf.get(same);
    if (first !== undefined) {
      const witness = intersectConstraints(prepared.byKey, prepared.byKey);
      if (witness.overlap) links.link(first, at, witness.witness);
      return;
    }
    firstOf.set(same, at);
    const list = byNamespace.get(entry.namespace);
    if (list) list.push({ at, prepared });
    else byNamespace.set(entry.namespace, [{ at, prepared }]);
  });
  for (const list of byNamespace.values()) {
    const prepared = list.map((e) => e.prepared);
    const index = new NamespaceIndex(prepared);
    const seen = new Int32Array(list.length).fill(-1);
    for (let i = 0; i < list.length; i++) {
      const e = prepared[i] as Prepared<T>;
      const at = (list[i] as { at: number }).at;
      const consider = (j: number): boolean => {
        if (j <= i || seen[j] === i) return true;
        seen[j] = i;
        const other = list[j] as { at: number; prepared: Prepared<T> };
        if (links.known(at, other.at)) return true;
        if (checks-- <= 0) return false;
        if (constraintsConflict(e.byKey, other.prepared.byKey)) return true;
        const r = intersectConstraints(e.byKey, other.prepared.byKey);
        if (r.overlap) links.link(at, other.at, r.witness);
        return true;
      };
      const lists = index.candidates(i);
      if (lists === undefined) {
        for (let j = i + 1; j < list.length; j++)
          if (!consider(j)) return { truncated: true, invalid, checks: cap };
      } else {
        for (const l of lists)
          for (const j of l) if (!consider(j)) return { truncated: true, invalid, checks: cap };
      }
    }
  }
  return { truncated: false, invalid, checks: cap - checks };
}
