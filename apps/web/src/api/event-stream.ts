import type { QueryClient } from '@tanstack/react-query';
import { apiPaths, type ServerEvent } from '@pdbscope/shared/api';
import { parseServerEvent } from '@pdbscope/shared/events';
import { applyEvents } from './apply-events.js';
import type { StreamStatusStore } from './stream-status.js';

/** The part of EventSource this module uses, so tests can hand in a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((this: EventSourceLike, event: Event) => unknown) | null;
  onmessage: ((this: EventSourceLike, event: MessageEvent<string>) => unknown) | null;
  onerror: ((this: EventSourceLike, event: Event) => unknown) | null;
  close(): void;
}

export interface EventStreamOptions {
  client: QueryClient;
  status: StreamStatusStore;
  createSource?: (url: string) => EventSourceLike;
  now?: () => number;
  /** Injected so tests control time: runs `callback` after `ms`, returns a cancel function. */
  schedule?: (callback: () => void, ms: number) => () => void;
  /** Events arriving within this window are applied together, so a burst re-renders once. */
  batchMs?: number;
}

const CLOSED = 2;
const maxBackoffMs = 30_000;

function defaultSchedule(callback: () => void, ms: number): () => void {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
}

/**
 * Keeps the cache current from /api/events. The browser's EventSource reconnects by itself
 * (sending Last-Event-ID, so the server can replay what was missed or say `resync`); when it
 * gives up (the server refused or went away for good) we open a new one with backoff and
 * refetch everything, since a fresh stream cannot resume. Returns a function that stops it.
 */
export function connectEventStream(options: EventStreamOptions): () => void {
  const createSource = options.createSource ?? ((url: string) => new EventSource(url) as unknown as EventSourceLike);
  const now = options.now ?? Date.now;
  const schedule = options.schedule ?? defaultSchedule;
  const batchMs = options.batchMs ?? 16;
  let source: EventSourceLike | undefined;
  let stopped = false;
  let failures = 0;
  let pending: ServerEvent[] = [];
  let cancelFlush: (() => void) | undefined;
  let cancelRetry: (() => void) | undefined;

  const flush = () => {
    cancelFlush = undefined;
    const events = pending;
    pending = [];
    applyEvents(options.client, events);
  };

  const open = (fresh: boolean) => {
    const current = createSource(apiPaths.events);
    source = current;
    current.onopen = () => {
      failures = 0;
      options.status.opened(now());
      // A new EventSource cannot resume where the old one stopped: refetch what it may have missed.
      if (fresh) void options.client.invalidateQueries();
      fresh = false;
    };
    current.onmessage = (message) => {
      options.status.eventArrived(now());
      const event = parseServerEvent(message.data);
      if (event === undefined) return;
      pending.push(event);
      cancelFlush ??= schedule(flush, batchMs);
    };
    current.onerror = () => {
      options.status.lost(now());
      if (current.readyState !== CLOSED || stopped) return;
      current.close();
      failures += 1;
      const delay = Math.min(maxBackoffMs, 1000 * 2 ** Math.min(failures - 1, 5));
      cancelRetry = schedule(() => open(true), delay);
    };
  };

  open(false);
  return () => {
    stopped = true;
    cancelFlush?.();
    cancelRetry?.();
    source?.close();
  };
}
