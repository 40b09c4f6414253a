// metav1.Time and metav1.MicroTime between their protobuf form (seconds since the epoch, and
// nanos) and their JSON text (RFC 3339 in UTC: whole seconds, or six decimals for MicroTime).

import { ProtobufError } from './wire.js';

/** Texts made lately, by their seconds: a list's objects share many of their times. */
const recentSeconds = new Float64Array(1024).fill(Number.NaN);
const recentTexts: string[] = new Array<string>(1024).fill('');

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * `2024-05-01T12:00:00Z`. The date from the day number by Howard Hinnant's civil-from-days (no
 * Date made, no ISO text cut down): a pod carries half a dozen times, 150,000 pods a million.
 */
export function rfc3339(seconds: number): string {
  const slot = seconds & 1023;
  if (recentSeconds[slot] === seconds) return recentTexts[slot] as string;
  if (!Number.isSafeInteger(seconds) || Math.abs(seconds) > 8.64e12)
    throw new ProtobufError(`time out of range: ${seconds} s`);
  const days = Math.floor(seconds / 86_400);
  const inDay = seconds - days * 86_400;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 0 || year > 9999) return isoText(seconds);
  const text = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(Math.floor(inDay / 3600))}:${two(Math.floor(inDay / 60) % 60)}:${two(inDay % 60)}Z`;
  recentSeconds[slot] = seconds;
  recentTexts[slot] = text;
  return text;
}

/** Years outside 0-9999, as Date writes them. */
function isoText(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, -5)}Z`;
}

/** `2024-05-01T12:00:00.123456Z` */
export function rfc3339Micro(seconds: number, nanos: number): string {
  const micros = String(Math.floor(nanos / 1000)).padStart(6, '0');
  return `${rfc3339(seconds).slice(0, 19)}.${micros}Z`;
}

const TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The seconds and nanos of an RFC 3339 time; undefined when it is not one, or when its protobuf
 * form would not give the same text back (a Time with a fraction, an offset other than Z).
 */
export function parseTime(
  text: string,
  micro: boolean,
): { seconds: number; nanos: number } | undefined {
  const m = TIME.exec(text);
  if (!m) return undefined;
  const ms = Date.parse(`${m[1] ?? ''}Z`);
  if (!Number.isFinite(ms) || m[3] !== 'Z') return undefined;
  const seconds = ms / 1000;
  const fraction = m[2];
  if (!micro) return fraction === undefined ? { seconds, nanos: 0 } : undefined;
  if (fraction?.length !== 6) return undefined;
  return { seconds, nanos: Number(fraction) * 1000 };
}
