// Protocol buffers' wire format (varints, length-delimited fields, fixed 32/64-bit values), as
// https://protobuf.dev/programming-guides/encoding/ describes it. Pure: bytes in, values out.

/** Malformed protobuf input: the decoders throw it and their callers turn it into an error value. */
export class ProtobufError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtobufError';
  }
}

export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_BYTES = 2;
export const WIRE_FIXED32 = 5;

const TWO_32 = 4294967296;

/**
 * Reads one message's bytes from `pos` up to `end`. Every read advances `pos` or throws, so a
 * loop over a message always ends; a length is checked against `end` before it is trusted.
 */
export class ProtoReader {
  pos: number;
  end: number;

  constructor(
    readonly buf: Uint8Array,
    pos = 0,
    end = buf.length,
  ) {
    this.pos = pos;
    this.end = end;
  }

  /** A varint as an unsigned 32-bit number (tags, lengths, small values): the common fast path. */
  uint32(): number {
    const { buf } = this;
    let pos = this.pos;
    if (pos < this.end) {
      const b = buf[pos] as number;
      if (b < 0x80) {
        this.pos = pos + 1;
        return b;
      }
    }
    let result = 0;
    let shift = 0;
    for (;;) {
      if (pos >= this.end) throw new ProtobufError('truncated varint');
      const b = buf[pos++] as number;
      if (shift < 28) result |= (b & 0x7f) << shift;
      else if (shift === 28) result |= (b & 0x0f) << 28;
      if (b < 0x80) break;
      shift += 7;
      if (shift > 63) throw new ProtobufError('varint longer than 10 bytes');
    }
    this.pos = pos;
    return result >>> 0;
  }

  /**
   * A varint as a signed 64-bit integer (int32 and int64 fields: a negative int32 is sent as ten
   * bytes), exact within ±2^53 as JSON's numbers are.
   */
  int64(): number {
    const { buf } = this;
    let pos = this.pos;
    let lo = 0;
    let hi = 0;
    let shift = 0;
    for (;;) {
      if (pos >= this.end) throw new ProtobufError('truncated varint');
      const b = buf[pos++] as number;
      if (shift < 28) lo |= (b & 0x7f) << shift;
      else if (shift === 28) {
        lo |= (b & 0x0f) << 28;
        hi |= (b & 0x7f) >> 4;
      } else hi |= (b & 0x7f) << (shift - 32);
      if (b < 0x80) break;
      shift += 7;
      if (shift > 63) throw new ProtobufError('varint longer than 10 bytes');
    }
    this.pos = pos;
    return (hi | 0) * TWO_32 + (lo >>> 0);
  }

  /** A length-delimited field's extent; the reader moves past it. */
  span(): { start: number; end: number } {
    const len = this.uint32();
    const start = this.pos;
    if (len > this.end - start) throw new ProtobufError('length past the end of the message');
    this.pos = start + len;
    return { start, end: start + len };
  }

  /** The length of a length-delimited field; `pos` is left at its first byte. */
  length(): number {
    const len = this.uint32();
    if (len > this.end - this.pos) throw new ProtobufError('length past the end of the message');
    return len;
  }

  string(): string {
    const len = this.length();
    const start = this.pos;
    this.pos = start + len;
    return utf8Text(this.buf, start, start + len);
  }

  bytes(): Uint8Array {
    const len = this.length();
    const start = this.pos;
    this.pos = start + len;
    return this.buf.subarray(start, start + len);
  }

