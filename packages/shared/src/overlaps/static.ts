import type { LabelSelector, Labels } from '../model/labels.js';
import { parseSelector } from '../selectors/selector.js';
import { constraintsOf, intersectConstraints } from './constraints.js';

/**
 * Whether some label set matches both selectors. A witness is such a label set; keys that only
 * `NotIn` mentions are left out of it (an absent key satisfies `NotIn`). An unparsable selector
 * matches no pod (the eviction handler and the lister skip it), so it never overlaps, and the
 * result says which side failed and why.
 */
export type IntersectResult =
  | { overlap: true; witness: Labels }
  | { overlap: false; reason: string }
  | { overlap: false; reason: string; invalid: 'a' | 'b'; error: string };

/**
 * Decides exactly whether two LabelSelectors (policy/v1 meaning: `null`/undefined = nil, matches
 * nothing; `{}` = everything) can match a common label set, returning a witness when they can.
 */
export function selectorsIntersect(
  a: LabelSelector | null | undefined,
  b: LabelSelector | null | undefined,
): IntersectResult {
  const pa = parseSelector(a);
  if (!pa.ok)
    return {
      overlap: false,
      reason: `selector a does not parse: ${pa.error}`,
      invalid: 'a',
      error: pa.error,
    };
  const pb = parseSelector(b);
  if (!pb.ok)
    return {
      overlap: false,
      reason: `selector b does not parse: ${pb.error}`,
      invalid: 'b',
      error: pb.error,
    };
  const ca = constraintsOf(pa.value);
  if (ca.kind === 'nothing')
    return { overlap: false, reason: `selector a matches nothing: ${ca.reason}` };
  const cb = constraintsOf(pb.value);
  if (cb.kind === 'nothing')
    return { overlap: false, reason: `selector b matches nothing: ${cb.reason}` };
  return intersectConstraints(ca.byKey, cb.byKey);
}
