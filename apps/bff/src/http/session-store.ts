import { randomBytes } from 'node:crypto';

export interface SessionStoreOptions {
  /** Milliseconds since the epoch; injected so tests can let a session expire. */
  now: () => number;
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
  private readonly now: () => number;
  private readonly newId: () => string;
  /** Session id → when it expires; in sign-in order, so the first is the oldest. */
  private readonly expiries = new Map<string, number>();

  constructor(options: SessionStoreOptions) {
    this.now = options.now;
    this.ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.maxSessions = options.maxSessions ?? 1000;
    this.newId = options.newId ?? (() => randomBytes(32).toString('base64url'));
  }

  get size(): number {
    return this.expiries.size;
  }

  /** Starts a session and returns its id. */
  create(): string {
    const now = this.now();
    for (const [id, expiresAt] of this.expiries) {
      if (expiresAt <= now) this.expiries.delete(id);
    }
    while (this.expiries.size >= this.maxSessions) {
      const oldest = this.expiries.keys().next().value;
      if (oldest === undefined) break;
      this.expiries.delete(oldest);
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
    this.expiries.delete(id);
    return false;
  }

  revoke(id: string): void {
    this.expiries.delete(id);
  }
}
