import { STATUS_CODES } from 'node:http';
import {
  FrameReader,
  OBJECT_META,
  STATUS,
  decodeMessage,
  message,
  pruned,
  readIdentity,
  readWatchEvent,
  unwrap,
  type MessageSchema,
} from '@pdbscope/shared/protobuf';
import type { KubeHttp } from './http.js';
import { Reused, type WatchOptions, type Watcher } from './list-watch.js';
import { JSON_ACCEPT, PROTOBUF_ACCEPT } from './wire.js';

type WatchCallback = (phase: string, obj: unknown) => void;

/** A BOOKMARK's object: its resourceVersion and annotations (the initial-events-end mark). */
const BOOKMARK = message('Bookmark', {
  metadata: {
    no: 1,
    type: 'message',
    message: pruned(OBJECT_META, { resourceVersion: true, annotations: true }),
  },
});

/** An HTTP error: the API server's Status message (client-node's Watch kept only the status text), the code as `statusCode`. */
function statusError(status: number, body: string | undefined): Error & { statusCode: number } {
  let message = STATUS_CODES[status] ?? 'Internal Server Error';
  try {
    const parsed = JSON.parse(body ?? '') as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // not a Status: the status text it is
  }
  return Object.assign(new Error(message), { statusCode: status });
}

/**
 * A watch over the BFF's own HTTP client (credentials, keep-alive agent, bytes counted), in place
 * of client-node's Watch: it asks for protobuf where the resource has a protobuf form (`schema`,
 * the kind's read set) and reads length-prefixed WatchEvent frames, or JSON lines when the server
 * answers JSON. Events and the done callback are as client-node's: `done` once, with null when
 * the server ends the stream or the watch is aborted.
 */
export class KubeWatch implements Watcher {
  constructor(
    private readonly http: KubeHttp,
    private readonly schema: MessageSchema | undefined,
  ) {}

  async watch(
    path: string,
    queryParams: Record<string, unknown>,
    callback: WatchCallback,
    done: (err: unknown) => void,
    options: WatchOptions = {},
  ): Promise<AbortController> {
    const params = new URLSearchParams({ watch: 'true' });
    for (const [k, v] of Object.entries(queryParams))
      if (v !== undefined) params.set(k, String(v as string | number | boolean));
    const controller = new AbortController();
    let finished = false;
    const finish = (err: unknown) => {
      if (finished) return;
      finished = true;
      controller.abort();
      done(err);
    };
    let read: ((chunk: Buffer) => void) | undefined;
    let status = 0;
    await new Promise<void>((started) => {
      this.http
        .stream(`${path}?${params.toString()}`, {
          accept: this.schema ? PROTOBUF_ACCEPT : JSON_ACCEPT,
          signal: controller.signal,
          onResponse: (code, contentType) => {
            status = code;
            read = contentType.startsWith('application/vnd.kubernetes.protobuf')
              ? this.protobufFrames(callback, finish, options.reuse)
              : jsonLines(callback);
            started();
          },
          onData: (chunk) => {
            if (finished) return;
            try {
              read?.(chunk);
            } catch (err) {
              finish(err);
            }
          },
          onEnd: (err, body) => {
            started();
            if (err === undefined && status !== 200 && status !== 0)
              finish(statusError(status, body));
            else finish(err ?? null);
          },
        })
        .catch((err: unknown) => {
          started();
          finish(err);
        });
    });
    return controller;
  }

  private protobufFrames(
    callback: WatchCallback,
    fail: (err: unknown) => void,
    reuse: WatchOptions['reuse'],
  ): (chunk: Buffer) => void {
    const frames = new FrameReader();
    const schema = this.schema;
    return (chunk) => {
      for (const frame of frames.push(chunk)) {
        const event = readWatchEvent(frame);
        const { raw } = unwrap(event.object);
        const kept = reuse && event.type === 'ADDED' ? reuse(readIdentity(raw)) : undefined;
        if (kept !== undefined) {
          callback(event.type, new Reused(kept));
          continue;
        }
        const as = event.type === 'BOOKMARK' ? BOOKMARK : event.type === 'ERROR' ? STATUS : schema;
        if (as === undefined) return fail(new Error('a protobuf watch of a kind with no table'));
        callback(event.type, decodeMessage(raw, as));
      }
    };
  }
}

/** JSON watch events, one a line; a line cut between chunks waits for its end. */
function jsonLines(callback: WatchCallback): (chunk: Buffer) => void {
  let rest: Buffer = Buffer.alloc(0);
  return (chunk) => {
    let buf = rest.length === 0 ? chunk : Buffer.concat([rest, chunk]);
    for (let nl = buf.indexOf(10); nl !== -1; nl = buf.indexOf(10)) {
      const line = buf.toString('utf8', 0, nl);
      buf = buf.subarray(nl + 1);
      if (line.trim() === '') continue;
      let event: { type?: unknown; object?: unknown };
      try {
        event = JSON.parse(line) as { type?: unknown; object?: unknown };
      } catch {
        continue; // as client-node: a line that does not parse is skipped
      }
      if (typeof event.type === 'string') callback(event.type, event.object);
    }
    rest = Buffer.from(buf);
  };
}
