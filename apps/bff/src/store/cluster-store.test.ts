import { podFromObject, type PodView } from '@pdbscope/shared';
import type { ServerEvent, SourceState } from '@pdbscope/shared/api';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { EventHub } from '../events/hub.js';
import { ManualClock } from '@pdbscope/sim/clock';
import { zookeeper } from '../views/__fixtures__/zookeeper.js';
import { ClusterStore } from './cluster-store.js';

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

/** A store for the simulated cluster, on a clock whose timers never fire. */
function simStore(hub: EventHub, logger = pino({ level: 'silent' })): ClusterStore {
  return new ClusterStore({
    meta: {
      source: 'sim',
      context: 'sim',
      server: 'http://127.0.0.1:1',
      namespaces: null,
      verifyEnabled: false,
    },
    hub,
    clock,
    logger,
  });
}

describe('ClusterStore', () => {
  it('holds objects until every source has synced, then streams what each change does to a budget', async () => {
    const hub = new EventHub({ clock, epoch: 's1' });
    const events: ServerEvent[] = [];
    hub.attach(
      {
        write: (chunk) => {
          const line = chunk.split('\n').find((l) => l.startsWith('data: '));
          if (line) events.push(JSON.parse(line.slice(6)) as ServerEvent);
          return true;
        },
        pending: () => 0,
        close: () => {},
      },
      undefined,
    );
    const store = simStore(hub);
    const podsSynced = { value: false };
    const pods = source('pods', podsSynced);
    const rest = source('poddisruptionbudgets.policy', { value: true });
    store.addSource('pods', pods);
    store.addSource('poddisruptionbudgets.policy', rest);
    const { sts, pods: zkPods, pdb } = zookeeper();
    for (const o of [sts, pdb, ...zkPods]) store.sink.upsert(o);
    store.sourceChanged(rest.state);
    expect([store.isReady(), store.counts().pods]).toStrictEqual([false, 3]);

    podsSynced.value = true;
    store.sourceChanged(pods.state);
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
    store.sink.upsert(unready(victim));
    await tick();
    const changed = events.filter((e) => e.type === 'budget-changed');
    expect(
      changed.map((e) => e.type === 'budget-changed' && [e.budget.name, e.budget.flags.mismatch]),
    ).toStrictEqual([['zookeeper', true]]);
    // The same change again moves nothing: no event.
    store.sink.upsert(unready(victim));
    await tick();
    expect(events.filter((e) => e.type === 'budget-changed').length).toBe(1);

    store.sink.remove(pdb);
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

  it('sweeps its interner once 2,000 pods are deleted: what no live pod holds is released', () => {
    const store = simStore(new EventHub({ clock, epoch: 's3' }));
    const job = (i: number) => {
      const converted = podFromObject({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: `report-${i}-abcde`,
          namespace: 'batch',
          uid: `pod-${i}`,
          resourceVersion: '1',
          labels: { 'job-name': `report-${i}` },
          ownerReferences: [
            {
              apiVersion: 'batch/v1',
              kind: 'Job',
              name: `report-${i}`,
              uid: `job-${i}`,
              controller: true,
            },
          ],
        },
        spec: { nodeName: 'worker-1' },
        status: { phase: 'Succeeded' },
      });
      if (!converted.ok) throw new Error(converted.error);
      return store.interner.pod(converted.value);
    };
    const runs = Array.from({ length: 2001 }, (_, i) => job(i));
    for (const pod of runs) store.sink.upsert(pod);
    const [kept, ...done] = runs;
    for (const pod of done.slice(0, -1)) store.sink.remove(pod);
    const beforeSweep = store.interner.size.owners;
    const last = done.at(-1);
    if (!kept || !last) throw new Error('fixture');
    store.sink.remove(last);
    expect([beforeSweep, store.interner.size]).toStrictEqual([
      2001,
      { strings: 5, labelSets: 0, owners: 1 },
    ]);
    store.stop();
  });

  it('answers for the analysis by waiting for a sliced run (started at once if none is under way)', async () => {
    const hub = new EventHub({ clock, epoch: 's2' });
    // The timers never fire: the analysis scheduled after ready does not run by itself.
    const store = simStore(hub);
    const { sts, pods: zkPods, pdb } = zookeeper();
    for (const o of [sts, pdb, ...zkPods]) store.sink.upsert(o);
    store.sourceChanged(source('pods', { value: true }).state);
    const before = store.analysis();
    await store.analysisReady();
    const after = store.analysis();
    expect({
      before,
      podsWithMultipleBudgets: after?.overlaps.podsWithMultipleBudgets,
      podsWithoutBudget: after?.podsWithoutBudget,
    }).toStrictEqual({ before: undefined, podsWithMultipleBudgets: [], podsWithoutBudget: 0 });
    // Once there is one, it is answered at once.
    await store.analysisReady();
    expect(store.analysis()).toBe(after);
    store.stop();
  });

  it('works out every node’s row in slices right after ready, before any request asks', async () => {
    const logs: { msg: string; slices?: number }[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => logs.push(JSON.parse(line)) },
    );
    const store = simStore(new EventHub({ clock, epoch: 's4' }), logger);
    const { sts, pods: zkPods, pdb } = zookeeper();
    for (const o of [sts, pdb, ...zkPods]) store.sink.upsert(o);
    store.sourceChanged(source('pods', { value: true }).state);
    const filled = () => logs.find((l) => l.msg === 'every node’s row worked out');
    expect(filled()).toBeUndefined();
    await vi.waitFor(() => expect(filled()).toBeDefined());
    expect(filled()?.slices).toBe(1);
    expect([...(store.nodeRows()?.keys() ?? [])]).toStrictEqual(
      [...new Set(zkPods.map((p) => p.nodeName))].sort(),
    );
    store.stop();
  });

  it('reads a budget’s stored object with the reader for its kind; a failed read is no object', async () => {
    const store = simStore(new EventHub({ clock, epoch: 's1' }));
    const ref = { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' } as const;
    const pub = { kind: 'PodUnavailableBudget', namespace: 'data', name: 'zookeeper' } as const;
    const before = await store.rawBudget(ref);
    store.setRawReader('PodDisruptionBudget', (r) =>
      r.name === 'zookeeper'
        ? Promise.resolve({ kind: 'PodDisruptionBudget', metadata: { name: r.name } })
        : Promise.reject(new Error('GET refused (403)')),
    );
    expect({
      before,
      read: await store.rawBudget(ref),
      refused: await store.rawBudget({ ...ref, name: 'kafka' }),
      otherKind: await store.rawBudget(pub),
    }).toStrictEqual({
      before: undefined,
      read: { kind: 'PodDisruptionBudget', metadata: { name: 'zookeeper' } },
      refused: undefined,
      otherKind: undefined,
    });
  });
});
