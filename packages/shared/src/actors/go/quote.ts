// Go's two ways of quoting a string into a message. Errors of the time package use its own
// `quote` (bytes ≥ 0x80 and control bytes as `\xNN`); `fmt`'s `%q` is `strconv.Quote` (printable
// runes kept, the rest escaped by rune). Karpenter's event text embeds both.

const utf8 = new TextEncoder();
const hex2 = (n: number): string => n.toString(16).padStart(2, '0');

/** The time package's `quote`: what `time: invalid duration "…"` prints. */
export function goTimeQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0x80 || c < 0x20) {
      for (const b of utf8.encode(ch)) out += `\\x${hex2(b)}`;
    } else {
      if (ch === '"' || ch === '\\') out += '\\';
      out += ch;
    }
  }
  return `${out}"`;
}

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const SHORT_ESCAPES: Readonly<Record<number, string>> = {
  0x07: '\\a',
  0x08: '\\b',
  0x0c: '\\f',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x0b: '\\v',
};

/** `strconv.Quote` (fmt's `%q` of a string). A lone surrogate reads as U+FFFD, as Go decodes it. */
export function goQuote(s: string): string {
  let out = '"';
  for (const raw of s) {
    const c = raw.codePointAt(0) ?? 0;
    const ch = c >= 0xd800 && c <= 0xdfff ? '\ufffd' : raw;
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (PRINTABLE.test(ch)) out += ch;
    else if (SHORT_ESCAPES[code] !== undefined) out += SHORT_ESCAPES[code];
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex2(code)}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}
