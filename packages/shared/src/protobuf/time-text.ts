// metav1.Time and metav1.MicroTime between their protobuf form (seconds since the epoch, and
// nanos) and their JSON text (RFC 3339 in UTC: whole seconds, or six decimals for MicroTime).

import { ProtobufError } from './wire.js';

let lastSeconds = Number.NaN;
let lastText = '';

/** `2024-05-01T12:00:00Z`. A list's objects share most of their times: the last one is kept. */
export function rfc3339(seconds: number): string {
  if (seconds === lastSeconds) return lastText;
  const ms = seconds * 1000;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15)
    throw new ProtobufError(`time out of range: ${seconds} s`);
  const iso = new Date(ms).toISOString();
  lastSeconds = seconds;
  lastText = `${iso.slice(0, 19)}Z`;
  return lastText;
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
