import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  PROTOBUF_MEDIA_TYPE,
  ProtobufError,
  STATUS,
  encodeMessage,
  listParts,
  protobufKindOf,
  watchEventFrame,
  watchFrame,
  wrap,
  type ListMeta,
  type ProtobufKind,
} from '@pdbscope/shared/protobuf';
import type { KubeObject, ResourceType, StoredObject } from '../store/index.js';
import { apiVersionOf } from '../store/index.js';
import { parseAccept } from './http.js';

/**
 * The simulator's protobuf answers (lists, gets, watch frames) for the built-in kinds of the
 * shared field table, to a client whose Accept header puts protobuf first (client-go's typed
 * clients, the BFF). An object is encoded once per resourceVersion (the StoredObject is replaced
 * on every write, so it keys the cache). An object the table cannot carry whole makes the answer
 * JSON, which the client accepts too: nothing is dropped silently.
 */

const encoded = new WeakMap<object, Uint8Array | null>();

/** Bytes and CPU time spent on list and watch answers, per format (GET /_sim/wire-stats). */
export interface WireStats {
  bytes: { json: number; protobuf: number };
  encodeCpuMs: { json: number; protobuf: number };
}

export const wireStats: WireStats = {
  bytes: { json: 0, protobuf: 0 },
  encodeCpuMs: { json: 0, protobuf: 0 },
};

/** Adds the CPU time `work` takes to the format's tally. */
export function timed<T>(format: 'json' | 'protobuf', work: () => T): T {
  const before = process.cpuUsage();
  try {
    return work();
  } finally {
    const d = process.cpuUsage(before);
    wireStats.encodeCpuMs[format] += (d.user + d.system) / 1000;
  }
}

/**
 * The kind to answer in protobuf, or undefined for JSON. `ctx` is the server context's one
 * field this needs (the context itself imports the watch hub, which imports this file).
 */
export function protobufAnswer(
  ctx: { protobuf: boolean },
  type: ResourceType,
  req: IncomingMessage,
): ProtobufKind | undefined {
  if (!ctx.protobuf) return undefined;
  const first = parseAccept(req.headers.accept)[0];
  if (first?.type !== PROTOBUF_MEDIA_TYPE || first.params.as !== undefined) return undefined;
  return protobufKindOf(apiVersionOf(type), type.resource);
}

/** The object's message, cached; null when the table cannot carry it whole. */
export function messageOf(
  kind: ProtobufKind,
  stored: StoredObject | KubeObject,
): Uint8Array | null {
  const key = stored as object;
  const known = encoded.get(key);
  if (known !== undefined) return known;
  const object = 'json' in stored && 'object' in stored ? stored.object : (stored as KubeObject);
  let bytes: Uint8Array | null;
  try {
    bytes = encodeMessage(object as Record<string, unknown>, kind.schema, ['apiVersion', 'kind']);
  } catch (e) {
    if (!(e instanceof ProtobufError)) throw e;
    bytes = null;
  }
  encoded.set(key, bytes);
  return bytes;
}

/** A list's parts in protobuf; undefined when one of its objects must go as JSON. */
export function listInProtobuf(
  kind: ProtobufKind,
  listKind: string,
  items: readonly StoredObject[],
  meta: ListMeta,
): Uint8Array[] | undefined {
  return timed('protobuf', () => {
    const messages: Uint8Array[] = [];
    for (const s of items) {
      const m = messageOf(kind, s);
      if (m === null) return undefined;
      messages.push(m);
    }
    return listParts({ apiVersion: kind.apiVersion, kind: listKind, meta, items: messages });
  });
}

export function sendProtobuf(res: ServerResponse, parts: readonly Uint8Array[]): void {
  const body = Buffer.concat(parts);
  wireStats.bytes.protobuf += body.length;
  res.writeHead(200, {
    'Content-Type': PROTOBUF_MEDIA_TYPE,
    'Cache-Control': 'no-cache, private',
    'Content-Length': String(body.length),
  });
  res.end(body);
}

/**
 * A watch event's frame. An object the table cannot carry whole (a watch cannot turn to JSON
 * midway) is sent as the Status of an error event naming what is missing. Its CPU time is the
 * caller's to count ({@link timed}), per slice of an initial state rather than per event.
 */
export function eventFrame(
  kind: ProtobufKind,
  type: string,
  object: StoredObject | KubeObject,
): Uint8Array {
  const m = messageOf(kind, object);
  if (m !== null) return watchEventFrame(type, kind.apiVersion, kind.kind, m);
  return statusFrame({
    code: 500,
    reason: 'InternalError',
    message: `the simulator's protobuf table cannot carry this ${kind.kind}: watch it as JSON`,
  });
}

/** A BOOKMARK: an object of the kind with only its resourceVersion (and annotations). */
export function bookmarkFrame(kind: ProtobufKind, metadata: Record<string, unknown>): Uint8Array {
  const m = encodeMessage({ metadata }, kind.schema);
  return watchFrame('BOOKMARK', wrap(kind.apiVersion, kind.kind, m));
}

/** An ERROR event carrying a meta/v1 Status. */
export function statusFrame(status: { code: number; reason: string; message: string }): Uint8Array {
  const m = encodeMessage(
    { status: 'Failure', message: status.message, reason: status.reason, code: status.code },
    STATUS,
  );
  return watchFrame('ERROR', wrap('v1', 'Status', m));
}
