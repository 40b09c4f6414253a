import { randomBytes } from 'node:crypto';
import type { Clock } from '@pdbscope/shared/clock';

export interface SessionStoreOptions {
  /** Time and the expiry timers; tests move a manual clock to let a session expire. */
  clock: Clock;
  /** How long a session lasts from sign-in; not extended by use. */
  ttlMs?: number;
  /** At most this many live sessions; signing in beyond it forgets the oldest. */
  maxSessions?: number;
  /** A new unguessable session id; injected by tests that assert the cookie. */
  newId?: () => string;
}

export const DEFAULT_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * Sessions the browser holds as a cookie instead of the token. The cookie carries a random id
 * (256 bits) that is only a key into this map, so a stolen cookie never reveals the token,
 * expires on its own, and is forgotten on sign-out or restart.
 */
export class SessionStore {
  readonly ttlMs: number;
  private readonly maxSessions: number;
  private readonly clock: Clock;
  private readonly newId: () => string;
  /** Session id → when it expires; in sign-in order, so the first is the oldest. */
  private readonly expiries = new Map<string, number>();
  /** What to stop when a session ends (its open event streams). */
  private readonly watchers = new Map<string, Set<() => void>>();

  constructor(options: SessionStoreOptions) {
    this.clock = options.clock;
    this.ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.maxSessions = options.maxSessions ?? 1000;
    this.newId = options.newId ?? (() => randomBytes(32).toString('base64url'));
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  get size(): number {
    return this.expiries.size;
  }

  /** Starts a session and returns its id. */
  create(): string {
    const now = this.now();
    for (const [id, expiresAt] of this.expiries) {
      if (expiresAt <= now) this.end(id);
    }
    while (this.expiries.size >= this.maxSessions) {
      const oldest = this.expiries.keys().next().value;
      if (oldest === undefined) break;
      this.end(oldest);
    }
    const id = this.newId();
    this.expiries.set(id, now + this.ttlMs);
    return id;
  }

  /** True for a session that exists and has not expired; an expired one is forgotten. */
  isValid(id: string): boolean {
    const expiresAt = this.expiries.get(id);
    if (expiresAt === undefined) return false;
    if (expiresAt > this.now()) return true;
    this.end(id);
    return false;
  }

  /** Signs out: the session is forgotten and whatever watches it is stopped. */
  revoke(id: string): void {
    this.end(id);
  }

  /**
   * Calls `onEnd` once when the session is revoked, pushed out or expires, so what it opened
   * (an event stream) does not outlive it. Returns a function that stops watching.
   */
  watch(id: string, onEnd: () => void): () => void {
    const expiresAt = this.expiries.get(id);
    if (expiresAt === undefined) {
      onEnd();
      return () => undefined;
    }
    let watchers = this.watchers.get(id);
    if (!watchers) {
      watchers = new Set();
      this.watchers.set(id, watchers);
    }
    const watcher = () => {
      timer.cancel();
      onEnd();
    };
    watchers.add(watcher);
    // Due exactly at expiry: ending it a timer's slack early is harmless.
    const timer = this.clock.setTimeout(() => this.end(id), expiresAt - this.now());
    return () => {
      timer.cancel();
      this.watchers.get(id)?.delete(watcher);
      if (this.watchers.get(id)?.size === 0) this.watchers.delete(id);
    };
  }

  private end(id: string): void {
    this.expiries.delete(id);
    const watchers = this.watchers.get(id);
    this.watchers.delete(id);
    for (const watcher of watchers ?? []) watcher();
  }
}
