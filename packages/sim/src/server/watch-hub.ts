import type { Clock, TimerHandle } from '@pdbscope/shared/clock';
import type { ServerResponse } from 'node:http';
import type { Selector } from '@pdbscope/shared';
import type {
  FieldSelector,
  HistoryEntry,
  KubeObject,
  ObjectStore,
  StoreError,
  WatchEventType,
} from '../store/index.js';
import type { StoredObject } from '../store/index.js';
import { labelsMatch, statusBody } from '../store/index.js';
import type { ProtobufKind } from '@pdbscope/shared/protobuf';
import { bookmarkFrame, eventFrame, statusFrame, timed, wireStats } from './protobuf-out.js';
import type { IncludeObject } from './table/index.js';
import { toTable } from './table/index.js';

const FLUSH_CHUNK_CHARS = 1024 * 1024;
/** Objects of an initial state written before the watcher waits for the client. */
const INITIAL_SLICE = 500;

export interface WatchSpec {
  resource: string;
  namespace?: string;
  labelSelector?: Selector;
  fieldSelector?: FieldSelector;
  /** Send each event's object as a one-row Table (kubectl get -w). */
  table?: { include: IncludeObject };
  bookmarks: boolean;
  bookmarkKind: { apiVersion: string; kind: string };
  /** The store's latest version: every event up to it has been delivered, so a bookmark may carry it. */
  currentVersion: () => string;
  /** Send length-prefixed protobuf WatchEvent frames of this kind instead of JSON lines. */
  protobuf?: ProtobufKind;
  /** Beyond this many unsent bytes of live events the watcher is too slow and is closed. */
  maxBufferedBytes: number;
}

/** One open watch connection. */
export class Watcher {
  private timers: TimerHandle[] = [];
  private closed = false;
  private tableColumnsSent = false;
  private pending: (string | Uint8Array)[] = [];
  private wantLive = false;
  private live = false;
  /** Live events that came while the initial state was going out: they follow it. */
  private held: HistoryEntry[] | undefined;

