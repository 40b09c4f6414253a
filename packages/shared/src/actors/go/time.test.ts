import { describe, expect, it } from 'vitest';
import { formatGoTimeString, formatRfc3339, GO_ZERO_TIME_NS, parseGoTime } from './time.js';

describe('Go times at nanosecond precision', () => {
  it('reads RFC 3339 with its fraction to the nanosecond and any offset', () => {
    expect(
      [
        '1970-01-01T00:00:00Z',
        '1970-01-01T00:00:00.000000001Z',
        '2024-01-01T00:00:00.5Z',
        '2024-01-01T01:00:00+01:00',
        '2024-01-01T00:00:00.1234567891Z',
        '0001-01-01T00:00:00Z',
      ].map(parseGoTime),
    ).toStrictEqual([
      0n,
      1n,
      1_704_067_200_500_000_000n,
      1_704_067_200_000_000_000n,
      1_704_067_200_123_456_789n,
      GO_ZERO_TIME_NS,
    ]);
  });

  it('refuses what Go refuses', () => {
    expect(
      [
        '2024-02-30T00:00:00Z',
        '2024-13-01T00:00:00Z',
        '2024-01-01T24:00:00Z',
        '2024-01-01',
        'now',
      ].map(parseGoTime),
    ).toStrictEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('prints RFC 3339 in whole seconds and Time.String in UTC', () => {
    const t = 1_704_067_260_250_000_000n;
    expect([
      formatRfc3339(t),
      formatGoTimeString(t),
      formatGoTimeString(t - 250_000_000n),
    ]).toStrictEqual([
      '2024-01-01T00:01:00Z',
      '2024-01-01 00:01:00.25 +0000 UTC',
      '2024-01-01 00:01:00 +0000 UTC',
    ]);
  });
});
