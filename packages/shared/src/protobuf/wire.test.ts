import { describe, expect, it } from 'vitest';
import { ProtoReader, ProtoWriter, WIRE_BYTES } from './wire.js';

/** Field 1 holding a message whose field 2 is `text`, written and read back. */
function roundTrip(text: string): { text: string; outer: number; bytes: number } {
  const w = new ProtoWriter();
  w.tag(1, WIRE_BYTES).fork().tag(2, WIRE_BYTES).string(text).join();
  const bytes = w.finish();
  const outer = new ProtoReader(bytes);
  expect(outer.uint32()).toBe((1 << 3) | WIRE_BYTES);
  const { start, end } = outer.span();
  const inner = new ProtoReader(bytes, start, end);
  expect(inner.uint32()).toBe((2 << 3) | WIRE_BYTES);
  return { text: inner.string(), outer: end - start, bytes: bytes.length };
}

describe('ProtoWriter', () => {
  it('keeps a small nested body whole when the buffer ends just after it', () => {
    // The writer starts with 256 bytes: a padding field moves the nested message across its end.
    const read = (pad: number) => {
      const w = new ProtoWriter();
      w.tag(1, WIRE_BYTES).string('p'.repeat(pad));
      w.tag(2, WIRE_BYTES).fork().tag(3, WIRE_BYTES).string('').join();
      const r = new ProtoReader(w.finish());
      r.uint32();
      r.string();
      r.uint32();
      return [...r.bytes()];
    };
    const pads = Array.from({ length: 16 }, (_, i) => 240 + i);
    expect(pads.map(read)).toStrictEqual(pads.map(() => [(3 << 3) | WIRE_BYTES, 0]));
  });

  it('writes ASCII in place and falls back to UTF-8 for the rest, at any length', () => {
    const texts = ['', 'pod-template-hash', 'café', `${'a'.repeat(100)}→`, 'x'.repeat(20_000)];
    expect(texts.map(roundTrip)).toStrictEqual([
      { text: '', outer: 2, bytes: 4 },
      { text: 'pod-template-hash', outer: 19, bytes: 21 },
      // é is two bytes in UTF-8: the length counts bytes, not characters.
      { text: 'café', outer: 7, bytes: 9 },
      { text: `${'a'.repeat(100)}→`, outer: 105, bytes: 107 },
      // A body of 20,004 bytes: its length takes three bytes, and the body is moved on by them.
      { text: 'x'.repeat(20_000), outer: 20_004, bytes: 20_008 },
    ]);
  });
});