  constructor(
    readonly spec: WatchSpec,
    private readonly res: ServerResponse,
    private readonly clock: Clock,
    private readonly onClose: (w: Watcher) => void,
  ) {
    res.on('close', () => this.finish());
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Matches the spec's namespace and selectors. */
  matches(obj: KubeObject): boolean {
    if (this.spec.namespace !== undefined && obj.metadata.namespace !== this.spec.namespace)
      return false;
    if (
      this.spec.labelSelector !== undefined &&
      !labelsMatch(this.spec.labelSelector, obj.metadata.labels)
    )
      return false;
    return this.spec.fieldSelector === undefined || this.spec.fieldSelector.matches(obj);
  }

  /** Delivers a store event, turned into ADDED/DELETED when it enters or leaves the selection. */
  deliver(entry: HistoryEntry): void {
    if (this.closed) return;
    if (this.held !== undefined) {
      this.held.push(entry);
      return;
    }
    const { event } = entry;
    const now = this.matches(event.object);
    if (event.type === 'MODIFIED') {
      const before = event.oldObject !== undefined && this.matches(event.oldObject);
      if (now && before) this.send(entry, 'MODIFIED');
      else if (now) this.send(entry, 'ADDED');
      else if (before) this.send(entry, 'DELETED');
    } else if (now) this.send(entry, event.type);
  }

  /** A synthetic ADDED for an existing object (initial state). */
  added(stored: StoredObject): void {
    if (this.closed) return;
    if (this.spec.table !== undefined) this.writeTable('ADDED', stored.object);
    else if (this.spec.protobuf) this.write(eventFrame(this.spec.protobuf, 'ADDED', stored));
    else this.write(`{"type":"ADDED","object":${stored.json}}\n`);
  }

  /**
   * The current state as ADDED events, in slices that wait for the client to take each (an API
   * server streams a watch-list from its cache as the client reads; building 150,000 frames
   * before the first byte would leave the client waiting seconds for nothing). Events of the
   * store meanwhile are held and follow; `endVersion` is the state's resourceVersion, and the
   * closing bookmark (watch-list) carries it.
   */
  async sendInitial(input: {
    items: readonly StoredObject[];
    endVersion: string;
    endBookmark: boolean;
  }): Promise<void> {
    this.held = [];
    const { items } = input;
    let i = 0;
    while (i < items.length && !this.closed) {
      const sliceEnd = Math.min(items.length, i + INITIAL_SLICE);
      timed(this.spec.protobuf ? 'protobuf' : 'json', () => {
        for (; i < sliceEnd; i++) {
          const stored = items[i] as StoredObject;
          if (this.matches(stored.object)) this.added(stored);
        }
      });
      this.flush();
      await this.taken();
    }
    if (input.endBookmark) this.bookmark(true, input.endVersion);
    const held = this.held;
    this.held = undefined;
    for (const entry of held) this.deliver(entry);
  }

  /** Resolves once what was written has gone out (or the client is gone), else at the next turn. */
  private taken(): Promise<void> {
    if (this.closed || this.res.writableLength < FLUSH_CHUNK_CHARS)
      return new Promise((resolve) => setImmediate(resolve));
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  /**
   * A BOOKMARK with the latest version (or `version`); `initialEventsEnd` marks the end of a
   * WatchList's initial state. None goes out before that end, as an API server sends none.
   */
  bookmark(initialEventsEnd = false, version?: string): void {
    if (this.closed || !this.spec.bookmarks) return;
    if (this.held !== undefined && !initialEventsEnd) return;
    const { apiVersion, kind } = this.spec.bookmarkKind;
    const metadata = {
      resourceVersion: version ?? this.spec.currentVersion(),
      ...(initialEventsEnd ? { annotations: { 'k8s.io/initial-events-end': 'true' } } : {}),
    };
    if (this.spec.protobuf) return this.write(bookmarkFrame(this.spec.protobuf, metadata));
    this.write(JSON.stringify({ type: 'BOOKMARK', object: { kind, apiVersion, metadata } }) + '\n');
  }

  /** Sends an ERROR event with the Status and ends the stream. */
  fail(error: StoreError): void {
    if (this.closed) return;
    if (this.spec.protobuf) this.write(statusFrame(error));
    else this.write(JSON.stringify({ type: 'ERROR', object: statusBody(error) }) + '\n');
    this.end();
  }

  /** Ends the stream cleanly (a client resumes from its last version). */
  end(): void {
    if (this.closed) return;
    this.flush();
    if (this.closed) return;
    this.res.end();
    this.finish();
  }

  /** Cuts the connection (a client sees a reset). */
  destroy(): void {
    if (this.closed) return;
    this.res.destroy();
    this.finish();
  }

  startTimers(timeoutMs: number | undefined, bookmarkMs: number): void {
    if (timeoutMs !== undefined)
      this.timers.push(this.clock.setTimeout(() => this.end(), timeoutMs));
    if (this.spec.bookmarks) {
      const tick = (): void => {
        this.bookmark();
        if (!this.closed) this.timers.push(this.clock.setTimeout(tick, bookmarkMs));
      };
      this.timers.push(this.clock.setTimeout(tick, bookmarkMs));
    }
  }

  private send(entry: HistoryEntry, type: WatchEventType): void {
    if (this.spec.table !== undefined) this.writeTable(type, entry.event.object);
    else if (this.spec.protobuf) {
      const { protobuf } = this.spec;
      this.write(timed('protobuf', () => eventFrame(protobuf, type, entry.event.object)));
    } else
      this.write(
        type === entry.event.type
          ? entry.line()
          : `{"type":"${type}","object":${entry.objectJson()}}\n`,
      );
  }

  private writeTable(type: WatchEventType, object: KubeObject): void {
    const include = this.spec.table?.include ?? 'Metadata';
    const table = toTable({
      resource: this.spec.resource,
      objects: [object],
      now: this.clock.now(),
      include,
      metadata: { resourceVersion: object.metadata.resourceVersion ?? '' },
      withColumns: !this.tableColumnsSent,
    });
    this.tableColumnsSent = true;
    this.write(JSON.stringify({ type, object: table }) + '\n');
  }

  /** Lines written in one tick (a burst of store events, a replayed backlog) go out as one chunk. */
  private write(line: string | Uint8Array): void {
    if (this.pending.length === 0) process.nextTick(() => this.flush());
    this.pending.push(line);
  }

  private flush(): void {
    if (this.closed || this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    let drained = true;
    if (this.spec.protobuf) {
      // Frames go out in chunks of about a megabyte.
      let batch: Uint8Array[] = [];
      let size = 0;
      const send = () => {
        wireStats.bytes.protobuf += size;
        drained = this.res.write(Buffer.concat(batch, size));
        batch = [];
        size = 0;
      };
      for (const frame of lines as Uint8Array[]) {
        batch.push(frame);
        size += frame.length;
        if (size >= FLUSH_CHUNK_CHARS) send();
      }
      if (size > 0) send();
    } else {
      let chunk = '';
      for (const line of lines as string[]) {
        chunk += line;
        if (chunk.length >= FLUSH_CHUNK_CHARS) {
          wireStats.bytes.json += chunk.length;
          drained = this.res.write(chunk);
          chunk = '';
        }
      }
      wireStats.bytes.json += chunk.length;
      if (chunk !== '') drained = this.res.write(chunk);
    }
    if (this.live) {
      if (this.res.writableLength > this.spec.maxBufferedBytes) this.destroy();
    } else if (this.wantLive) {
      // The initial state may be large: the buffer limit applies once it has gone out.
      if (drained) this.live = true;
      else this.res.once('drain', () => void (this.live = true));
    }
  }

  /** Everything before this was the initial state or a backlog; what follows are live events. */
  goLive(): void {
    this.wantLive = true;
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) t.cancel();
    this.timers = [];
    this.onClose(this);
  }
}

/** Every open watch, fed from one store subscription; each event's line is serialised once. */
export class WatchHub {
  private readonly byResource = new Map<string, Set<Watcher>>();
  private readonly unsubscribe: () => void;

  constructor(store: ObjectStore) {
    this.unsubscribe = store.subscribeEntries((entry) => {
      const set = this.byResource.get(entry.event.resource);
      if (set !== undefined) for (const w of set) w.deliver(entry);
    });
  }

  add(w: Watcher): void {
    let set = this.byResource.get(w.spec.resource);
    if (set === undefined) {
      set = new Set();
      this.byResource.set(w.spec.resource, set);
    }
    set.add(w);
  }

  remove(w: Watcher): void {
    this.byResource.get(w.spec.resource)?.delete(w);
  }

  all(): Watcher[] {
    return [...this.byResource.values()].flatMap((s) => [...s]);
  }

  count(): number {
    let n = 0;
    for (const s of this.byResource.values()) n += s.size;
    return n;
  }

  close(): void {
    this.unsubscribe();
    for (const w of this.all()) w.destroy();
  }
}
