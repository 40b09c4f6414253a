// The cron schedules of NodePool budgets, as Karpenter reads them: robfig/cron v3's standard parser
// (five fields, or a descriptor) in UTC, and its Schedule.Next.
import type { Result } from '../../result/index.js';
import { parseGoDuration } from '../go/duration.js';
import { NS_PER_SECOND } from '../go/time.js';

/** One field: the values it matches, and whether it was written `*` or `?` (robfig's star bit). */
interface CronField {
  readonly values: ReadonlySet<number>;
  readonly star: boolean;
}

/** A parsed schedule: the five fields (seconds are always 0), or `@every` a constant delay. */
export type CronSchedule =
  | {
      kind: 'spec';
      minute: CronField;
      hour: CronField;
      dom: CronField;
      month: CronField;
      dow: CronField;
    }
  | { kind: 'every'; delayNs: bigint };

interface Bounds {
  min: number;
  max: number;
  names?: Readonly<Record<string, number>>;
}

const MINUTES: Bounds = { min: 0, max: 59 };
const HOURS: Bounds = { min: 0, max: 23 };
const DOM: Bounds = { min: 1, max: 31 };
const MONTHS: Bounds = {
  min: 1,
  max: 12,
  names: {
    jan: 1,
    feb: 2,
    mar: 3,
    apr: 4,
    may: 5,
    jun: 6,
    jul: 7,
    aug: 8,
    sep: 9,
    oct: 10,
    nov: 11,
    dec: 12,
  },
};
const DOW: Bounds = {
  min: 0,
  max: 6,
  names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 },
};

const all = (b: Bounds): CronField => ({ values: range(b.min, b.max, 1), star: true });
const only = (v: number): CronField => ({ values: new Set([v]), star: false });

function range(start: number, end: number, step: number): Set<number> {
  const out = new Set<number>();
  for (let i = start; i <= end; i += step) out.add(i);
  return out;
}

/** `mustParseInt`: Go's strconv.Atoi, then no negatives. */
function mustParseInt(expr: string): Result<number> {
  if (!/^[+-]?[0-9]+$/.test(expr))
    return {
      ok: false,
      error: `failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: invalid syntax`,
    };
  const n = Number.parseInt(expr, 10);
  if (n < 0) return { ok: false, error: `negative number (${n}) not allowed: ${expr}` };
  return { ok: true, value: n };
}

function parseIntOrName(expr: string, b: Bounds): Result<number> {
  const named = b.names?.[expr.toLowerCase()];
  return named !== undefined ? { ok: true, value: named } : mustParseInt(expr);
}

/** `getRange`: `*`, `?`, `N`, `N-M`, each with an optional `/step` (`N/step` runs to the max). */
function getRange(expr: string, b: Bounds): Result<CronField> {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = (rangeAndStep[0] ?? '').split('-');
  const low = lowAndHigh[0] ?? '';
  let start: number;
  let end: number;
  let star = false;
  if (low === '*' || low === '?') {
    start = b.min;
    end = b.max;
    star = true;
  } else {
    const s = parseIntOrName(low, b);
    if (!s.ok) return s;
    start = s.value;
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) {
      const e = parseIntOrName(lowAndHigh[1] ?? '', b);
      if (!e.ok) return e;
      end = e.value;
    } else return { ok: false, error: `too many hyphens: ${expr}` };
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    const s = mustParseInt(rangeAndStep[1] ?? '');
    if (!s.ok) return s;
    step = s.value;
    if (lowAndHigh.length === 1) end = b.max;
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) return { ok: false, error: `too many slashes: ${expr}` };
  if (start < b.min)
    return { ok: false, error: `beginning of range (${start}) below minimum (${b.min}): ${expr}` };
  if (end > b.max)
    return { ok: false, error: `end of range (${end}) above maximum (${b.max}): ${expr}` };
  if (start > end)
    return {
      ok: false,
      error: `beginning of range (${start}) beyond end of range (${end}): ${expr}`,
    };
  if (step === 0) return { ok: false, error: `step of range should be a positive number: ${expr}` };
  return { ok: true, value: { values: range(start, end, step), star } };
}

/** `getField`: comma-separated ranges (empty pieces skipped), their values joined. */
function getField(field: string, b: Bounds): Result<CronField> {
  const values = new Set<number>();
  let star = false;
  for (const expr of field.split(',').filter((e) => e !== '')) {
    const r = getRange(expr, b);
    if (!r.ok) return r;
    for (const v of r.value.values) values.add(v);
    star ||= r.value.star;
  }
  return { ok: true, value: { values, star } };
}

const DESCRIPTORS: Readonly<Record<string, () => CronSchedule>> = {
  '@yearly': () => spec(only(0), only(0), only(1), only(1), all(DOW)),
  '@annually': () => spec(only(0), only(0), only(1), only(1), all(DOW)),
  '@monthly': () => spec(only(0), only(0), only(1), all(MONTHS), all(DOW)),
  '@weekly': () => spec(only(0), only(0), all(DOM), all(MONTHS), only(0)),
  '@daily': () => spec(only(0), only(0), all(DOM), all(MONTHS), all(DOW)),
  '@midnight': () => spec(only(0), only(0), all(DOM), all(MONTHS), all(DOW)),
  '@hourly': () => spec(only(0), all(HOURS), all(DOM), all(MONTHS), all(DOW)),
};

