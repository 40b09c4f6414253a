import { scaledValue } from '../intstr/intstr.js';
import type { IntOrString } from '../model/intstr.js';

export type Scaled = { ok: true; value: number } | { ok: false; error: string };

const PREFIX = 'invalid value for IntOrString: ';

/**
 * `intstr.GetScaledValueFromIntOrPercent(v, total, true)` with Go's full error text: every parse
 * error is wrapped in "invalid value for IntOrString: …" there.
 */
export function scaledRoundUp(value: IntOrString, total: number): Scaled {
  const r = scaledValue(value, total, true);
  if (r.ok || r.error.startsWith(PREFIX)) return r;
  return { ok: false, error: PREFIX + r.error };
}
