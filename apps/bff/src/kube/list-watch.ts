import type { Held } from './projecting-watch.js';

type WatchCallback = (phase: string, obj: unknown, watchObj?: unknown) => void;

/** What the loop watches through (a ProjectingWatch: every change arrives as a Held). */
/** An object the stream's reader has already, at the version the stream names. */
export class Reused<T> {
  constructor(readonly held: T) {}
}

export interface WatchOptions {
  /**
   * Asked for each ADDED object's identity before it is decoded: what it returns is handed to
   * the callback as {@link Reused} in place of the object (a relist of a stream skips decoding
   * what is held at that version). Only a reader that can peek at the identity asks.
   */
  reuse?: (identity: { name: string; namespace: string; resourceVersion: string }) => unknown;
}

export interface Watcher {
  watch(
    path: string,
    queryParams: Record<string, unknown>,
    callback: WatchCallback,
    done: (err: unknown) => void,
    options?: WatchOptions,
  ): Promise<AbortController>;
}

export interface ListWatchHandlers<T> {
  /** An object not held before. */
  add(held: Held<T>): void;
  /** A held object at another resourceVersion. */
  update(held: Held<T>): void;
  /** A held object is gone: deleted by the watch, or missing from a new list. */
  delete(held: Held<T>): void;
  /** The list or the watch failed (not a 410, which relists): the loop stops until started. */
  error(err: unknown): void;
  /** A list has been applied (before its watch connects). */
  listed?: () => void;
  /** A list again after a watch (a 410): until the next watch starts, events are not followed. */
  relisting?: () => void;
  /** A watch ended and another resumes from its resourceVersion (nothing is missed, only late). */
  rewatching?: () => void;
}

export interface ListWatchOptions<T> {
  path: string;
  watch: Watcher;
  list: () => Promise<{ items: readonly Held<T>[]; resourceVersion: string }>;
  on: ListWatchHandlers<T>;
}

/**
 * A Held kept whole: its metadata is not its view (a namespace's name, an event's log entry).
 * Wrapped so the cache can tell it from a bare view.
 */
class Whole<T> {
  constructor(readonly held: Held<T>) {}
}

type Entry<T> = Held<T>['metadata'] | Whole<T>;

const is410 = (err: unknown): boolean => {
  const e = err as { statusCode?: unknown; code?: unknown } | null;
  return e?.statusCode === 410 || e?.code === 410;
};

/**
 * List, then watch from the list's resourceVersion, resuming from the last one seen; a 410 makes
 * the next start list again, and what that list no longer has is deleted. The events and their
 * order are client-node 1.4's ListWatch's; what differs is what is held per object. ListWatch kept
 * the Held wrapper of every object, 40 bytes each, though a cluster object's view is its own
 * metadata: here such a view is held alone (7 MB less at 150,000 pods).
 */
export class ListWatchLoop<T> {
  /** Where the watch resumes; '' lists first. Opaque. */
  resourceVersion = '';
  private readonly objects = new Map<string, Map<string, Entry<T>>>();
  private stopped = false;
  private request: AbortController | undefined;
  private watched = false;

