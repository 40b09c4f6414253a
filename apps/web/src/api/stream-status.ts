import { useSyncExternalStore } from 'react';

/** How the browser's own connection to /api/events is doing. */
export interface StreamStatus {
  state: 'connecting' | 'open' | 'away';
  /** When the stream last changed state (ms since epoch). */
  since: number;
  /** When the last event arrived (ms since epoch). */
  lastEventAt?: number;
  /** Reconnection attempts since the stream was last open. */
  attempts: number;
}

type Listener = () => void;

/** A tiny store so the connection bar can show the stream's state without re-rendering the app. */
export class StreamStatusStore {
  private status: StreamStatus;
  private readonly listeners = new Set<Listener>();

  constructor(now: number) {
    this.status = { state: 'connecting', since: now, attempts: 0 };
  }

  get = (): StreamStatus => this.status;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  opened(now: number): void {
    this.set({ ...this.status, state: 'open', since: now, attempts: 0 });
  }

  lost(now: number): void {
    const since = this.status.state === 'away' ? this.status.since : now;
    this.set({ ...this.status, state: 'away', since, attempts: this.status.attempts + 1 });
  }

  eventArrived(now: number): void {
    this.set({ ...this.status, lastEventAt: now });
  }

  private set(status: StreamStatus): void {
    this.status = status;
    for (const listener of this.listeners) listener();
  }
}

export const streamStatus = new StreamStatusStore(Date.now());

export function useStreamStatus(store: StreamStatusStore = streamStatus): StreamStatus {
  return useSyncExternalStore(store.subscribe, store.get);
}
