import type { Result } from '../../result/index.js';
import { goTimeQuote } from './quote.js';

/** Nanoseconds in each unit Go's `time.ParseDuration` accepts. */
const UNITS: ReadonlyMap<string, bigint> = new Map([
  ['ns', 1n],
  ['us', 1_000n],
  ['\u00b5s', 1_000n], // U+00B5 micro sign
  ['\u03bcs', 1_000n], // U+03BC Greek mu
  ['ms', 1_000_000n],
  ['s', 1_000_000_000n],
  ['m', 60_000_000_000n],
  ['h', 3_600_000_000_000n],
]);

const TWO_63 = 1n << 63n;
const UINT64 = (1n << 64n) - 1n;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** `leadingInt`: the digits at the start, undefined on overflow past 2^63. */
function leadingInt(s: string): { x: bigint; rest: string } | undefined {
  let i = 0;
  let x = 0n;
  for (; i < s.length && isDigit(s[i]); i++) {
    if (x > TWO_63 / 10n) return undefined;
    x = x * 10n + BigInt(s.charCodeAt(i) - 48);
    if (x > TWO_63) return undefined;
  }
  return { x, rest: s.slice(i) };
}

/** `leadingFraction`: digits after the point; past uint64's reach it stops gaining precision. */
function leadingFraction(s: string): { f: bigint; scale: number; rest: string } {
  let i = 0;
  let f = 0n;
  let scale = 1;
  let overflow = false;
  for (; i < s.length && isDigit(s[i]); i++) {
    if (overflow) continue;
    if (f > (TWO_63 - 1n) / 10n) {
      overflow = true;
      continue;
    }
    const y = f * 10n + BigInt(s.charCodeAt(i) - 48);
    if (y > TWO_63) {
      overflow = true;
      continue;
    }
    f = y;
    scale *= 10;
  }
  return { f, scale, rest: s.slice(i) };
}

/**
 * Go's `time.ParseDuration`, exactly: `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+` with units ns, us (µs,
 * μs), ms, s, m, h; `"0"` alone needs no unit. The result is int64 nanoseconds; the errors are Go's
 * own sentences (`time: invalid duration "x"`, `time: missing unit in duration "1"`,
 * `time: unknown unit "d" in duration "1d"`), since Karpenter's events embed them.
 */
export function parseGoDuration(orig: string): Result<bigint> {
  const invalid = (): Result<bigint> => ({
    ok: false,
    error: `time: invalid duration ${goTimeQuote(orig)}`,
  });
  let s = orig;
  let neg = false;
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return { ok: true, value: 0n };
  if (s === '') return invalid();
  let d = 0n;
  while (s !== '') {
    if (!(s[0] === '.' || isDigit(s[0]))) return invalid();
    const before = s.length;
    const int = leadingInt(s);
    if (!int) return invalid();
    let v = int.x;
    s = int.rest;
    const pre = before !== s.length;
    let post = false;
    let f = 0n;
    let scale = 1;
    if (s[0] === '.') {
      s = s.slice(1);
      const len = s.length;
      ({ f, scale, rest: s } = leadingFraction(s));
      post = len !== s.length;
    }
    if (!pre && !post) return invalid();
    let i = 0;
    while (i < s.length && s[i] !== '.' && !isDigit(s[i])) i++;
    if (i === 0) return { ok: false, error: `time: missing unit in duration ${goTimeQuote(orig)}` };
    const u = s.slice(0, i);
    s = s.slice(i);
    const unit = UNITS.get(u);
    if (unit === undefined)
      return {
        ok: false,
        error: `time: unknown unit ${goTimeQuote(u)} in duration ${goTimeQuote(orig)}`,
      };
    if (v > TWO_63 / unit) return invalid();
    v *= unit;
    if (f > 0n) {
      // float64, as Go computes it, to be nanosecond accurate for fractions of hours.
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > TWO_63) return invalid();
    }
    d = (d + v) & UINT64;
    if (d > TWO_63) return invalid();
  }
  if (neg) return { ok: true, value: BigInt.asIntN(64, -d) };
  if (d > TWO_63 - 1n) return invalid();
  return { ok: true, value: d };
}

/** `fmtFrac`: `v`'s last `prec` digits as a fraction, trailing zeros (and a bare point) dropped. */
function fraction(v: bigint, prec: number): { text: string; rest: bigint } {
  let digits = '';
  let printed = false;
  for (let i = 0; i < prec; i++) {
    const digit = v % 10n;
    printed ||= digit !== 0n;
    if (printed) digits = `${digit}${digits}`;
    v /= 10n;
  }
  return { text: printed ? `.${digits}` : '', rest: v };
}

/** Go's `Duration.String`: `1h0m0s`, `1m30s`, `1.5s`, `300ms`, `1.5µs`, `0s`. */
export function formatGoDuration(ns: bigint): string {
  const neg = ns < 0n;
  let u = neg ? -ns : ns;
  let out: string;
  if (u < 1_000_000_000n) {
    if (u === 0n) return '0s';
    const [prec, unit] = u < 1_000n ? [0, 'ns'] : u < 1_000_000n ? [3, '\u00b5s'] : [6, 'ms'];
    const f = fraction(u, prec);
    out = `${f.rest}${f.text}${unit}`;
  } else {
    const f = fraction(u, 9);
    u = f.rest;
    out = `${u % 60n}${f.text}s`;
    u /= 60n;
    if (u > 0n) {
      out = `${u % 60n}m${out}`;
      u /= 60n;
      if (u > 0n) out = `${u}h${out}`;
    }
  }
  return neg ? `-${out}` : out;
}
