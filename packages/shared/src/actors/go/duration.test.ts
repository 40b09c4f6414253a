import { describe, expect, it } from 'vitest';
import { formatGoDuration, parseGoDuration } from './duration.js';

const NS = 1n;
const US = 1000n * NS;
const MS = 1000n * US;
const S = 1000n * MS;
const M = 60n * S;
const H = 60n * M;

// Go's own table (time/time_test.go, parseDurationTests and parseDurationErrorTests).
describe('parseGoDuration', () => {
  it.each([
    ['0', 0n],
    ['5s', 5n * S],
    ['30s', 30n * S],
    ['1478s', 1478n * S],
    ['-5s', -5n * S],
    ['+5s', 5n * S],
    ['-0', 0n],
    ['+0', 0n],
    ['5.0s', 5n * S],
    ['5.6s', 5n * S + 600n * MS],
    ['5.s', 5n * S],
    ['.5s', 500n * MS],
    ['1.0s', 1n * S],
    ['1.00s', 1n * S],
    ['1.004s', 1n * S + 4n * MS],
    ['1.0040s', 1n * S + 4n * MS],
    ['100.00100s', 100n * S + 1n * MS],
    ['10ns', 10n * NS],
    ['11us', 11n * US],
    ['12µs', 12n * US],
    ['12μs', 12n * US],
    ['13ms', 13n * MS],
    ['14s', 14n * S],
    ['15m', 15n * M],
    ['16h', 16n * H],
    ['3h30m', 3n * H + 30n * M],
    ['1h30m', 90n * M],
    ['1.5h', 90n * M],
    ['300ms', 300n * MS],
    ['10.5s4m', 4n * M + 10n * S + 500n * MS],
    ['-2m3.4s', -(2n * M + 3n * S + 400n * MS)],
    ['1h2m3s4ms5us6ns', 1n * H + 2n * M + 3n * S + 4n * MS + 5n * US + 6n * NS],
    ['39h9m14.425s', 39n * H + 9n * M + 14n * S + 425n * MS],
    ['52763797000ns', 52763797000n * NS],
    ['0.3333333333333333333h', 20n * M],
    ['9007199254740993ns', (1n << 53n) + 1n],
    ['9223372036854775807ns', (1n << 63n) - 1n],
    ['9223372036854775.807us', (1n << 63n) - 1n],
    ['9223372036s854ms775us807ns', (1n << 63n) - 1n],
    ['-9223372036854775808ns', -(1n << 63n)],
    ['-9223372036854775.808us', -(1n << 63n)],
    ['-9223372036s854ms775us808ns', -(1n << 63n)],
    ['-2562047h47m16.854775808s', -(1n << 63n)],
    ['0.100000000000000000000h', 6n * M],
    ['0.830103483285477580700h', 49n * M + 48n * S + 372539827n * NS],
  ])('%s', (text, ns) => {
    expect(parseGoDuration(text)).toStrictEqual({ ok: true, value: ns });
  });

  it.each([
    ['', 'time: invalid duration ""'],
    ['3', 'time: missing unit in duration "3"'],
    ['1', 'time: missing unit in duration "1"'],
    ['-', 'time: invalid duration "-"'],
    ['s', 'time: invalid duration "s"'],
    ['.', 'time: invalid duration "."'],
    ['-.', 'time: invalid duration "-."'],
    ['.s', 'time: invalid duration ".s"'],
    ['+.s', 'time: invalid duration "+.s"'],
    ['1d', 'time: unknown unit "d" in duration "1d"'],
    ['1h 30m', 'time: unknown unit "h " in duration "1h 30m"'],
    ['true', 'time: invalid duration "true"'],
    ['\uFFFD', 'time: invalid duration "\\xef\\xbf\\xbd"'],
    [
      '\uFFFD hello \uFFFD world',
      'time: invalid duration "\\xef\\xbf\\xbd hello \\xef\\xbf\\xbd world"',
    ],
    ['5µx', 'time: unknown unit "\\xc2\\xb5x" in duration "5\\xc2\\xb5x"'],
    ['1"s', 'time: unknown unit "\\"s" in duration "1\\"s"'],
    ['9223372036854775808ns', 'time: invalid duration "9223372036854775808ns"'],
    ['9223372036854775.808us', 'time: invalid duration "9223372036854775.808us"'],
    ['9223372036854ms775us808ns', 'time: invalid duration "9223372036854ms775us808ns"'],
    ['-9223372036854775809ns', 'time: invalid duration "-9223372036854775809ns"'],
  ])('%j is refused as Go words it', (text, error) => {
    expect(parseGoDuration(text)).toStrictEqual({ ok: false, error });
  });
});

describe('formatGoDuration', () => {
  it("prints as Go's Duration.String does", () => {
    expect(
      [
        0n,
        1n,
        1100n,
        2_200_000n,
        3_300_000_000n,
        4n * M + 5n * S,
        4n * M + 5001n * MS,
        5n * H + 6n * M + 7001n * MS,
        8n * M + 1n,
        H,
        -(90n * M),
        (1n << 63n) - 1n,
      ].map(formatGoDuration),
    ).toStrictEqual([
      '0s',
      '1ns',
      '1.1\u00b5s',
      '2.2ms',
      '3.3s',
      '4m5s',
      '4m5.001s',
      '5h6m7.001s',
      '8m0.000000001s',
      '1h0m0s',
      '-1h30m0s',
      '2562047h47m16.854775807s',
    ]);
  });
});
