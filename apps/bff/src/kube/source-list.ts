import type { KubeHttp } from './http.js';
import { listAllPages, type PagedList } from './paged-list.js';
import type { Held } from './projecting-watch.js';
import type { UnreadableObjects } from './unreadable-objects.js';

/** The source's own options, those its list reads. */
export interface SourceListOptions<T> {
  http: KubeHttp;
  /** Collection path, e.g. `/api/v1/pods`. */
  path: string;
  project: (raw: unknown) => Held<T> | undefined;
  sink: { upsert(view: T): void };
  unreadable?: Pick<UnreadableObjects, 'listStarted' | 'listCompleted' | 'listFailed'>;
  listPageSize?: number;
  listTimeoutMs?: number;
}

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
    const page = await listAllPages({
      http: options.http,
      path: options.path,
      project: options.project,
      onPage: (page) => {
        for (const held of page) options.sink.upsert(held.view);
      },
      ...(options.listPageSize !== undefined ? { limit: options.listPageSize } : {}),
      ...(options.listTimeoutMs !== undefined ? { timeoutMs: options.listTimeoutMs } : {}),
    })
      .catch((err: unknown) => {
        options.unreadable?.listFailed();
        throw err;
      })
      .finally(() => (this.listingNow = false));
    options.unreadable?.listCompleted();
    return page;
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
      return true;
    }
    this.listed = undefined;
    return false;
  }

  /** The watch streams: the list's turn is over. */
  watching(): void {
    this.listed = undefined;
  }
}
