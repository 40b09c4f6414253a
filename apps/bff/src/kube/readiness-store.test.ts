import { podFromObject, type PodView } from '@pdbscope/shared';
import type { IndexedObject } from '@pdbscope/shared/index';
import type { ServerEvent, SourceState } from '@pdbscope/shared/api';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { EventHub, type EventClient } from '../events/hub.js';
import { ManualClock } from '@pdbscope/sim/clock';
import { ClusterStore } from '../store/cluster-store.js';
import { zookeeper } from '../views/__fixtures__/zookeeper.js';
import { SourceReadiness } from './source-readiness.js';

// Time stands still and timers never fire unless a test advances it.
const clock = new ManualClock('2026-11-21T19:40:00Z');
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function source(id: string, settled: { value: boolean }) {
  const state: SourceState = {
    id,
    resource: id,
    state: 'live',
    since: '2026-11-21T19:00:00.000Z',
    objects: 0,
    forbiddenNamespaces: [],
  };
  return {
    snapshot: () => state,
    get settled() {
      return settled.value;
    },
    state,
  };
}

function unready(pod: PodView): PodView {
  const c = podFromObject({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: pod.name,
      namespace: pod.namespace,
      uid: pod.uid,
      resourceVersion: '999',
      labels: pod.labels,
      ownerReferences: [{ ...pod.controller, controller: true }],
    },
    spec: { nodeName: pod.nodeName },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] },
  });
  if (!c.ok) throw new Error(c.error);
  return c.value;
}

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

/** A store and the readiness that tells it to build, with these sources synced. */
function storeWith(
  hub: EventHub,
  ids: readonly string[],
): { store: ClusterStore; readiness: SourceReadiness } {
  const logger = pino({ level: 'silent' });
  const store = new ClusterStore({ hub, clock, logger });
  const readiness = new SourceReadiness({ store, hub, clock, logger });
  for (const id of ids) readiness.add(id, liveSource(id));
  return { store, readiness };
}

describe('the store behind SourceReadiness', () => {
  it('holds objects until every source has synced, then streams what each change does to a budget', async () => {
    const hub = new EventHub({ clock, epoch: 's1' });
    const client = recorder();
    hub.attach(client, undefined);
    const { events } = client;
    const { store, readiness } = storeWith(hub, []);
    const upsert = (object: IndexedObject) => store.apply({ type: 'upsert', object });
    const podsSynced = { value: false };
    const pods = source('pods', podsSynced);
    const rest = source('poddisruptionbudgets.policy', { value: true });
    readiness.add('pods', pods);
    readiness.add('poddisruptionbudgets.policy', rest);
    const { sts, pods: zkPods, pdb } = zookeeper();
    for (const o of [sts, pdb, ...zkPods]) upsert(o);
    readiness.changed(rest.state);
    expect([store.isReady(), store.counts().pods]).toStrictEqual([false, 3]);

    podsSynced.value = true;
    readiness.changed(pods.state);
    expect([
      store.isReady(),
      [...store.published.keys()],
      events.map((e) => [e.type, 'ready' in e ? e.ready : undefined]),
    ]).toStrictEqual([
      true,
      ['PodDisruptionBudget/data/zookeeper'],
      [
        ['source-changed', false],
        ['ready', undefined],
        ['source-changed', true],
      ],
    ]);

    const victim = zkPods[1];
    if (!victim) throw new Error('fixture');
    upsert(unready(victim));
    await tick();
    const changed = events.filter((e) => e.type === 'budget-changed');
    expect(
      changed.map((e) => e.type === 'budget-changed' && [e.budget.name, e.budget.flags.mismatch]),
    ).toStrictEqual([['zookeeper', true]]);
    // The same change again moves nothing: no event.
    upsert(unready(victim));
    await tick();
    expect(events.filter((e) => e.type === 'budget-changed').length).toBe(1);

    store.apply({ type: 'delete', object: pdb });
    await tick();
    expect(events.at(-1)).toStrictEqual({
      type: 'budget-removed',
      ref: { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' },
      // The summary it leaves, in the same event: clients move rows and cards together.
      summary: {
        budgets: 0,
        blocking: 0,
        overlapping: 0,
        withFindings: 0,
        stale: 0,
        mismatched: 0,
        podsWithMultipleBudgets: 0,
        podsWithoutBudget: 0,
      },
      id: 's1-5',
      at: '2026-11-21T19:40:00.000Z',
    });
    store.stop();
  });
});

describe('SourceReadiness.remove', () => {
  it('tells clients the source is gone, numbered like any event, and once only', () => {
    const hub = new EventHub({ clock, epoch: 'r1' });
    const client = recorder();
    hub.attach(client, undefined);
    const { store, readiness } = storeWith(hub, ['pods@billing', 'pods@cart']);
    readiness.remove('pods@cart');
    readiness.remove('pods@cart');
    // pods@billing has synced: with pods@cart gone, nothing is left to wait for.
    expect([client.events, readiness.states().map((s) => s.id)]).toStrictEqual([
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
    const { store, readiness } = storeWith(hub, ['pods', 'pods@cart']);
    readiness.remove('pods');
    readiness.remove('pods@cart');
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
    const { store, readiness } = storeWith(hub, ['pods@billing']);
    readiness.add('pods@cart', { ...liveSource('pods@cart'), settled: false });
    readiness.changed(liveSource('pods@billing').snapshot());
    const before = store.isReady();
    readiness.remove('pods@cart');
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
