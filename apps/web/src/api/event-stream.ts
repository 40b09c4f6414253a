import type { QueryClient } from '@tanstack/react-query';
import { apiRoutes, type ServerEvent } from '@pdbscope/shared/api';
import type { Clock, TimerHandle } from '@pdbscope/shared/clock';
import { parseServerEvent } from '@pdbscope/shared/events';
import { browserClock } from './browser-clock.js';
import { applyEvents } from './apply-events.js';
import { CatchUp } from './catch-up.js';
import type { StreamStatusStore } from './stream-status.js';
import type { LivePauseStore } from './live-pause.js';

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
  /** When events and losses happen, and the batch and retry timers (tests move a manual one). */
  clock?: Clock;
  /** Events arriving within this window are applied together, so a burst re-renders once. */
  batchMs?: number;
  /** While paused, events are counted, not applied; resuming refetches what is on screen. */
  pause?: LivePauseStore;
}

const CLOSED = 2;
const maxBackoffMs = 30_000;

/**
 * Keeps the cache current from /api/events. The browser's EventSource reconnects by itself
 * (sending Last-Event-ID, so the server replays what was missed or says `resync`); when it
 * gives up (the server refused or went away for good) we open a new one with backoff, resuming
 * from the last event seen. Answers fetched while events were in flight are caught up from a
 * short log (see CatchUp). Returns a function that stops it all.
 */
export function connectEventStream(options: EventStreamOptions): () => void {
  const createSource =
    options.createSource ?? ((url: string) => new EventSource(url) as unknown as EventSourceLike);
  const clock = options.clock ?? browserClock;
  const now = () => clock.now().getTime();
  const batchMs = options.batchMs ?? 16;
  let source: EventSourceLike | undefined;
  let stopped = false;
  let failures = 0;
  let pending: ServerEvent[] = [];
  let flushTimer: TimerHandle | undefined;
  let retryTimer: TimerHandle | undefined;
  let lastEventId: string | undefined;
  const catchUp = new CatchUp(options.client);
  const stopCatchUp = catchUp.watch();

  const flush = () => {
    flushTimer = undefined;
    const events = pending;
    pending = [];
    catchUp.record(events);
    const pause = options.pause;
    // Switching the context is the user's own act: it ends a pause rather than wait behind it.
    if (pause?.get().paused && !events.some((event) => event.type === 'context-changed')) {
      pause.held(events.length);
      return;
    }
    pause?.resume();
    applyEvents(options.client, events);
  };
  // Held changes were never applied: on resume the views on screen fetch their answers again.
  let heldBeforeResume = 0;
  const stopWatchingPause = options.pause?.subscribe(() => {
    if (options.pause?.get().paused === false && heldBeforeResume > 0)
      void options.client.invalidateQueries();
    heldBeforeResume = options.pause?.get().waiting ?? 0;
  });

  const open = () => {
    const url =
      lastEventId === undefined
        ? apiRoutes.events.path
        : `${apiRoutes.events.path}?lastEventId=${encodeURIComponent(lastEventId)}`;
    const current = createSource(url);
    source = current;
    current.onopen = () => {
      failures = 0;
      options.status.opened(now());
    };
    current.onmessage = (message) => {
      options.status.eventArrived(now());
      const event = parseServerEvent(message.data);
      if (event === undefined) return;
      lastEventId = event.id;
      pending.push(event);
      flushTimer ??= clock.setTimeout(flush, batchMs);
    };
    current.onerror = () => {
      options.status.lost(now());
      if (current.readyState !== CLOSED || stopped) return;
      current.close();
      failures += 1;
      const delay = Math.min(maxBackoffMs, 1000 * 2 ** Math.min(failures - 1, 5));
      retryTimer = clock.setTimeout(open, delay);
    };
  };

  open();
  return () => {
    stopped = true;
    stopCatchUp();
    stopWatchingPause?.();
    flushTimer?.cancel();
    retryTimer?.cancel();
    source?.close();
  };
}
