import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { pdbRow } from '@pdbscope/shared/testing';
import { budgetList, cluster } from '../test/fixtures.js';
import { connectEventStream, type EventSourceLike } from './event-stream.js';
import { budgetsQuery, queryKeys } from './queries.js';
import { StreamStatusStore } from './stream-status.js';
import { LivePauseStore } from './live-pause.js';
import { ManualClock } from '@pdbscope/sim/clock';

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  onopen: EventSourceLike['onopen'] = null;
  onmessage: EventSourceLike['onmessage'] = null;
  onerror: EventSourceLike['onerror'] = null;
  constructor(readonly url: string) {}
  open(): void {
    this.readyState = 1;
    this.onopen?.call(this, new Event('open'));
  }
  send(data: unknown): void {
    this.onmessage?.call(this, new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  fail(closed: boolean): void {
    this.readyState = closed ? 2 : 0;
    this.onerror?.call(this, new Event('error'));
  }
  close(): void {
    this.closed = true;
  }
}

function setup(pause?: LivePauseStore) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.budgets, budgetList());
  const status = new StreamStatusStore(0);
  const sources: FakeSource[] = [];
  const time = new ManualClock(new Date(1000));
  const stop = connectEventStream({
    client,
    status,
    createSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    clock: time,
    batchMs: 16,
    ...(pause ? { pause } : {}),
  });
  return { client, status, sources, time, stop };
}

describe('connectEventStream', () => {
  it('applies the events of a burst together, after the batch window', () => {
    const { client, status, sources, time } = setup();
    const source = sources[0];
    if (source === undefined) throw new Error('no EventSource opened');
    expect(source.url).toBe('/api/events');
    source.open();
    source.send({
      type: 'budget-added',
      id: 'e1-101',
      at: '2026-11-21T19:40:00Z',
      budget: pdbRow('data', 'kafka'),
    });
    source.send({
      type: 'budget-added',
      id: 'e1-102',
      at: '2026-11-21T19:40:00Z',
      budget: pdbRow('data', 'hdfs'),
    });
    source.onmessage?.call(source, new MessageEvent('message', { data: 'not json' }));
    expect(client.getQueryData(budgetsQuery().queryKey)?.items).toHaveLength(4);
    time.advance(16);
    expect(
      client.getQueryData(budgetsQuery().queryKey)?.items.map((row) => row.name),
    ).toStrictEqual(['hdfs', 'kafka', 'zookeeper', 'zookeeper-all', 'trino-worker', 'cart']);
    expect(status.get()).toStrictEqual({
      state: 'open',
      since: 1000,
      lastEventAt: 1000,
      attempts: 0,
    });
  });

  it('says it is away while the browser reconnects by itself', () => {
    const { status, sources, time } = setup();
    sources[0]?.open();
    time.advance(5000);
    sources[0]?.fail(false);
    expect(status.get()).toStrictEqual({ state: 'away', since: 6000, attempts: 1 });
    expect(sources).toHaveLength(1);
    sources[0]?.open();
    expect(status.get().state).toBe('open');
  });

  it('opens a new stream with backoff when the browser gives up, resuming from the last event seen', () => {
    const { status, sources, time } = setup();
    sources[0]?.open();
    sources[0]?.send({
      type: 'budget-added',
      id: 'e1-101',
      at: '2026-11-21T19:40:00Z',
      budget: pdbRow('data', 'kafka'),
    });
    sources[0]?.fail(true);
    expect(sources[0]?.closed).toBe(true);
    time.advance(999);
    expect(sources).toHaveLength(1);
    time.advance(1);
    expect(sources.map((source) => source.url)).toStrictEqual([
      '/api/events',
      '/api/events?lastEventId=e1-101',
    ]);
    sources[1]?.fail(true);
    time.advance(1999);
    expect(sources).toHaveLength(2);
    time.advance(1);
    expect(sources).toHaveLength(3);
    expect(status.get().attempts).toBe(2);
    sources[2]?.open();
    expect(status.get().state).toBe('open');
  });

  it('replays events that arrived while a fetch was on its way onto its answer', async () => {
    const { client, sources, time } = setup();
    client.removeQueries({ queryKey: queryKeys.budgets });
    sources[0]?.open();
    sources[0]?.send({
      type: 'budget-added',
      id: 'e1-100',
      at: '2026-11-21T19:40:00Z',
      budget: pdbRow('data', 'hdfs'),
    });
    sources[0]?.send({
      type: 'budget-added',
      id: 'e1-101',
      at: '2026-11-21T19:40:01Z',
      budget: pdbRow('data', 'kafka'),
    });
    time.advance(16);
    // The answer reflects the cluster up to e1-100 (its list already has hdfs), not e1-101.
    await client.fetchQuery({
      queryKey: queryKeys.budgets,
      queryFn: () => budgetList([pdbRow('data', 'hdfs'), ...budgetList().items]),
    });
    expect(
      client.getQueryData(budgetsQuery().queryKey)?.items.map((row) => row.name),
    ).toStrictEqual(['hdfs', 'kafka', 'zookeeper', 'zookeeper-all', 'trino-worker', 'cart']);
  });

  it('stops: closes the stream and cancels a pending reconnect', () => {
    const { sources, time, stop } = setup();
    sources[0]?.fail(true);
    stop();
    time.advance(60_000);
    expect(sources).toHaveLength(1);
  });

  it('holds the numbers while paused, counts what waits, and refetches on resume', () => {
    const pause = new LivePauseStore();
    const { client, sources, time } = setup(pause);
    const source = sources[0];
    if (source === undefined) throw new Error('no EventSource opened');
    source.open();
    const names = () => client.getQueryData(budgetsQuery().queryKey)?.items.map((r) => r.name);
    const before = names();
    pause.pause(5000);
    for (const [id, name] of [
      ['e1-201', 'kafka'],
      ['e1-202', 'hdfs'],
    ] as const) {
      source.send({
        type: 'budget-added',
        id,
        at: '2026-11-21T19:40:00Z',
        budget: pdbRow('data', name),
      });
      time.advance(16);
    }
    const held = [names(), pause.get(), client.getQueryState(queryKeys.budgets)?.isInvalidated];
    pause.resume();
    expect([
      ...held,
      pause.get(),
      client.getQueryState(queryKeys.budgets)?.isInvalidated,
    ]).toStrictEqual([
      before,
      { paused: true, since: 5000, waiting: 2 },
      false,
      { paused: false, waiting: 0 },
      true,
    ]);
  });

  it('ends a pause when the user switches context, and stops refetching only while paused', () => {
    const pause = new LivePauseStore();
    const { sources, time } = setup(pause);
    const source = sources[0];
    if (source === undefined) throw new Error('no EventSource opened');
    source.open();
    const interval = pause.whileLive(30_000);
    pause.pause(1);
    const whilePaused = interval();
    source.send({
      type: 'context-changed',
      id: 'e2-1',
      at: '2026-11-21T19:41:00Z',
      cluster: cluster({ context: 'staging' }),
    });
    time.advance(16);
    expect([whilePaused, pause.get().paused, interval()]).toStrictEqual([false, false, 30_000]);
  });
});
