import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareInstants, parseInstant } from './time.js';

describe('parseInstant', () => {
  it('keeps the nanoseconds a Date drops, reads offsets, and refuses what is not RFC3339', () => {
    expect(
      [
        '1970-01-01T00:00:00.000000005Z',
        '2026-01-01T00:00:00Z',
        '2024-05-01T14:00:00.5+02:00',
        // Go truncates a longer fraction to the nanosecond.
        '2024-05-01T12:00:00.1234567891Z',
        'yesterday',
      ].map(parseInstant),
    ).toStrictEqual([
      { seconds: 0, nanos: 5 },
      { seconds: 1767225600, nanos: 0 },
      { seconds: 1714564800, nanos: 500000000 },
      { seconds: 1714564800, nanos: 123456789 },
      undefined,
    ]);
  });

  it('orders two times 1 ns apart, which milliseconds would call equal', () => {
    const a = parseInstant('2024-05-01T12:00:00.000000001Z');
    const b = parseInstant('2024-05-01T12:00:00.000000002Z');
    if (!a || !b) throw new Error('unreadable');
    expect([
      compareInstants(a, b) < 0,
      compareInstants(b, a) > 0,
      compareInstants(a, a),
    ]).toStrictEqual([true, true, 0]);
  });
});

describe('parseInstant against Date', () => {
  it('reads every time Date reads to the millisecond, with the nanoseconds Date drops', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2262-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 999_999 }),
        fc.constantFrom('Z', '+02:00', '-05:30'),
        (date, extra, zone) => {
          const ms = date.getTime();
          const shift = zone === 'Z' ? 0 : (zone === '+02:00' ? 120 : -330) * 60_000;
          const local = new Date(ms + shift).toISOString().slice(0, 23);
          const text = `${local}${String(extra).padStart(6, '0')}${zone}`;
          expect(parseInstant(text)).toStrictEqual({
            seconds: Math.floor(ms / 1000),
            nanos: (((ms % 1000) + 1000) % 1000) * 1_000_000 + extra,
          });
        },
      ),
    );
  });
});