function spec(
  minute: CronField,
  hour: CronField,
  dom: CronField,
  month: CronField,
  dow: CronField,
): CronSchedule {
  return { kind: 'spec', minute, hour, dom, month, dow };
}

/** `parseDescriptor`: the named schedules, and `@every DURATION` (at least a second, whole seconds). */
function parseDescriptor(descriptor: string): Result<CronSchedule> {
  const named = DESCRIPTORS[descriptor];
  if (named) return { ok: true, value: named() };
  if (descriptor.startsWith('@every ')) {
    const d = parseGoDuration(descriptor.slice('@every '.length));
    if (!d.ok) return { ok: false, error: `failed to parse duration ${descriptor}: ${d.error}` };
    const delay = d.value < NS_PER_SECOND ? NS_PER_SECOND : d.value;
    return { ok: true, value: { kind: 'every', delayNs: delay - (delay % NS_PER_SECOND) } };
  }
  return { ok: false, error: `unrecognized descriptor: ${descriptor}` };
}

/**
 * `cron.ParseStandard("TZ=UTC " + schedule)`, as Karpenter calls it: five whitespace-separated
 * fields (minute, hour, day of month, month, day of week; names for months and days), or a
 * descriptor. Time zones are not supported, so the schedule is UTC.
 */
export function parseCronSchedule(schedule: string): Result<CronSchedule> {
  const text = schedule.trim();
  if (text.startsWith('@')) return parseDescriptor(text);
  const fields = text.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== 5)
    return {
      ok: false,
      error: `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`,
    };
  const parsed: CronField[] = [];
  const bounds = [MINUTES, HOURS, DOM, MONTHS, DOW];
  for (let i = 0; i < 5; i++) {
    const f = getField(fields[i] ?? '', bounds[i] as Bounds);
    if (!f.ok) return f;
    parsed.push(f.value);
  }
  const [minute, hour, dom, month, dow] = parsed as [
    CronField,
    CronField,
    CronField,
    CronField,
    CronField,
  ];
  return { ok: true, value: spec(minute, hour, dom, month, dow) };
}

/** `dayMatches`: day of month AND day of week when either was `*`, otherwise either one. */
function dayMatches(s: Extract<CronSchedule, { kind: 'spec' }>, t: Date): boolean {
  const domMatch = s.dom.values.has(t.getUTCDate());
  const dowMatch = s.dow.values.has(t.getUTCDay());
  return s.dom.star || s.dow.star ? domMatch && dowMatch : domMatch || dowMatch;
}

/** Go's `t.AddDate(0, months, days)` in UTC: the time of day kept, overflowing dates normalised. */
const addDate = (t: Date, months: number, days: number): Date =>
  new Date(
    Date.UTC(
      t.getUTCFullYear(),
      t.getUTCMonth() + months,
      t.getUTCDate() + days,
      t.getUTCHours(),
      t.getUTCMinutes(),
      t.getUTCSeconds(),
    ),
  );

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;

/**
 * `Schedule.Next(t)`: the first time strictly after `t` (from the next whole second) the schedule
 * fires; undefined (Go's zero time) when none comes within five years.
 */
export function cronNext(schedule: CronSchedule, afterNs: bigint): bigint | undefined {
  const sub = ((afterNs % NS_PER_SECOND) + NS_PER_SECOND) % NS_PER_SECOND;
  if (schedule.kind === 'every') return afterNs + schedule.delayNs - sub;
  const s = schedule;
  // The upcoming whole second; from here on, milliseconds hold it exactly.
  let t = new Date(Number((afterNs - sub + NS_PER_SECOND) / 1_000_000n));
  const yearLimit = t.getUTCFullYear() + 5;
  let added = false;
  const reset = (date: Date) => {
    added = true;
    t = date;
  };
  wrap: for (;;) {
    if (t.getUTCFullYear() > yearLimit) return undefined;
    while (!s.month.values.has(t.getUTCMonth() + 1)) {
      if (!added) reset(new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1)));
      t = addDate(t, 1, 0);
      if (t.getUTCMonth() === 0) continue wrap;
    }
    while (!dayMatches(s, t)) {
      if (!added) reset(new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate())));
      t = addDate(t, 0, 1);
      if (t.getUTCDate() === 1) continue wrap;
    }
    while (!s.hour.values.has(t.getUTCHours())) {
      if (!added) reset(new Date(t.getTime() - (t.getTime() % MS_PER_HOUR)));
      t = new Date(t.getTime() + MS_PER_HOUR);
      if (t.getUTCHours() === 0) continue wrap;
    }
    while (!s.minute.values.has(t.getUTCMinutes())) {
      if (!added) reset(new Date(t.getTime() - (t.getTime() % MS_PER_MINUTE)));
      t = new Date(t.getTime() + MS_PER_MINUTE);
      if (t.getUTCMinutes() === 0) continue wrap;
    }
    // Standard schedules fire at second 0.
    while (t.getUTCSeconds() !== 0) {
      if (!added) reset(new Date(t.getTime() - (t.getTime() % 1000)));
      t = new Date(t.getTime() + 1000);
      if (t.getUTCSeconds() === 0) continue wrap;
    }
    return BigInt(t.getTime()) * 1_000_000n;
  }
}
