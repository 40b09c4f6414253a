import type { SourceState } from '@pdbscope/shared/api';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServedApps, request, serveApp } from '../__fixtures__/serve-app.js';
import { ManualClock } from '@pdbscope/sim/clock';
import { EventLoopWatch } from '../http/liveness.js';
import { staleReason } from './health.js';

afterEach(closeServedApps);

const TOKEN = 'a-long-enough-secret-token';
const NOW = new Date('2026-11-21T19:40:00.000Z');

const source = (state: SourceState['state'], since: string, reason?: string): SourceState => ({
  id: 'pods',
  resource: 'v1 pods',
  state,
  since,
  ...(reason !== undefined ? { reason } : {}),
  objects: 3,
  forbiddenNamespaces: [],
});

describe('staleReason', () => {
  it('names a source away from live longer than the threshold; refusals and absent ones are not stale', () => {
    const at = (since: string, state: SourceState['state'] = 'degraded', reason = 'EOF') =>
      staleReason({ sources: [source(state, since, reason)], staleAfterMs: 300_000, now: NOW });
    expect([
      at('2026-11-21T19:30:00.000Z'),
      at('2026-11-21T19:36:00.000Z'),
      at('2026-11-21T19:30:00.000Z', 'live'),
      at('2026-11-21T19:30:00.000Z', 'absent'),
      at('2026-11-21T19:30:00.000Z', 'refused', 'forbidden: pods is forbidden'),
    ]).toStrictEqual([
      'pods has not been live for 600 s (more than 300 s): EOF',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('/readyz and /livez', () => {
  it('readyz is 503 "stale" with the reason when a source has been degraded too long', async () => {
    const { port, store } = await serveApp({
      clock: new ManualClock(NOW),
      health: { staleAfterMs: 60_000 },
    });
    const readyAt = await request(port, '/readyz');
    store.sources = () => [source('degraded', '2026-11-21T19:30:00.000Z', 'connection refused')];
    const staleAt = await request(port, '/readyz');
    expect([readyAt.status, staleAt.status, staleAt.body]).toStrictEqual([
      200,
      503,
      {
        status: 'stale',
        reason: 'pods has not been live for 600 s (more than 60 s): connection refused',
        sources: store.sources(),
      },
    ]);
  });

  it('readyz stays 200 while a source is refused, and says what is not visible', async () => {
    const { port, store } = await serveApp({
      clock: new ManualClock(NOW),
      health: { staleAfterMs: 60_000 },
    });
    store.sources = () => [
      {
        ...source('refused', '2026-11-21T19:30:00.000Z', 'forbidden: pods is forbidden'),
        id: 'pods@payments',
        forbiddenNamespaces: ['payments'],
      },
      source('live', '2026-11-21T19:30:00.000Z'),
    ];
    const refused = await request(port, '/readyz');
    expect([refused.status, refused.body]).toStrictEqual([
      200,
      {
        status: 'ok',
        notVisible: ['not visible: no permission to list pods in payments'],
        sources: store.sources(),
      },
    ]);
  });

  it('livez is 200 unless the event loop is wedged', async () => {
    const loop: { stalled?: string } = {};
    const { port } = await serveApp({ health: { wedged: () => loop.stalled } });
    const alive = await request(port, '/livez');
    loop.stalled = 'the event loop stalled for 12 s (limit 10 s)';
    const stuck = await request(port, '/livez');
    expect([alive.status, alive.body, stuck.status, stuck.body]).toStrictEqual([
      200,
      { status: 'ok' },
      503,
      { status: 'wedged', reason: 'the event loop stalled for 12 s (limit 10 s)' },
    ]);
  });

  it('with a token, a caller without it sees the status only', async () => {
    const { port, store } = await serveApp({
      token: TOKEN,
      health: { wedged: () => 'the event loop stalled for 12 s (limit 10 s)' },
    });
    const anonymous = await Promise.all([request(port, '/readyz'), request(port, '/livez')]);
    const auth = { headers: { authorization: `Bearer ${TOKEN}` } };
    const known = await Promise.all([
      request(port, '/readyz', auth),
      request(port, '/livez', auth),
    ]);
    expect(anonymous.map((a) => [a.status, a.body])).toStrictEqual([
      [200, { status: 'ok' }],
      [503, { status: 'wedged' }],
    ]);
    expect(known.map((a) => [a.status, a.body])).toStrictEqual([
      [200, { status: 'ok', sources: store.sources() }],
      [503, { status: 'wedged', reason: 'the event loop stalled for 12 s (limit 10 s)' }],
    ]);
  });
});

describe('EventLoopWatch', () => {
  it('is wedged after a tick came more than the limit late, for a window, or while no tick comes', () => {
    const clock = new ManualClock('2026-11-21T19:40:00Z');
    const watch = new EventLoopWatch({
      clock,
      intervalMs: 1000,
      wedgedAfterMs: 10_000,
      windowMs: 60_000,
    });
    watch.start();
    clock.advance(1000);
    const onTime = watch.wedged();
    clock.stall(12_000); // the loop is blocked: the tick due after 1 s has not run for 11 s
    const blocked = watch.wedged();
    clock.advance(0); // the late tick runs
    clock.advance(1000);
    const justAfter = watch.wedged();
    clock.advance(66_000); // the stall is more than a window behind
    const later = watch.wedged();
    watch.stop();
    expect([onTime, blocked, justAfter, later, clock.pending()]).toStrictEqual([
      undefined,
      'the event loop stalled for 11 s (limit 10 s)',
      'the event loop stalled for 11 s (limit 10 s)',
      undefined,
      0,
    ]);
  });
});
