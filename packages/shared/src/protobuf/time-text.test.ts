import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTime, rfc3339, rfc3339Micro } from './time-text.js';

describe('RFC 3339 text of a protobuf time', () => {
  it('writes what Date writes, for every second of years 0 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_167_219_200, max: 253_402_300_799 }), (seconds) => {
        expect(rfc3339(seconds)).toBe(`${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`);
        expect(parseTime(rfc3339(seconds), false)).toStrictEqual({ seconds, nanos: 0 });
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps the edges of days, leap years and the epoch', () => {
    expect(
      [0, -1, 86_399, 86_400, 951_782_400, 1_709_164_800, -62_135_596_800].map((s) => rfc3339(s)),
    ).toStrictEqual([
      '1970-01-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
      '1970-01-01T23:59:59Z',
      '1970-01-02T00:00:00Z',
      '2000-02-29T00:00:00Z',
      '2024-02-29T00:00:00Z',
      '0001-01-01T00:00:00Z',
    ]);
    expect(rfc3339Micro(1_709_164_800, 123_456_000)).toBe('2024-02-29T00:00:00.123456Z');
    expect(() => rfc3339(Number.NaN)).toThrow('time out of range');
  });
});
