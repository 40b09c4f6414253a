import { describe, expect, it } from 'vitest';
import { goQuote, goTimeQuote } from './quote.js';

describe("Go's quoting", () => {
  it('strconv.Quote keeps printable runes and escapes the rest by rune', () => {
    expect(
      [
        '1d',
        'a"b\\c',
        'tab\there\n',
        'é ünï 日本 😀',
        '\u00a0',
        '\u007f',
        '\u0000',
        '\u200b',
        '\u{e0001}',
      ].map(goQuote),
    ).toStrictEqual([
      '"1d"',
      '"a\\"b\\\\c"',
      '"tab\\there\\n"',
      '"é ünï 日本 😀"',
      '"\\u00a0"',
      '"\\x7f"',
      '"\\x00"',
      '"\\u200b"',
      '"\\U000e0001"',
    ]);
  });

  it("the time package's quote escapes each byte of a non-ASCII rune, and control bytes", () => {
    expect(['٣s', 'a\tb', 'x\u007fy', 'q"\\'].map(goTimeQuote)).toStrictEqual([
      '"\\xd9\\xa3s"',
      '"a\\x09b"',
      '"x\u007fy"',
      '"q\\"\\\\"',
    ]);
  });
});