  double(): number {
    if (this.end - this.pos < 8) throw new ProtobufError('truncated fixed64');
    const view = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, 8);
    this.pos += 8;
    return view.getFloat64(0, true);
  }

  /** Skips a field of this wire type without reading it. Groups (3, 4) are refused. */
  skip(wireType: number): void {
    switch (wireType) {
      case WIRE_VARINT:
        this.int64();
        return;
      case WIRE_FIXED64:
        this.advance(8);
        return;
      case WIRE_BYTES:
        this.advance(this.length());
        return;
      case WIRE_FIXED32:
        this.advance(4);
        return;
      default:
        throw new ProtobufError(`unsupported wire type ${wireType}`);
    }
  }

  private advance(n: number): void {
    if (n > this.end - this.pos) throw new ProtobufError('field past the end of the message');
    this.pos += n;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Short ASCII strings decoded last, by a hash of their bytes: one slot each, the newest kept. */
const recent: (string | undefined)[] = new Array<string | undefined>(4096);

/**
 * UTF-8 text of `buf[start, end)`. Names, labels, namespaces, condition types and node names are
 * short, ASCII and repeated from one object to the next: one seen lately is returned as it was
 * (no string made, none for the collector, and the BFF's interning finds it at once); another is
 * made in one call from its bytes, a fraction of a TextDecoder call. Not by appending a character
 * at a time: that makes a rope of one cell per character, which the index would keep.
 */
export function utf8Text(buf: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (n > 64) return decodeUtf8(buf, start, end);
  let hash = n;
  for (let i = start; i < end; i++) {
    const c = buf[i] as number;
    if (c >= 0x80) return decodeUtf8(buf, start, end);
    hash = (Math.imul(hash, 31) + c) | 0;
  }
  const slot = (hash ^ (hash >>> 12)) & 4095;
  const seen = recent[slot];
  if (seen !== undefined && seen.length === n) {
    let i = 0;
    while (i < n && seen.charCodeAt(i) === buf[start + i]) i++;
    if (i === n) return seen;
  }
  const text = String.fromCharCode.apply(null, buf.subarray(start, end) as unknown as number[]);
  recent[slot] = text;
  return text;
}

function decodeUtf8(buf: Uint8Array, start: number, end: number): string {
  try {
    return utf8.decode(buf.subarray(start, end));
  } catch {
    throw new ProtobufError('a string field is not valid UTF-8');
  }
}

/**
 * Walks the fields of the message `r` is on, to its end: each length-delimited one's number goes
 * to `read`, which reads the field and returns true, or returns false to have it skipped; fields
 * of other wire types are skipped (the envelope's and lists' messages have none we read).
 */
export function eachBytesField(r: ProtoReader, read: (no: number) => boolean): void {
  while (r.pos < r.end) {
    const tag = r.uint32();
    if ((tag & 7) !== WIRE_BYTES) r.skip(tag & 7);
    else if (!read(tag >>> 3)) r.skip(WIRE_BYTES);
  }
}

const encoder = new TextEncoder();

/** Builds a message: fields are appended in order, nested messages through {@link fork}/{@link join}. */
export class ProtoWriter {
  private buf = new Uint8Array(256);
  private len = 0;
  private readonly stack: number[] = [];

  /** The bytes written so far (a copy). */
  finish(): Uint8Array {
    if (this.stack.length > 0) throw new Error('ProtoWriter: a forked message was not joined');
    return this.buf.slice(0, this.len);
  }

  /** Empty again, its buffer kept: one writer serves many messages without growing each anew. */
  reset(): this {
    this.len = 0;
    this.stack.length = 0;
    return this;
  }

  private reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  tag(fieldNo: number, wireType: number): this {
    return this.uint32(((fieldNo << 3) | wireType) >>> 0);
  }

  uint32(value: number): this {
    this.reserve(5);
    let v = value >>> 0;
    while (v >= 0x80) {
      this.buf[this.len++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.len++] = v;
    return this;
  }

  /** A signed integer as int32/int64 send it: negatives as ten bytes of two's complement. */
  int64(value: number): this {
    if (value >= 0 && value < TWO_32) return this.uint32(value);
    if (!Number.isInteger(value)) throw new Error(`ProtoWriter: not an integer: ${value}`);
    this.reserve(10);
    let v = BigInt.asUintN(64, BigInt(value));
    while (v >= 0x80n) {
      this.buf[this.len++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.len++] = Number(v);
    return this;
  }

  bool(value: boolean): this {
    return this.uint32(value ? 1 : 0);
  }

  double(value: number): this {
    this.reserve(8);
    new DataView(this.buf.buffer, this.len, 8).setFloat64(0, value, true);
    this.len += 8;
    return this;
  }

  /** ASCII (nearly every string of an object) is written in place, byte by byte, unallocated. */
  string(value: string): this {
    const n = value.length;
    this.reserve(5 + n);
    const lengthAt = this.len;
    this.uint32(n);
    const buf = this.buf;
    let at = this.len;
    for (let i = 0; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c >= 0x80) {
        this.len = lengthAt;
        return this.bytes(encoder.encode(value));
      }
      buf[at++] = c;
    }
    this.len = at;
    return this;
  }

  bytes(value: Uint8Array): this {
    this.uint32(value.length);
    this.reserve(value.length);
    this.buf.set(value, this.len);
    this.len += value.length;
    return this;
  }

  /** Starts a length-delimited nested message; {@link join} writes its length before it. */
  fork(): this {
    this.stack.push(this.len);
    return this;
  }

  /** The body stays where it is, moved on by the few bytes its length takes (no copy made). */
  join(): this {
    const start = this.stack.pop();
    if (start === undefined) throw new Error('ProtoWriter: join without fork');
    const size = this.len - start;
    let prefix = 1;
    for (let v = size >>> 7; v > 0; v >>>= 7) prefix++;
    this.reserve(prefix);
    const buf = this.buf;
    buf.copyWithin(start + prefix, start, this.len);
    // Written here, not through uint32: its reserve would keep only the bytes before `start`.
    let at = start;
    let v = size;
    while (v >= 0x80) {
      buf[at++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    buf[at] = v;
    this.len = start + prefix + size;
    return this;
  }
}
