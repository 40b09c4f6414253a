import { describe, expect, it } from 'vitest';
import { SessionStore } from './session-store.js';

function store(options: { maxSessions?: number } = {}) {
  const clock = { now: 1_000_000 };
  let made = 0;
  const sessions = new SessionStore({
    now: () => clock.now,
    ttlMs: 1000,
    ...options,
    newId: () => `s${(made += 1)}`,
  });
  return { sessions, clock };
}

describe('SessionStore', () => {
  it('keeps at most maxSessions, forgetting the oldest sign-in first', () => {
    const { sessions } = store({ maxSessions: 2 });
    const ids = [sessions.create(), sessions.create(), sessions.create()];
    expect([ids, ids.map((id) => sessions.isValid(id)), sessions.size]).toStrictEqual([
      ['s1', 's2', 's3'],
      [false, true, true],
      2,
    ]);
  });

  it('forgets expired sessions when asked about them and when signing in', () => {
    const { sessions, clock } = store();
    sessions.create();
    sessions.create();
    clock.now += 1000;
    const expiredAsked = sessions.isValid('s1');
    const sizeAfterAsking = sessions.size;
    const fresh = sessions.create();
    expect([expiredAsked, sizeAfterAsking, fresh, sessions.size]).toStrictEqual([
      false,
      1,
      's3',
      1,
    ]);
  });

  it('makes unguessable ids by default: 256 random bits, cookie-safe', () => {
    const sessions = new SessionStore({ now: () => 0 });
    const [a, b] = [sessions.create(), sessions.create()];
    expect([/^[A-Za-z0-9_-]{43}$/.test(a), /^[A-Za-z0-9_-]{43}$/.test(b), a === b]).toStrictEqual([
      true,
      true,
      false,
    ]);
  });
});
