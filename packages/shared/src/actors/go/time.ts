// Instants as Go keeps them in these controllers, read from RFC 3339 at nanosecond precision and
// compared exactly: as whole seconds and nanoseconds (the scheduler's orderings, per pod), or as
// nanoseconds since the Unix epoch in a bigint (the autoscalers' arithmetic).

/** Nanoseconds in a second and a millisecond. */
export const NS_PER_SECOND = 1_000_000_000n;
const NS_PER_MS = 1_000_000n;

/**
 * A `metav1.Time` at the nanosecond precision the API writes (`…T00:00:00.000000005Z`): whole
 * seconds since the epoch and the nanoseconds within. A Date keeps milliseconds only, so two pods
 * that started 1 ns apart would tie; the scheduler orders them.
 */
export interface Instant {
  seconds: number;
  nanos: number;
}

const ZERO = 48;

/** The decimal number in `text` from `start` to `end`; NaN when a character is not a digit. */
function digits(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const at = (text: string, i: number, c: string): boolean => text[i] === c;

/**
 * RFC 3339 as Go's `time.Parse` reads a `metav1.Time`: any fraction of a second, truncated to the
 * nanosecond, and a `Z` or `±hh:mm` zone; undefined for what Go refuses (31 April, 24:00, a leap
 * second). Read by hand: every pod a preemption dry run tries has a start time, and a regular
 * expression and a Date per pod cost more than the rest of its ordering.
 */
export function parseInstant(text: string): Instant | undefined {
  if (text.length < 20 || !at(text, 4, '-') || !at(text, 7, '-') || !at(text, 13, ':'))
    return undefined;
  if (!at(text, 16, ':') || (text[10] !== 'T' && text[10] !== 't')) return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  let i = 19;
  let nanos = 0;
  if (at(text, i, '.')) {
    const start = ++i;
    while (i < text.length && text.charCodeAt(i) >= ZERO && text.charCodeAt(i) <= ZERO + 9) i++;
    if (i === start) return undefined;
    const kept = Math.min(i - start, 9);
    nanos = digits(text, start, start + kept) * 10 ** (9 - kept);
  }
  let offset = 0;
  const zone = text.slice(i);
  if (zone !== 'Z' && zone !== 'z') {
    if (zone.length !== 6 || (zone[0] !== '+' && zone[0] !== '-') || zone[3] !== ':')
      return undefined;
    const minutes = digits(zone, 1, 3) * 60 + digits(zone, 4, 6);
    offset = (zone[0] === '+' ? 1 : -1) * minutes * 60;
  }
  const fields = [year, month, day, hour, minute, second, offset];
  if (fields.some(Number.isNaN) || month < 1 || month > 12 || day < 1) return undefined;
  if (day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  const seconds =
    daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset;
  return { seconds, nanos };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Negative when `a` is earlier, positive when later, 0 when the same nanosecond. */
export function compareInstants(a: Instant, b: Instant): number {
  return a.seconds - b.seconds || a.nanos - b.nanos;
}

/** An RFC 3339 time as nanoseconds since the epoch; undefined when Go would not read it. */
export function parseGoTime(text: string): bigint | undefined {
  const instant = parseInstant(text);
  return instant && BigInt(instant.seconds) * NS_PER_SECOND + BigInt(instant.nanos);
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
