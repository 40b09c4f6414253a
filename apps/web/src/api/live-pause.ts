import { useSyncExternalStore } from 'react';

/** Whether the page holds its numbers still while the BFF keeps watching. */
export interface LivePause {
  paused: boolean;
  /** When the view was frozen (ms since epoch); the numbers on screen are as of then. */
  since?: number;
  /** Changes the stream brought since: applied, all at once, on resume. */
  waiting: number;
}

type Listener = () => void;

/**
 * A tiny store beside the stream's status. Held changes are only counted, never kept: resuming
 * refetches what is on screen, so a pause of an hour on a busy cluster costs no memory.
 */
export class LivePauseStore {
  private state: LivePause = { paused: false, waiting: 0 };
  private readonly listeners = new Set<Listener>();

  get = (): LivePause => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  pause(now: number): void {
    if (!this.state.paused) this.set({ paused: true, since: now, waiting: 0 });
  }

  resume(): void {
    if (this.state.paused) this.set({ paused: false, waiting: 0 });
  }

  held(count: number): void {
    if (this.state.paused && count > 0)
      this.set({ ...this.state, waiting: this.state.waiting + count });
  }

  /** A refetch interval that stops while paused (TanStack Query reads it before each refetch). */
  whileLive(ms: number): () => number | false {
    return () => (this.state.paused ? false : ms);
  }

  private set(state: LivePause): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

export const livePause = new LivePauseStore();

export function useLivePause(store: LivePauseStore = livePause): LivePause {
  return useSyncExternalStore(store.subscribe, store.get);
}
