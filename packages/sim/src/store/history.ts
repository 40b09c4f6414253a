import type { StoreEvent } from './types.js';

/** A store event with its numeric version and the watch line, serialised once for every watcher. */
export interface HistoryEntry {
  rv: number;
  event: StoreEvent;
  /** `{"type":"…","object":…}` + newline. */
  line(): string;
  /** The object's JSON. */
  objectJson(): string;
}

/**
 * A bounded window of recent events, for watch resumption. Versions at or below `compactedThrough`
 * are gone: a watch resuming from them gets 410 Expired.
 */
export class EventHistory {
  private entries: HistoryEntry[] = [];
  private head = 0;
  compactedThrough: number;

  constructor(
    private readonly capacity: number,
    startRv: number,
  ) {
    this.compactedThrough = startRv;
  }

  push(entry: HistoryEntry): void {
    this.entries.push(entry);
    if (this.entries.length - this.head > this.capacity) {
      const dropped = this.entries[this.head];
      if (dropped !== undefined) this.compactedThrough = dropped.rv;
      this.head++;
      if (this.head > 4096 && this.head * 2 > this.entries.length) {
        this.entries = this.entries.slice(this.head);
        this.head = 0;
      }
    }
  }

  /** Forgets everything up to and including `rv`. */
  compact(rv: number): void {
    this.compactedThrough = Math.max(this.compactedThrough, rv);
    while (
      this.head < this.entries.length &&
      (this.entries[this.head]?.rv ?? Infinity) <= this.compactedThrough
    )
      this.head++;
  }

  /** Events after `rv`, or undefined when `rv` is older than the window. */
  since(rv: number): HistoryEntry[] | undefined {
    if (rv < this.compactedThrough) return undefined;
    let lo = this.head;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.entries[mid]?.rv ?? Infinity) <= rv) lo = mid + 1;
      else hi = mid;
    }
    return this.entries.slice(lo);
  }

  get size(): number {
    return this.entries.length - this.head;
  }
}

export function historyEntry(rv: number, event: StoreEvent, objectJson: string): HistoryEntry {
  let line: string | undefined;
  return {
    rv,
    event,
    objectJson: () => objectJson,
    line: () => (line ??= `{"type":"${event.type}","object":${objectJson}}\n`),
  };
}
