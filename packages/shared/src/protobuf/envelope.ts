// Kubernetes' protobuf envelope (k8s.io/apimachinery v0.36.3 pkg/runtime/serializer/protobuf):
// a body is the 4 bytes `k8s\0` then a runtime.Unknown { typeMeta 1, raw 2, contentEncoding 3,
// contentType 4 }, raw holding the object's own message. A watch stream is a sequence of frames,
// each a 4-byte big-endian length then a metav1.WatchEvent { type 1, object 2 } whose object is a
// runtime.RawExtension { raw 1 } holding a whole enveloped object.

import { ProtoReader, ProtoWriter, ProtobufError, WIRE_BYTES, eachBytesField } from './wire.js';
import { decodeMessage } from './decode.js';
import { OBJECT_META, TYPE_META } from './kubernetes/meta.js';
import { message, pruned } from './schema.js';

export const PROTOBUF_MEDIA_TYPE = 'application/vnd.kubernetes.protobuf';
export const MAGIC = new Uint8Array([0x6b, 0x38, 0x73, 0x00]);

export interface Unwrapped {
  apiVersion: string;
  kind: string;
  /** The object's message, a view into the body. */
  raw: Uint8Array;
}

/** Reads the envelope. Throws {@link ProtobufError} when it is not one, or is compressed. */
export function unwrap(body: Uint8Array): Unwrapped {
  if (body.length < 4 || MAGIC.some((b, i) => body[i] !== b))
    throw new ProtobufError('not a Kubernetes protobuf message (no k8s\\0 prefix)');
  const r = new ProtoReader(body, 4);
  let apiVersion = '';
  let kind = '';
  let raw: Uint8Array = new Uint8Array();
  let encoding = '';
  eachBytesField(r, (no) => {
    if (no === 1) {
      const { start, end } = r.span();
      const meta = decodeMessage(body, TYPE_META, start, end);
      apiVersion = typeof meta['apiVersion'] === 'string' ? meta['apiVersion'] : '';
      kind = typeof meta['kind'] === 'string' ? meta['kind'] : '';
    } else if (no === 2) raw = r.bytes();
    else if (no === 3) encoding = r.string();
    else return false;
    return true;
  });
  if (encoding !== '') throw new ProtobufError(`unsupported contentEncoding ${encoding}`);
  return { apiVersion, kind, raw };
}

/** Wraps an object's message (or a list's) in the envelope. */
export function wrap(apiVersion: string, kind: string, raw: Uint8Array): Uint8Array {
  const w = new ProtoWriter();
  w.tag(1, WIRE_BYTES)
    .fork()
    .tag(1, WIRE_BYTES)
    .string(apiVersion)
    .tag(2, WIRE_BYTES)
    .string(kind)
    .join();
  w.tag(2, WIRE_BYTES).bytes(raw);
  const body = w.finish();
  const out = new Uint8Array(4 + body.length);
  out.set(MAGIC);
  out.set(body, 4);
  return out;
}

/** A WatchEvent frame: its length, then the event with the enveloped object. */
export function watchFrame(type: string, enveloped: Uint8Array): Uint8Array {
  const w = new ProtoWriter();
  w.tag(1, WIRE_BYTES).string(type);
  w.tag(2, WIRE_BYTES).fork().tag(1, WIRE_BYTES).bytes(enveloped).join();
  const event = w.finish();
  const out = new Uint8Array(4 + event.length);
  new DataView(out.buffer).setUint32(0, event.length);
  out.set(event, 4);
  return out;
}

const varintSize = (n: number): number => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : 4);

/** A field of wire type 2 (`no` below 16), its length and `size` bytes to follow: its head's size. */
const headSize = (size: number): number => 1 + varintSize(size);

/**
 * The same bytes as `watchFrame(type, wrap(apiVersion, kind, message))`, written once into one
 * array: a watch-list of 150,000 pods makes as many frames, and the nested messages' copies were
 * most of their cost. Every string must be ASCII (types, API versions and kinds are).
 */
