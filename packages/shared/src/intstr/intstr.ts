import type { Result } from '../result/index.js';
import type { IntOrString } from '../model/intstr.js';

// Go wraps every parse error of getIntOrPercentValueSafely in this prefix.
const PARSE_ERROR_PREFIX = 'invalid value for IntOrString: ';

/**
 * `intstr.GetScaledValueFromIntOrPercent(v, total, roundUp)`: an int is returned unchanged; a string
 * must be `N%` and yields `ceil(N * total / 100)` (or floor), computed in float64 as Go does.
 * Anything else is an error as data, with Go's message.
 */
export function scaledValue(
  value: IntOrString | undefined,
  total: number,
  roundUp = true,
): Result<number> {
  if (value === undefined) return { ok: false, error: 'nil value for IntOrString' };
  if (typeof value === 'number') return { ok: true, value: Math.trunc(value) };
  if (!value.endsWith('%')) {
    return { ok: false, error: `${PARSE_ERROR_PREFIX}invalid type: string is not a percentage` };
  }
  const digits = value.slice(0, -1);
  // Go's strconv.Atoi: optional sign and decimal digits only.
  if (!/^[+-]?[0-9]+$/.test(digits)) {
    return {
      ok: false,
      error: `${PARSE_ERROR_PREFIX}invalid value "${value}": strconv.Atoi: parsing "${digits}": invalid syntax`,
    };
  }
  const percent = Number.parseInt(digits, 10);
  const raw = (percent * total) / 100;
  return { ok: true, value: roundUp ? Math.ceil(raw) : Math.floor(raw) };
}

/** True for a JSON number or a string of the form `N%` (what validation accepts). */
export function isPercent(value: IntOrString | undefined): value is string {
  return typeof value === 'string';
}
