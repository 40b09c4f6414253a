import { useSyncExternalStore } from 'react';

/** Whether the BFF wants a token from this browser, and how many times it signed in or out. */
export interface AuthStatus {
  /** An API call answered 401: the page shows the token form instead of its content. */
  needsToken: boolean;
  /** The BFF let a request in on this browser's session cookie (so Sign out means something). */
  session: boolean;
  /** Grows on every sign-in and sign-out; the event stream reconnects when it changes. */
  generation: number;
}

const firstLoad: AuthStatus = { needsToken: false, session: false, generation: 0 };

type Listener = () => void;

/**
 * A tiny store, like the stream status: the API client reports 401s here, the layout reads it.
 * The token itself is never kept in the page; only the BFF's HttpOnly session cookie is.
 */
export class AuthStatusStore {
  private status: AuthStatus = firstLoad;
  private readonly listeners = new Set<Listener>();

  get = (): AuthStatus => this.status;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  tokenRefused(): void {
    if (!this.status.needsToken || this.status.session)
      this.set({ ...this.status, needsToken: true, session: false });
  }

  /** An answer said the session cookie let its request in (e.g. a page reloaded while signed in). */
  sessionSeen(): void {
    if (!this.status.session) this.set({ ...this.status, session: true });
  }

  signedIn(): void {
    this.set({ needsToken: false, session: true, generation: this.status.generation + 1 });
  }

  signedOut(): void {
    this.set({ needsToken: true, session: false, generation: this.status.generation + 1 });
  }

  /** Back to the first page load's state (tests). */
  reset(): void {
    this.set(firstLoad);
  }

  private set(status: AuthStatus): void {
    this.status = status;
    for (const listener of this.listeners) listener();
  }
}

export const authStatus = new AuthStatusStore();

export function useAuthStatus(store: AuthStatusStore = authStatus): AuthStatus {
  return useSyncExternalStore(store.subscribe, store.get);
}