export function watchEventFrame(
  type: string,
  apiVersion: string,
  kind: string,
  message: Uint8Array,
): Uint8Array {
  const typeMeta =
    headSize(apiVersion.length) + apiVersion.length + headSize(kind.length) + kind.length;
  const unknown = headSize(typeMeta) + typeMeta + headSize(message.length) + message.length;
  const enveloped = 4 + unknown;
  const rawExtension = headSize(enveloped) + enveloped;
  const event = headSize(type.length) + type.length + headSize(rawExtension) + rawExtension;
  const out = new Uint8Array(4 + event);
  let at = 0;
  const u32 = (n: number) => {
    out[at++] = n >>> 24;
    out[at++] = (n >>> 16) & 0xff;
    out[at++] = (n >>> 8) & 0xff;
    out[at++] = n & 0xff;
  };
  const head = (no: number, size: number) => {
    out[at++] = (no << 3) | WIRE_BYTES;
    let v = size;
    while (v >= 0x80) {
      out[at++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    out[at++] = v;
  };
  const ascii = (no: number, text: string) => {
    head(no, text.length);
    for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
  };
  u32(event);
  ascii(1, type);
  head(2, rawExtension);
  head(1, enveloped);
  out.set(MAGIC, at);
  at += 4;
  head(1, typeMeta);
  ascii(1, apiVersion);
  ascii(2, kind);
  head(2, message.length);
  out.set(message, at);
  return out;
}

/** One WatchEvent's type and its object's envelope (a view into the frame). */
export function readWatchEvent(event: Uint8Array): { type: string; object: Uint8Array } {
  const r = new ProtoReader(event);
  let type = '';
  let object: Uint8Array = new Uint8Array();
  eachBytesField(r, (no) => {
    if (no === 1) type = r.string();
    else if (no === 2) {
      const { start, end } = r.span();
      const inner = new ProtoReader(event, start, end);
      eachBytesField(inner, (n) => {
        if (n !== 1) return false;
        object = inner.bytes();
        return true;
      });
    } else return false;
    return true;
  });
  return { type, object };
}

/**
 * Splits a watch stream into frames as its chunks arrive: {@link push} a chunk, get back every
 * frame it completed. A frame longer than `maxFrame` is refused (a corrupt length would
 * otherwise wait forever for bytes that never come).
 */
export class FrameReader {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** Bytes the next frame needs in all. */
  private needed = 4;

  constructor(private readonly maxFrame = 64 * 1024 * 1024) {}

  push(chunk: Uint8Array): Uint8Array[] {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    const frames: Uint8Array[] = [];
    // A large frame comes in many chunks: they are joined once it is whole, not at each one.
    if (this.pendingBytes < this.needed) return frames;
    let buf = this.pending.length === 1 ? chunk : concat(this.pending, this.pendingBytes);
    let pos = 0;
    this.needed = 4;
    while (buf.length - pos >= 4) {
      const len =
        (((buf[pos] as number) << 24) |
          ((buf[pos + 1] as number) << 16) |
          ((buf[pos + 2] as number) << 8) |
          (buf[pos + 3] as number)) >>>
        0;
      if (len > this.maxFrame) throw new ProtobufError(`watch frame of ${len} bytes`);
      if (buf.length - pos - 4 < len) {
        this.needed = 4 + len;
        break;
      }
      frames.push(buf.subarray(pos + 4, pos + 4 + len));
      pos += 4 + len;
    }
    buf = buf.subarray(pos);
    this.pending = buf.length === 0 ? [] : [buf];
    this.pendingBytes = buf.length;
    return frames;
  }

  /** Bytes of an unfinished frame (a stream that ends here was cut). */
  get buffered(): number {
    return this.pendingBytes;
  }
}

function concat(parts: readonly Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Every built-in kind's message has its ObjectMeta as field 1. */
const IDENTITY = message('Identity', {
  metadata: {
    no: 1,
    type: 'message',
    message: pruned(OBJECT_META, { name: true, namespace: true, resourceVersion: true }),
  },
});

/**
 * An object's name, namespace ('' for a cluster-scoped one) and resourceVersion, read from its
 * message without decoding the rest (every other field is skipped by its length): enough to tell
 * an object already held at that version, as most of a relist's are.
 */
export function readIdentity(raw: Uint8Array): {
  name: string;
  namespace: string;
  resourceVersion: string;
} {
  const meta = (decodeMessage(raw, IDENTITY)['metadata'] ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    name: text(meta['name']),
    namespace: text(meta['namespace']),
    resourceVersion: text(meta['resourceVersion']),
  };
}
