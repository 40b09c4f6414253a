import type { IndexedObject } from '@pdbscope/shared/index';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { EventHub } from '../events/hub.js';
import { ManualClock } from '@pdbscope/sim/clock';
import { zookeeper } from '../views/__fixtures__/zookeeper.js';
import { ClusterStore } from './cluster-store.js';

// Time stands still and timers never fire unless a test advances it.
const clock = new ManualClock('2026-11-21T19:40:00Z');

/** A store for the simulated cluster, on a clock whose timers never fire. */
function simStore(hub: EventHub, logger = pino({ level: 'silent' })): ClusterStore {
  return new ClusterStore({ hub, clock, logger });
}

const upsert = (store: ClusterStore, object: IndexedObject) =>
  store.apply({ type: 'upsert', object });

describe('ClusterStore', () => {
  it('answers for the analysis by waiting for a sliced run (started at once if none is under way)', async () => {
    const hub = new EventHub({ clock, epoch: 's2' });
    // The timers never fire: the analysis scheduled after ready does not run by itself.
    const store = simStore(hub);
    const { sts, pods: zkPods, pdb } = zookeeper();
    for (const o of [sts, pdb, ...zkPods]) upsert(store, o);
    store.apply({ type: 'sources-settled' });
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
    for (const o of [sts, pdb, ...zkPods]) upsert(store, o);
    store.apply({ type: 'sources-settled' });
    const filled = () => logs.find((l) => l.msg === 'every node’s row worked out');
    expect(filled()).toBeUndefined();
    await vi.waitFor(() => expect(filled()).toBeDefined());
    expect(filled()?.slices).toBe(1);
    expect([...(store.nodeRows()?.keys() ?? [])]).toStrictEqual(
      [...new Set(zkPods.map((p) => p.nodeName))].sort(),
    );
    store.stop();
  });
});
