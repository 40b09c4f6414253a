import { describe, expect, it } from 'vitest';
import { formatRfc3339, parseGoTime } from '../go/time.js';
import { cronNext, parseCronSchedule } from './cron.js';

const at = (text: string): bigint => parseGoTime(text) as bigint;

function next(schedule: string, after: string): string | undefined {
  const parsed = parseCronSchedule(schedule);
  if (!parsed.ok) throw new Error(parsed.error);
  const n = cronNext(parsed.value, at(after));
  return n === undefined ? undefined : formatRfc3339(n);
}

describe('cron schedules as robfig/cron reads them', () => {
  it('finds the next time strictly after the given one', () => {
    expect([
      next('0 9 * * mon-fri', '2024-05-03T09:00:00Z'), // a Friday: the next is Monday
      next('0 9 * * mon-fri', '2024-05-03T08:59:59.5Z'),
      next('*/15 * * * *', '2024-05-01T12:07:00Z'),
      next('30 2 1 * *', '2024-12-15T00:00:00Z'),
      next('0 0 29 2 *', '2024-03-01T00:00:00Z'), // the next Feb 29 is in 2028
      next('@weekly', '2024-05-01T12:00:00Z'),
      next('@hourly', '2024-05-01T12:00:00Z'),
      next('@every 90m', '2024-05-01T12:00:00.7Z'),
      next('5/20 * * * *', '2024-05-01T12:26:00Z'),
    ]).toStrictEqual([
      '2024-05-06T09:00:00Z',
      '2024-05-03T09:00:00Z',
      '2024-05-01T12:15:00Z',
      '2025-01-01T02:30:00Z',
      '2028-02-29T00:00:00Z',
      '2024-05-05T00:00:00Z',
      '2024-05-01T13:00:00Z',
      '2024-05-01T13:30:00Z',
      '2024-05-01T12:45:00Z',
    ]);
  });

  it('matches day of month or day of week, unless one of them is a star', () => {
    // The 13th, or any Friday.
    expect(next('0 0 13 * 5', '2024-05-01T00:00:00Z')).toBe('2024-05-03T00:00:00Z');
    // A Friday the 13th (the star keeps both).
    expect(next('0 0 13 * 5', '2024-05-03T00:00:00Z')).toBe('2024-05-10T00:00:00Z');
    expect(next('0 0 13 * *', '2024-05-03T00:00:00Z')).toBe('2024-05-13T00:00:00Z');
  });

  it('gives Go’s zero time (undefined) for a schedule that never fires within five years', () => {
    expect(next('0 0 30 2 *', '2024-05-01T00:00:00Z')).toBeUndefined();
  });

  it('refuses malformed schedules with the library’s messages', () => {
    expect(
      [
        '0 9 * *',
        '61 * * * *',
        '* * * * 7',
        '1-2-3 * * * *',
        '*/0 * * * *',
        '@fortnightly',
        'x * * * *',
      ].map((s) => {
        const r = parseCronSchedule(s);
        return r.ok ? 'ok' : r.error;
      }),
    ).toStrictEqual([
      'expected exactly 5 fields, found 4: [0 9 * *]',
      'end of range (61) above maximum (59): 61',
      'end of range (7) above maximum (6): 7',
      'too many hyphens: 1-2-3',
      'step of range should be a positive number: */0',
      'unrecognized descriptor: @fortnightly',
      'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax',
    ]);
  });
});
