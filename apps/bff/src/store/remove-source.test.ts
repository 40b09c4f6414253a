import type { ServerEvent, SourceState } from '@pdbscope/shared/api';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { EventHub, type EventClient } from '../events/hub.js';
import { ManualClock } from '@pdbscope/sim/clock';
import { ClusterStore } from './cluster-store.js';

// Time stands still and timers never fire unless a test advances it.
const clock = new ManualClock('2026-11-21T19:40:00Z');

function liveSource(id: string): { snapshot(): SourceState; settled: boolean } {
  const state: SourceState = {
    id,
    resource: `v1 pods in ${id.split('@')[1] ?? ''}`,
    state: 'live',
    since: '2026-11-21T19:00:00.000Z',
    objects: 0,
    forbiddenNamespaces: [],
  };
  return { snapshot: () => state, settled: true };
}

/** An event stream client that keeps the events it is sent. */
function recorder(): EventClient & { events: ServerEvent[] } {
  const events: ServerEvent[] = [];
  return {
    events,
    write: (chunk) => {
      const line = chunk.split('\n').find((l) => l.startsWith('data: '));
      if (line) events.push(JSON.parse(line.slice(6)) as ServerEvent);
      return true;
    },
    pending: () => 0,
    close: () => {},
  };
}

function storeWith(hub: EventHub, ids: readonly string[]): ClusterStore {
  const store = new ClusterStore({
    meta: {
      source: 'kubeconfig',
      context: 'kind-pdbscope',
      server: 'https://127.0.0.1:6443',
      namespaces: null,
      verifyEnabled: false,
    },
    hub,
    clock,
    logger: pino({ level: 'silent' }),
  });
  for (const id of ids) store.addSource(id, liveSource(id));
  return store;
}

describe('ClusterStore.removeSource', () => {
  it('tells clients the source is gone, numbered like any event, and once only', () => {
    const hub = new EventHub({ clock, epoch: 'r1' });
    const client = recorder();
    hub.attach(client, undefined);
    const store = storeWith(hub, ['pods@billing', 'pods@cart']);
    store.removeSource('pods@cart');
    store.removeSource('pods@cart');
    // pods@billing has synced: with pods@cart gone, nothing is left to wait for.
    expect([client.events, store.sourceStates().map((s) => s.id)]).toStrictEqual([
      [
        {
          type: 'ready',
          counts: {
            pods: 0,
            nodes: 0,
            workloads: 0,
            budgets: 0,
            podDisruptionBudgets: 0,
            podUnavailableBudgets: 0,
          },
          id: 'r1-1',
          at: '2026-11-21T19:40:00.000Z',
        },
        {
          type: 'source-removed',
          sourceId: 'pods@cart',
          ready: true,
          id: 'r1-2',
          at: '2026-11-21T19:40:00.000Z',
        },
      ],
      ['pods@billing'],
    ]);
    store.stop();
  });

  it('is replayed to a client that reconnects with the id before it', () => {
    const hub = new EventHub({ clock, epoch: 'r2' });
    const store = storeWith(hub, ['pods', 'pods@cart']);
    store.removeSource('pods');
    store.removeSource('pods@cart');
    const resumed = recorder();
    hub.attach(resumed, 'r2-2');
    // The store became ready (r2-1) when `pods` went (r2-2): pods@cart had synced.
    expect(resumed.events).toStrictEqual([
      {
        type: 'source-removed',
        sourceId: 'pods@cart',
        ready: true,
        id: 'r2-3',
        at: '2026-11-21T19:40:00.000Z',
      },
    ]);
    store.stop();
  });

  it('makes the store ready when the only source it waited for is removed before syncing', () => {
    const hub = new EventHub({ clock, epoch: 'r3' });
    const client = recorder();
    hub.attach(client, undefined);
    const store = storeWith(hub, ['pods@billing']);
    store.addSource('pods@cart', { ...liveSource('pods@cart'), settled: false });
    store.sourceChanged(liveSource('pods@billing').snapshot());
    const before = store.isReady();
    store.removeSource('pods@cart');
    expect({
      before,
      after: store.isReady(),
      events: client.events.map((e) => [e.type, 'ready' in e ? e.ready : undefined]),
    }).toStrictEqual({
      before: false,
      after: true,
      events: [
        ['source-changed', false],
        ['ready', undefined],
        ['source-removed', true],
      ],
    });
    store.stop();
  });
});
