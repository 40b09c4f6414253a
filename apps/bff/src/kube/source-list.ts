import type { Clock } from '@pdbscope/shared/clock';
import type { MessageSchema } from '@pdbscope/shared/protobuf';
import type { KubeHttp } from './http.js';
import type { Watcher } from './list-watch.js';
import { listAllPages, type PagedList } from './paged-list.js';
import type { Held } from './projecting-watch.js';
import type { UnreadableObjects } from './unreadable-objects.js';
import { WatchListUnsupported, listByWatch } from './watch-list.js';

/** The source's own options, those its list reads. */
export interface SourceListOptions<T> {
  http: KubeHttp;
  /** Collection path, e.g. `/api/v1/pods`. */
  path: string;
  project: (raw: unknown) => Held<T> | undefined;
  sink: { upsert(view: T): void; remove(view: T): void };
  unreadable?: Pick<UnreadableObjects, 'listStarted' | 'listCompleted' | 'listFailed'>;
  listPageSize?: number;
  listTimeoutMs?: number;
  /** The protobuf read set of the resource, when it has one and the BFF asks for protobuf. */
  protobuf?: MessageSchema;
  /**
   * Stream lists through this watch where the server supports it (sendInitialEvents); absent,
   * every list is paged.
   */
  streamWith?: { watch: Watcher; clock: Clock; timeoutSeconds: number; silenceMs?: number };
  /** A streamed list was found unsupported and the source lists in pages (logged). */
  onFallback?: (reason: string) => void;
  /**
   * What is held of this object when it is at this very version (a relist after a 410 or a
   * restart brings back mostly what is held): such an object is not handed to the sink again,
   * and the index does no work for it; a stream does not even decode it. The loop's own
   * comparison leaves it alone too.
   */
  heldAt?: (identity: {
    name: string;
    namespace: string;
    resourceVersion: string;
  }) => Held<T> | undefined;
}

const keyOf = <T>(h: Held<T>) => `${h.metadata.namespace ?? ''}/${h.metadata.name}`;

/**
 * The list half of a source's list-then-watch: every page goes to the sink as it arrives (the
 * index loads it while the next page is in flight), the unreadable objects' ledger is told where
 * each list starts and ends, and the loop's adds of the listed items that follow are recognised
 * as handed over already (they only count).
 */
export class SourceList<T> {
  private listingNow = false;
  /**
   * The last list's items, handed to the sink page by page as they arrived; the loop then adds
   * them in the same order, and those adds only count (the sink has them already).
   */
  private listed: readonly Held<T>[] | undefined;
  private listedAt = 0;
  /** A list has completed: later lists may not be served from the watch cache. */
  private listedOnce = false;
  /** Items not handed to the sink (held already): if the loop adds them after all, they go. */
  private skipped = new WeakSet<Held<T>>();

  constructor(private readonly options: SourceListOptions<T>) {}

  /** A list is under way. */
  get listing(): boolean {
    return this.listingNow;
  }

  /** Lists every page, each handed to the sink as it arrives. */
  async list(): Promise<PagedList<Held<T>>> {
    const { options } = this;
    this.listingNow = true;
    options.unreadable?.listStarted();
    const page = await this.listOnce()
      .catch((err: unknown) => {
        options.unreadable?.listFailed();
        throw err;
      })
      .finally(() => (this.listingNow = false));
    this.listedOnce = true;
    options.unreadable?.listCompleted();
    return page;
  }

  /**
   * Streamed where the server does it (remembered per server once tried), else in pages. A
   * stream given up midway has handed some objects to the sink already: what the paged list
   * that replaces it no longer has is taken back out.
   */
  private async listOnce(): Promise<PagedList<Held<T>>> {
    const { options } = this;
    const stream = options.streamWith;
    if (stream === undefined || options.http.watchListSupported === false) return this.paged();
    const handed: Held<T>[] = [];
    try {
      const listed = await listByWatch({
        watch: stream.watch,
        clock: stream.clock,
        path: options.path,
        project: options.project,
        ...(options.heldAt ? { reuse: options.heldAt } : {}),
        onPage: (page) => {
          for (const held of page) {
            if (this.held(held)) continue;
            handed.push(held);
            options.sink.upsert(held.view);
          }
        },
        silenceMs: stream.silenceMs ?? 10_000,
        timeoutSeconds: stream.timeoutSeconds,
        ...(options.listPageSize !== undefined ? { pageSize: options.listPageSize } : {}),
      });
      options.http.watchListSupported = true;
      return listed;
    } catch (err) {
      // A refused watch is listed in pages this time: the list's own answer is what is reported
      // (and what a fallback to one source per namespace acts on).
      if ((err as { statusCode?: unknown } | null)?.statusCode === 403) return this.paged();
      if (!(err instanceof WatchListUnsupported)) throw err;
      options.http.watchListSupported = false;
      options.onFallback?.(err.message);
      const paged = await this.paged();
      const kept = new Set(paged.items.map(keyOf));
      for (const held of handed) if (!kept.has(keyOf(held))) options.sink.remove(held.view);
      return paged;
    }
  }

  private held(item: Held<T>): boolean {
    const { metadata } = item;
    const identity = {
      name: metadata.name,
      namespace: metadata.namespace ?? '',
      resourceVersion: metadata.resourceVersion,
    };
    if (this.options.heldAt?.(identity) === undefined) return false;
    this.skipped.add(item);
    return true;
  }

  private paged(): Promise<PagedList<Held<T>>> {
    const { options } = this;
    return listAllPages({
      http: options.http,
      path: options.path,
      project: options.project,
      onPage: (page) => {
        for (const held of page) if (!this.held(held)) options.sink.upsert(held.view);
      },
      ...(options.protobuf ? { protobuf: options.protobuf } : {}),
      // Where consistency allows: a first list (nothing held to go back from), and protobuf (a
      // server that answers it whole from its cache sends a body no string must hold).
      fromCache: options.protobuf !== undefined && !this.listedOnce,
      ...(options.listPageSize !== undefined ? { limit: options.listPageSize } : {}),
      ...(options.listTimeoutMs !== undefined ? { timeoutMs: options.listTimeoutMs } : {}),
    });
  }

  /** The loop adds these items next, in this order: the sink has them already. */
  handOver(items: readonly Held<T>[]): void {
    this.listed = items;
    this.listedAt = 0;
  }

  /** Whether this is the next of the listed items (a scan that finds nothing ends the list's turn). */
  handedOver(held: Held<T>): boolean {
    const listed = this.listed;
    if (!listed) return false;
    while (this.listedAt < listed.length && listed[this.listedAt] !== held) this.listedAt++;
    if (this.listedAt < listed.length) {
      this.listedAt++;
      return !this.skipped.has(held);
    }
    this.listed = undefined;
    return false;
  }

  /** The watch streams: the list's turn is over. */
  watching(): void {
    this.listed = undefined;
  }
}
