import type { PubView } from '../model/budget.js';
import { groupOf } from '../model/refs.js';
import { pubConflict } from '../validation/pub.js';
import { refOf } from './live.js';
import type { KruiseConflict } from './types.js';

/**
 * Buckets that can hold a conflicting pair: the same target (group/kind/name), or selectors with
 * the same key set (loose overlap needs identical key sets). A PUB may sit in both.
 */
function bucketsOf(pub: PubView): string[] {
  const out: string[] = [];
  const t = pub.spec.targetRef;
  if (t) out.push(`target\u0001${groupOf(t.apiVersion)}/${t.kind}/${t.name}`);
  const s = pub.spec.selector;
  if (s != null) {
    const keys = new Set([
      ...(s.matchExpressions ?? []).map((e) => e.key),
      ...Object.keys(s.matchLabels ?? {}),
    ]);
    out.push(`selector\u0001${[...keys].sort().join('\u0000')}`);
  }
  return out;
}

/** PUBs that may conflict, bucket by bucket (a namespace and a target or a selector key set). */
export function kruiseBuckets(pubs: readonly PubView[]): PubView[][] {
  const buckets = new Map<string, PubView[]>();
  for (const pub of pubs) {
    for (const bucket of bucketsOf(pub)) {
      const key = `${pub.namespace}\u0002${bucket}`;
      const list = buckets.get(key);
      if (list) list.push(pub);
      else buckets.set(key, [pub]);
    }
  }
  return [...buckets.values()];
}

/**
 * PUB pairs OpenKruise's own admission rule (`validatePubConflict`) flags: the same target, or
 * selectors `isSelectorLooseOverlap` finds overlapping. Only PUBs sharing a namespace and a bucket
 * are compared, so unrelated PUBs cost nothing.
 */
export function kruiseConflicts(pubs: readonly PubView[]): KruiseConflict[] {
  const seen = new Set<string>();
  const out: KruiseConflict[] = [];
  for (const list of kruiseBuckets(pubs)) {
    list.forEach((a, i) => {
      for (const b of list.slice(i + 1)) {
        const pairKey = `${a.namespace}/${a.name}\u0000${b.name}`;
        if (seen.has(pairKey)) continue;
        const conflict = pubConflict(b, [a]);
        if (!conflict) continue;
        seen.add(pairKey);
        out.push({
          a: refOf(a),
          b: refOf(b),
          rule:
            conflict.field === 'spec.targetReference'
              ? 'kruise-target-ref'
              : 'kruise-loose-selector',
          message: conflict.detail,
        });
      }
    });
  }
  return out;
}
