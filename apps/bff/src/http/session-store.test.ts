import { describe, expect, it } from 'vitest';
import { ManualClock } from '@pdbscope/sim/clock';
import { SessionStore } from './session-store.js';

function store(options: { maxSessions?: number } = {}) {
  const clock = new ManualClock('2026-11-21T22:00:00Z');
  let made = 0;
  const sessions = new SessionStore({
    clock,
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
    clock.advance(1000);
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

  it('tells a watcher once when its session is revoked, pushed out or expires, and not after it stops watching', () => {
    const clock = new ManualClock('2026-11-21T22:00:00Z');
    let made = 0;
    const sessions = new SessionStore({
      clock,
      ttlMs: 1000,
      maxSessions: 4,
      newId: () => `s${(made += 1)}`,
    });
    const ended: string[] = [];
    const [s1, s2, s3, s4] = [1, 2, 3, 4].map(() => sessions.create()) as [
      string,
      string,
      string,
      string,
    ];
    sessions.watch(s1, () => ended.push('s1 revoked'));
    sessions.watch(s2, () => ended.push('s2 pushed out'));
    sessions.watch(s3, () => ended.push('s3 expired'));
    sessions.watch(s4, () => ended.push('s4 (not watched any more)'))();
    sessions.revoke(s1);
    sessions.revoke(s1);
    sessions.create(); // s5 takes s1's place
    sessions.create(); // s6 pushes out s2, the oldest left
    // Only s3's expiry timer is left: the others were cancelled when their watch ended.
    const pendingBeforeExpiry = clock.pending();
    const validBeforeExpiry = [s1, s2, s3, s4].map((id) => sessions.isValid(id));
    clock.advance(999);
    const endedBeforeExpiry = [...ended];
    clock.advance(1);
    sessions.watch('never-made', () => ended.push('never-made'));
    expect([
      pendingBeforeExpiry,
      endedBeforeExpiry,
      ended,
      clock.pending(),
      validBeforeExpiry,
    ]).toStrictEqual([
      1,
      ['s1 revoked', 's2 pushed out'],
      ['s1 revoked', 's2 pushed out', 's3 expired', 'never-made'],
      0,
      [false, false, true, true],
    ]);
  });

  it('makes unguessable ids by default: 256 random bits, cookie-safe', () => {
    const sessions = new SessionStore({ clock: new ManualClock() });
    const [a, b] = [sessions.create(), sessions.create()];
    expect([/^[A-Za-z0-9_-]{43}$/.test(a), /^[A-Za-z0-9_-]{43}$/.test(b), a === b]).toStrictEqual([
      true,
      true,
      false,
    ]);
  });
});
