import { describe, expect, it } from 'vitest';
import { enterState, initialState, touchState } from './source-state.js';

const t0 = new Date('2026-11-21T19:00:00Z');
const t1 = new Date('2026-11-21T19:00:05Z');
const t2 = new Date('2026-11-21T19:00:09Z');

describe('source state', () => {
  const syncing = initialState({ id: 'pods@payments', resource: 'v1 pods in payments', now: t0 });

  it('starts syncing and goes live; since moves only with the state', () => {
    const live = enterState(syncing, { state: 'live', now: t1 });
    expect(live).toStrictEqual({ ...syncing, state: 'live', since: t1.toISOString() });
    expect(enterState(live, { state: 'live', now: t2 })).toBe(live);
  });

  it('degrades with a reason and the namespaces refused, and clears them when live again', () => {
    const degraded = enterState(syncing, {
      state: 'degraded',
      reason: 'forbidden: pods is forbidden',
      now: t1,
      forbiddenNamespaces: ['payments'],
    });
    expect(degraded).toStrictEqual({
      ...syncing,
      state: 'degraded',
      since: t1.toISOString(),
      reason: 'forbidden: pods is forbidden',
      forbiddenNamespaces: ['payments'],
    });
    const again = enterState(degraded, {
      state: 'degraded',
      reason: 'connect ECONNREFUSED',
      now: t2,
    });
    expect([again.since, again.reason, again.forbiddenNamespaces]).toStrictEqual([
      t1.toISOString(),
      'connect ECONNREFUSED',
      ['payments'],
    ]);
    expect(enterState(again, { state: 'live', now: t2 })).toStrictEqual({
      ...syncing,
      state: 'live',
      since: t2.toISOString(),
    });
  });

  it('records activity and the object count', () => {
    expect(touchState(syncing, { now: t2, objects: 0 })).toStrictEqual({
      ...syncing,
      lastEventAt: t2.toISOString(),
      objects: 0,
    });
  });
});
