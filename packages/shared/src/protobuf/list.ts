import { decodeInto, decodeMessage } from './decode.js';
import { unwrap } from './envelope.js';
import { LIST_META } from './kubernetes/meta.js';
import type { MessageSchema } from './schema.js';
import { MAGIC } from './envelope.js';
import { ProtoReader, ProtoWriter, ProtobufError, WIRE_BYTES, eachBytesField } from './wire.js';

export interface ListMeta {
  resourceVersion: string;
  /** '' when the list is complete. */
  continue: string;
}

const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Reads an enveloped `…List`: each item decoded with `item` (a pruned schema reads only what it
 * names) and handed to `each` at once, so no item outlives its turn unless `each` keeps it.
 */
export function readList(
  body: Uint8Array,
  item: MessageSchema,
  each: (object: Record<string, unknown>) => void,
): ListMeta {
  const { raw } = unwrap(body);
  const r = new ProtoReader(raw);
  const meta: ListMeta = { resourceVersion: '', continue: '' };
  eachBytesField(r, (no) => {
    if (no === 1) {
      const { start, end } = r.span();
      const m = decodeMessage(raw, LIST_META, start, end);
      meta.resourceVersion = textOf(m['resourceVersion']);
      meta.continue = textOf(m['continue']);
    } else if (no === 2) {
      const len = r.length();
      each(decodeInto(r, r.pos + len, item, {}));
    } else return false;
    return true;
  });
  return meta;
}

/**
 * The list's metadata from the first bytes of its body (it comes before the items), or undefined
 * while they are too few: a pager asks for the next page before this one has arrived whole.
 */
export function listMetaInHead(head: Uint8Array): ListMeta | undefined {
  try {
    if (head.length < 4 || MAGIC.some((b, i) => head[i] !== b)) return undefined;
    const r = new ProtoReader(head, 4);
    // Unknown: typeMeta (1), then raw (2), whose length runs past the head.
    for (;;) {
      const tag = r.uint32();
      if (tag >>> 3 === 2 && (tag & 7) === WIRE_BYTES) break;
      r.skip(tag & 7);
    }
    r.uint32();
    const tag = r.uint32();
    if (tag >>> 3 !== 1 || (tag & 7) !== WIRE_BYTES) return { resourceVersion: '', continue: '' };
    const { start, end } = r.span();
    const m = decodeMessage(head, LIST_META, start, end);
    return { resourceVersion: textOf(m['resourceVersion']), continue: textOf(m['continue']) };
  } catch (e) {
    if (e instanceof ProtobufError) return undefined;
    throw e;
  }
}

/**
 * An enveloped list as parts to write one after another: the envelope and list metadata, then
 * each item's field header before its (cached) message bytes. The items are never copied into
 * one buffer.
 */
export function listParts(options: {
  apiVersion: string;
  kind: string;
  meta: ListMeta;
  items: readonly Uint8Array[];
}): Uint8Array[] {
  const meta = new ProtoWriter();
  if (options.meta.resourceVersion !== '')
    meta.tag(2, WIRE_BYTES).string(options.meta.resourceVersion);
  if (options.meta.continue !== '') meta.tag(3, WIRE_BYTES).string(options.meta.continue);
  const metaField = new ProtoWriter().tag(1, WIRE_BYTES).bytes(meta.finish()).finish();
  const headers = options.items.map((item) =>
    new ProtoWriter().tag(2, WIRE_BYTES).uint32(item.length).finish(),
  );
  let rawLength = metaField.length;
  for (let i = 0; i < headers.length; i++)
    rawLength += (headers[i] as Uint8Array).length + (options.items[i] as Uint8Array).length;
  const envelope = new ProtoWriter();
  envelope
    .tag(1, WIRE_BYTES)
    .fork()
    .tag(1, WIRE_BYTES)
    .string(options.apiVersion)
    .tag(2, WIRE_BYTES)
    .string(options.kind)
    .join()
    .tag(2, WIRE_BYTES)
    .uint32(rawLength);
  const parts: Uint8Array[] = [MAGIC, envelope.finish(), metaField];
  for (let i = 0; i < headers.length; i++)
    parts.push(headers[i] as Uint8Array, options.items[i] as Uint8Array);
  return parts;
}
