import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoredObject } from '../../store/index.js';
import { apiVersionOf, internalError, notFound } from '../../store/index.js';
import type { RequestInput } from '../context.js';
import { selectionOf } from '../query.js';
import { parseAccept, sendError, sendJson, sendRawJson, wantsTable } from '../http.js';
import type { IncludeObject } from '../table/index.js';
import { toTable } from '../table/index.js';
import {
  listInProtobuf,
  messageOf,
  protobufAnswer,
  sendProtobuf,
  timed,
  wireStats,
} from '../protobuf-out.js';
import { wrap } from '@pdbscope/shared/protobuf';

const CHUNK_BYTES = 256 * 1024;

/** `includeObject` for Tables: the query parameter wins, then the Accept parameter; Metadata by default. */
export function includeObjectOf(req: IncomingMessage, params: URLSearchParams): IncludeObject {
  const fromQuery = params.get('includeObject');
  const value =
    fromQuery ??
    parseAccept(req.headers.accept).find((a) => a.params.includeObject !== undefined)?.params
      .includeObject;
  return value === 'None' || value === 'Object' ? value : 'Metadata';
}

export function tableRequested(req: IncomingMessage): boolean {
  return wantsTable(parseAccept(req.headers.accept));
}

export function handleGet({ ctx, route, req, res, params }: RequestInput): void {
  const name = route.name ?? '';
  const stored = ctx.store.getStored(route.type.resource, route.namespace, name);
  if (stored === undefined) {
    sendError(res, notFound(route.type, name));
    return;
  }
  if (tableRequested(req)) {
    sendJson(
      res,
      200,
      toTable({
        resource: route.type.resource,
        objects: [stored.object],
        now: ctx.clock.now(),
        include: includeObjectOf(req, params),
        metadata: { resourceVersion: stored.object.metadata.resourceVersion ?? '' },
      }),
    );
    return;
  }
  const kind = protobufAnswer(ctx, route.type, req);
  const message = kind && messageOf(kind, stored);
  if (kind && message) return sendProtobuf(res, [wrap(kind.apiVersion, kind.kind, message)]);
  sendRawJson(res, 200, stored.json);
}

/**
 * Answers with the fail-lists fault's 500 when one is pending. A list streamed through a watch
 * (watch-list) is a list too: it fails the same way.
 */
export function failedList(ctx: RequestInput['ctx'], res: ServerResponse): boolean {
  if (!ctx.faults.takeListFailure()) return false;
  sendError(res, internalError('simulated list failure (/_sim/faults/fail-lists)'));
  return true;
}

/** A list, streamed from each object's cached JSON (or a Table when kubectl asks for one). */
export async function handleList({
  ctx,
  route,
  query,
  req,
  res,
  params,
}: RequestInput): Promise<void> {
  if (failedList(ctx, res)) return;
  const listed = ctx.store.listStored(route.type.resource, {
    ...selectionOf(route.namespace, query),
    ...(query.limit === undefined ? {} : { limit: query.limit }),
    ...(query.continue === undefined ? {} : { continue: query.continue }),
  });
  if (!listed.ok) {
    sendError(res, listed.error);
    return;
  }
  const { items, resourceVersion } = listed.value;
  const metadata: Record<string, unknown> = { resourceVersion };
  if (listed.value.continue !== undefined) metadata.continue = listed.value.continue;
  if (tableRequested(req)) {
    sendJson(
      res,
      200,
      toTable({
        resource: route.type.resource,
        objects: items.map((s) => s.object),
        now: ctx.clock.now(),
        include: includeObjectOf(req, params),
        metadata,
      }),
    );
    return;
  }
  const kind = protobufAnswer(ctx, route.type, req);
  const parts =
    kind &&
    listInProtobuf(kind, route.type.listKind, items, {
      resourceVersion,
      continue: listed.value.continue ?? '',
    });
  if (parts) return sendProtobuf(res, parts);
  const head = `{"kind":"${route.type.listKind}","apiVersion":"${apiVersionOf(route.type)}","metadata":${JSON.stringify(metadata)},"items":[`;
  await streamList(res, head, items);
}

/** Waits until the socket takes more data, or is gone (a client that hangs up never drains). */
function drainOrClose(res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

async function streamList(
  res: ServerResponse,
  head: string,
  items: readonly StoredObject[],
): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private' });
  let buffer = head;
  let i = 0;
  while (i < items.length) {
    // Each chunk built in one go, its CPU time counted as JSON's encoding (the objects' JSON was
    // serialised when they were written; a list joins it).
    buffer = timed('json', () => {
      let b = buffer;
      for (; i < items.length && b.length < CHUNK_BYTES; i++)
        b += (i === 0 ? '' : ',') + (items[i] as StoredObject).json;
      return b;
    });
    if (buffer.length >= CHUNK_BYTES) {
      wireStats.bytes.json += buffer.length;
      if (!res.write(buffer)) await drainOrClose(res);
      buffer = '';
      if (res.destroyed) return;
    }
  }
  wireStats.bytes.json += buffer.length + 2;
  res.end(buffer + ']}');
}
