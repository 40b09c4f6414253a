// Instants as Go keeps them in these controllers: nanoseconds since the Unix epoch (bigint), read
// from RFC 3339 at nanosecond precision and compared exactly.

/** Nanoseconds in a second and a millisecond. */
export const NS_PER_SECOND = 1_000_000_000n;
const NS_PER_MS = 1_000_000n;

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9})\d*)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 time as nanoseconds since the epoch (fraction kept to the nanosecond, extra digits
 * truncated as Go does); undefined when the text is not one.
 */
export function parseGoTime(text: string): bigint | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, , sign, oh, om] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // Go refuses what a Date would roll over (month 13, 31 April, 24:00, a leap second).
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (month < 1 || month > 12 || date.getUTCDate() !== day) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  date.setUTCHours(hour, minute, second, 0);
  let ns = BigInt(date.getTime()) * NS_PER_MS + BigInt((frac ?? '').padEnd(9, '0'));
  if (sign !== undefined) {
    const offset = BigInt(Number(oh) * 3600 + Number(om) * 60) * NS_PER_SECOND;
    ns += sign === '+' ? -offset : offset;
  }
  return ns;
}

/** A JavaScript date as nanoseconds since the epoch. */
export const dateNs = (date: Date): bigint => BigInt(date.getTime()) * NS_PER_MS;

/** Go's zero `time.Time` (0001-01-01T00:00:00Z): `IsZero` treats it as unset. */
export const GO_ZERO_TIME_NS = -62_135_596_800n * NS_PER_SECOND;

/** Floor division for bigint (toward −∞, as for instants before 1970). */
const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};

/** `t.UTC().Format(time.RFC3339)`: whole seconds, `Z`. */
export function formatRfc3339(ns: bigint): string {
  const seconds = floorDiv(ns, NS_PER_SECOND);
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}Z`;
}

/** `t.UTC().String()`: `2006-01-02 15:04:05.999999999 +0000 UTC` (no monotonic reading). */
export function formatGoTimeString(ns: bigint): string {
  const seconds = floorDiv(ns, NS_PER_SECOND);
  const fraction = ns - seconds * NS_PER_SECOND;
  const base = new Date(Number(seconds) * 1000).toISOString().slice(0, 19).replace('T', ' ');
  const digits =
    fraction === 0n ? '' : `.${fraction.toString().padStart(9, '0').replace(/0+$/, '')}`;
  return `${base}${digits} +0000 UTC`;
}
