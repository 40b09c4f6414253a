import type { LabelSelector } from '../model/labels.js';
import type { FieldError } from '../validation/field-error.js';
import { labelValueErrors, qualifiedNameErrors } from './names.js';

/** `metav1validation.ValidateLabelSelector` (nil is valid), with the API server's field paths. */
export function validateLabelSelector(
  selector: LabelSelector | null | undefined,
  path: string,
): FieldError[] {
  if (selector == null) return [];
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) {
    for (const d of qualifiedNameErrors(k))
      errs.push({ field: `${path}.matchLabels`, type: 'FieldValueInvalid', value: k, detail: d });
    for (const d of labelValueErrors(v))
      errs.push({ field: `${path}.matchLabels`, type: 'FieldValueInvalid', value: v, detail: d });
  }
  (selector.matchExpressions ?? []).forEach((e, i) => {
    const at = `${path}.matchExpressions[${i}]`;
    const values = e.values ?? [];
    switch (e.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) {
          errs.push({
            field: `${at}.values`,
            type: 'FieldValueRequired',
            detail: "must be specified when `operator` is 'In' or 'NotIn'",
          });
        }
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) {
          errs.push({
            field: `${at}.values`,
            type: 'FieldValueForbidden',
            detail: "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
          });
        }
        break;
      default:
        errs.push({
          field: `${at}.operator`,
          type: 'FieldValueInvalid',
          value: e.operator,
          detail: 'not a valid selector operator',
        });
    }
    for (const d of qualifiedNameErrors(e.key))
      errs.push({ field: `${at}.key`, type: 'FieldValueInvalid', value: e.key, detail: d });
    values.forEach((v, j) => {
      for (const d of labelValueErrors(v))
        errs.push({ field: `${at}.values[${j}]`, type: 'FieldValueInvalid', value: v, detail: d });
    });
  });
  return errs;
}