  constructor(private readonly options: ListWatchOptions<T>) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.done(null);
  }

  stop(): void {
    this.stopped = true;
    this.abort();
  }

  get(name: string, namespace?: string): Held<T> | undefined {
    const entry = this.objects.get(namespace ?? '')?.get(name);
    return entry === undefined ? undefined : heldOf(entry);
  }

  list(): Held<T>[] {
    const out: Held<T>[] = [];
    for (const inner of this.objects.values()) for (const e of inner.values()) out.push(heldOf(e));
    return out;
  }

  /** Drops everything held, without telling anyone: the next list adds every object anew. */
  forget(): void {
    this.objects.clear();
  }

  private abort(): void {
    this.request?.abort();
    this.request = undefined;
  }

  private async done(err: unknown): Promise<void> {
    this.abort();
    if (err !== null && err !== undefined) {
      if (!is410(err)) return this.options.on.error(err);
      this.resourceVersion = '';
    }
    if (this.stopped) return;
    if (this.resourceVersion === '') {
      if (this.watched) this.options.on.relisting?.();
      let listed: { items: readonly Held<T>[]; resourceVersion: string };
      try {
        listed = await this.options.list();
      } catch (listErr) {
        return this.options.on.error(listErr);
      }
      this.deleteMissing(listed.items);
      for (const held of listed.items) this.addOrUpdate(held);
      this.resourceVersion = listed.resourceVersion;
      this.options.on.listed?.();
    } else if (this.watched) this.options.on.rewatching?.();
    try {
      this.watched = true;
      this.request = await this.options.watch.watch(
        this.options.path,
        { resourceVersion: this.resourceVersion },
        (phase, obj) => this.event(phase, obj),
        (doneErr) => void this.done(doneErr),
      );
    } catch (watchErr) {
      // Thrown before any request is sent (client-node reads the credentials first: an exec
      // plugin that fails rejects here, not through `done`). Not caught, the loop would stop
      // for good with nothing to restart it, and the rejection would be unhandled.
      this.options.on.error(watchErr);
    }
  }

  private event(phase: string, obj: unknown): void {
    if (phase === 'ERROR') {
      if ((obj as { code?: unknown } | null)?.code === 410) this.resourceVersion = '';
      return;
    }
    if (phase === 'ADDED' || phase === 'MODIFIED') this.addOrUpdate(obj as Held<T>);
    else if (phase === 'DELETED') this.delete(obj as Held<T>);
    const metadata = (obj as { metadata?: { resourceVersion?: unknown } } | null)?.metadata;
    this.resourceVersion =
      metadata === undefined
        ? ''
        : typeof metadata.resourceVersion === 'string'
          ? metadata.resourceVersion
          : '';
  }

  private addOrUpdate(held: Held<T>): void {
    const { name, namespace, resourceVersion } = held.metadata;
    const inner = this.inner(namespace ?? '');
    const found = inner.get(name);
    if (found === undefined) {
      inner.set(name, entryOf(held));
      this.options.on.add(held);
    } else if (metadataOf(found).resourceVersion !== resourceVersion) {
      inner.set(name, entryOf(held));
      this.options.on.update(held);
    }
  }

  private delete(held: Held<T>): void {
    const namespace = held.metadata.namespace ?? '';
    const inner = this.objects.get(namespace);
    if (!inner?.delete(held.metadata.name)) return;
    if (inner.size === 0) this.objects.delete(namespace);
    this.options.on.delete(held);
  }

  /** What a new list no longer has is deleted, the held version told. */
  private deleteMissing(items: readonly Held<T>[]): void {
    const listed = new Map<string, Set<string>>();
    for (const { metadata } of items) {
      const ns = metadata.namespace ?? '';
      const names = listed.get(ns);
      if (names) names.add(metadata.name);
      else listed.set(ns, new Set([metadata.name]));
    }
    for (const [namespace, inner] of this.objects) {
      const names = listed.get(namespace);
      for (const [name, entry] of inner) {
        if (names?.has(name)) continue;
        inner.delete(name);
        this.options.on.delete(heldOf(entry));
      }
      if (inner.size === 0) this.objects.delete(namespace);
    }
  }

  private inner(namespace: string): Map<string, Entry<T>> {
    let inner = this.objects.get(namespace);
    if (!inner) {
      inner = new Map();
      this.objects.set(namespace, inner);
    }
    return inner;
  }
}

function entryOf<T>(held: Held<T>): Entry<T> {
  return (held.metadata as unknown) === held.view ? held.metadata : new Whole(held);
}

function heldOf<T>(entry: Entry<T>): Held<T> {
  return entry instanceof Whole ? entry.held : { metadata: entry, view: entry as unknown as T };
}

function metadataOf<T>(entry: Entry<T>): Held<T>['metadata'] {
  return entry instanceof Whole ? entry.held.metadata : entry;
}
