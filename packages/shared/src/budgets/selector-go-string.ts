import type { LabelSelector } from '../model/labels.js';

/**
 * How Go's `%v` prints a `*metav1.LabelSelector` (its generated `String()`), as the UnmanagedPods
 * event shows it: `&LabelSelector{MatchLabels:map[string]string{app: web,},MatchExpressions:[]LabelSelectorRequirement{},}`.
 */
export function labelSelectorGoString(selector: LabelSelector | null | undefined): string {
  if (selector == null) return 'nil';
  const labels = selector.matchLabels ?? {};
  const keys = Object.keys(labels).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const map = keys.map((k) => `${k}: ${labels[k] ?? ''},`).join('');
  const exprs = (selector.matchExpressions ?? [])
    .map(
      (e) =>
        `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`,
    )
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${map}},MatchExpressions:[]LabelSelectorRequirement{${exprs}},}`;
}
