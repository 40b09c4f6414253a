import type { Clock, TimerHandle } from '@pdbscope/shared/clock';
import { Reused, type WatchOptions, type Watcher } from './list-watch.js';
import type { PagedList } from './paged-list.js';

/** The server does not stream lists (KEP-3157 watch-list): list in pages instead. */
export class WatchListUnsupported extends Error {
  constructor(reason: string) {
    super(`the API server does not stream lists (${reason}): listing in pages`);
    this.name = 'WatchListUnsupported';
  }
}

export interface WatchListOptions<T> {
  watch: Watcher;
  clock: Clock;
  path: string;
  project: (raw: unknown) => T | undefined;
  /** An object the reader holds at the version streamed, kept as it is (see WatchOptions). */
  reuse?: (identity: Parameters<NonNullable<WatchOptions['reuse']>>[0]) => T | undefined;
  /** Each batch of objects as it is projected (the store loads them while more arrive). */
  onPage?: (items: readonly T[]) => void;
  /**
   * How long the stream may be silent before its end: a server without the feature sends the
   * objects (as a plain watch does) and then nothing, never the closing bookmark.
   */
  silenceMs: number;
  /** Sent to the server: it ends the watch after this long. */
  timeoutSeconds: number;
  pageSize?: number;
}

const INITIAL_EVENTS_END = 'k8s.io/initial-events-end';

const statusOf = (err: unknown): unknown => (err as { statusCode?: unknown } | null)?.statusCode;

/**
 * A list streamed through a watch, as client-go's reflector does on servers that support it
 * (`sendInitialEvents=true`, `resourceVersionMatch=NotOlderThan`, `allowWatchBookmarks=true`):
 * every object comes as an ADDED event, and the list is complete at the BOOKMARK annotated
 * `k8s.io/initial-events-end: "true"`, whose resourceVersion the watch resumes from. The server
 * never holds the whole list in memory, nor do we: objects are projected as they come, and handed
 * on in batches like a paged list's pages.
 *
 * Rejects with {@link WatchListUnsupported} when the server shows it lacks the feature: it refuses
 * the parameters (400, 422), ends the stream or sends another bookmark before the closing one, or
 * is silent for `silenceMs` without it (an old server ignores the parameters and streams the
 * objects as a plain watch: nothing closes them). Any other failure rejects with its error.
 */
export function listByWatch<T>(options: WatchListOptions<T>): Promise<PagedList<T>> {
  const pageSize = options.pageSize ?? 500;
  const items: T[] = [];
  let batchStart = 0;
  let controller: AbortController | undefined;
  let timer: TimerHandle | undefined;
  let settled = false;
  return new Promise<PagedList<T>>((resolve, reject) => {
    const end = (outcome: { list?: PagedList<T>; err?: unknown }) => {
      if (settled) return;
      settled = true;
      timer?.cancel();
      controller?.abort();
      if (outcome.list) resolve(outcome.list);
      else reject(outcome.err);
    };
    // One timer, moved on only when it fires (not at each of 150,000 events).
    let lastEvent = options.clock.now().getTime();
    const check = () => {
      const silent = options.clock.now().getTime() - lastEvent;
      if (silent >= options.silenceMs)
        return end({
          err: new WatchListUnsupported(`no end bookmark within ${options.silenceMs} ms`),
        });
      timer = options.clock.setTimeout(check, options.silenceMs - silent);
    };
    const quiet = () => {
      lastEvent = options.clock.now().getTime();
    };
    timer = options.clock.setTimeout(check, options.silenceMs);
    const flush = () => {
      if (items.length > batchStart) options.onPage?.(items.slice(batchStart));
      batchStart = items.length;
    };
    options.watch
      .watch(
        options.path,
        {
          sendInitialEvents: true,
          resourceVersionMatch: 'NotOlderThan',
          allowWatchBookmarks: true,
          timeoutSeconds: options.timeoutSeconds,
        },
        (type, obj) => {
          if (settled) return;
          quiet();
          onEvent({
            type,
            obj,
            options,
            items,
            flush,
            end,
            pageFull: () => items.length - batchStart >= pageSize,
          });
        },
        (err) => {
          if (err === null || err === undefined)
            return end({
              err: new WatchListUnsupported('the stream ended before the end bookmark'),
            });
          const status = statusOf(err);
          end({
            err:
              status === 400 || status === 422
                ? new WatchListUnsupported(
                    `the server refused it: ${String((err as Error).message)}`,
                  )
                : err,
          });
        },
        options.reuse ? { reuse: options.reuse } : {},
      )
      .then((c) => {
        controller = c;
        if (settled) c.abort();
      })
      .catch((err: unknown) => end({ err }));
  });
}

interface EventInput<T> {
  type: string;
  obj: unknown;
  options: WatchListOptions<T>;
  items: T[];
  flush: () => void;
  end: (outcome: { list?: PagedList<T>; err?: unknown }) => void;
  pageFull: () => boolean;
}

/** One event of the stream: an object of the list, its closing bookmark, or a failure. */
function onEvent<T>({ type, obj, options, items, flush, end, pageFull }: EventInput<T>): void {
  if (type === 'ADDED' || type === 'MODIFIED') {
    const item = obj instanceof Reused ? (obj.held as T) : options.project(obj);
    if (item !== undefined) items.push(item);
    if (pageFull()) flush();
  } else if (type === 'BOOKMARK') {
    const metadata = (
      obj as {
        metadata?: { resourceVersion?: unknown; annotations?: Record<string, unknown> };
      } | null
    )?.metadata;
    if (metadata?.annotations?.[INITIAL_EVENTS_END] !== 'true')
      return end({ err: new WatchListUnsupported('a bookmark came before the end of the list') });
    flush();
    const rv = metadata.resourceVersion;
    end({ list: { items, resourceVersion: typeof rv === 'string' ? rv : '' } });
  } else if (type === 'ERROR') {
    const status = obj as { code?: unknown; message?: unknown } | null;
    end({
      err: Object.assign(
        new Error(`watch-list of ${options.path}: ${String(status?.message ?? 'error')}`),
        { statusCode: status?.code },
      ),
    });
  }
}
