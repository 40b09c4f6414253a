import type { LabelSelector } from './labels.js';

/** The reserved key policy/v1beta1 conversion uses to keep `{}` meaning "match nothing". */
export const V1BETA1_EMPTY_SELECTOR_KEY =
  'pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match';

/**
 * policy/v1beta1 → internal/v1 selector meaning (pkg/apis/policy/v1beta1/conversion.go):
 * `{}` matches nothing there, so it becomes `Exists` on the reserved key; the reserved
 * `DoesNotExist` (match all) becomes `{}`; any other expression on the reserved key is stripped.
 */
export function fromV1beta1Selector(selector: LabelSelector | null): LabelSelector | null {
  if (selector === null) return null;
  const labels = selector.matchLabels ?? {};
  const exprs = selector.matchExpressions ?? [];
  if (Object.keys(labels).length === 0 && exprs.length === 0) {
    return { matchExpressions: [{ key: V1BETA1_EMPTY_SELECTOR_KEY, operator: 'Exists' }] };
  }
  if (
    Object.keys(labels).length === 0 &&
    exprs.length === 1 &&
    exprs[0]?.key === V1BETA1_EMPTY_SELECTOR_KEY &&
    exprs[0].operator === 'DoesNotExist'
  ) {
    return {};
  }
  const kept = exprs.filter((e) => e.key !== V1BETA1_EMPTY_SELECTOR_KEY);
  if (kept.length === exprs.length) return selector;
  return { ...selector, matchExpressions: kept };
}
