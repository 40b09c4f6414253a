import type { IntOrString } from '../model/intstr.js';
import type { FieldError } from './field-error.js';

const PERCENT_RE = /^[0-9]+%$/;
/** `validation.IsValidPercent`'s message (apimachinery RegexError, with its two spaces). */
export const INVALID_PERCENT_DETAIL =
  "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

/**
 * `ValidatePositiveIntOrPercent` + `IsNotMoreThan100Percent` on the value as written: a percent
 * string `N%`, at most 100%, or a non-negative integer.
 */
export function validateIntOrPercent(value: IntOrString | unknown, field: string): FieldError[] {
  if (typeof value === 'string') {
    if (!PERCENT_RE.test(value))
      return [{ field, type: 'FieldValueInvalid', value, detail: INVALID_PERCENT_DETAIL }];
    if (Number.parseInt(value.slice(0, -1), 10) > 100) {
      return [{ field, type: 'FieldValueInvalid', value, detail: 'must not be greater than 100%' }];
    }
    return [];
  }
  if (typeof value === 'number') {
    if (!Number.isInteger(value))
      return [
        {
          field,
          type: 'FieldValueInvalid',
          value,
          detail: "must be an integer or percentage (e.g '5%')",
        },
      ];
    return value < 0
      ? [{ field, type: 'FieldValueInvalid', value, detail: 'must be greater than or equal to 0' }]
      : [];
  }
  return [
    {
      field,
      type: 'FieldValueInvalid',
      value,
      detail: "must be an integer or percentage (e.g '5%')",
    },
  ];
}
