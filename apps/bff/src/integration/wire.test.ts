import { afterEach, describe, expect, it } from 'vitest';
import { wireStats } from '@pdbscope/sim';
import { allLive, converged, simControl, startHarness } from './harness.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

describe('the wire forms against the simulator', () => {
  it('streams the initial lists in protobuf, and watches in protobuf after', async () => {
    const before = wireStats.bytes.protobuf;
    const h = await startHarness({
      sim: { demo: false, generate: { pods: 600, nodes: 20, budgets: 40, seed: 7 } },
    });
    open.push(h);
    await allLive(h.bff);
    // The simulator's JSON shows zeros Kubernetes leaves out (e.g. readyReplicas: 0), so the
    // index is compared with a list in the same form (kube/wire-equivalence.test.ts compares the
    // two forms on objects as the API server stores them).
    await converged(h, 15_000, 'protobuf');
    expect(wireStats.bytes.protobuf - before).toBeGreaterThan(100_000);
    expect(
      h.bff.sources
        .states()
        .map((s) => s.state)
        .sort(),
    ).not.toContain('degraded');
  });

  it('relists after a 410 through the stream, handing the index only what changed', async () => {
    const h = await startHarness({
      sim: { demo: false, generate: { pods: 600, nodes: 20, budgets: 40, seed: 7 } },
    });
    open.push(h);
    await allLive(h.bff);
    await converged(h, 15_000, 'protobuf');
    const podUpserts = async () => {
      const text = await (await fetch(`${h.bff.url}/metrics`)).text();
      const line = text
        .split('\n')
        .find((l) => l.startsWith('pdbscope_watch_events_total{source="pods",type="upsert"}'));
      return Number(line?.split(' ').at(-1));
    };
    const before = await podUpserts();
    const changed = h.sim.store.list('pods', { limit: 1 });
    if (!changed.ok) throw new Error('no pod');
    const { name, namespace } = changed.value.items[0]?.metadata ?? {};
    if (name === undefined || namespace === undefined) throw new Error('no namespaced pod');
    // Every watch expires (410): the sources relist; one pod changes meanwhile.
    expect(await simControl(h.sim, '/_sim/faults/expire-watches')).toBe(200);
    h.sim.store.modify('pods', namespace, name, (p) => {
      p.metadata.labels = { ...p.metadata.labels, relisted: 'yes' };
    });
    await converged(h, 15_000, 'protobuf');
    await allLive(h.bff);
    expect(await podUpserts()).toBe(before + 1);
  });

  it('reads a server without protobuf or watch-list as before, and --wire json likewise', async () => {
    for (const [sim, wire] of [
      [{ protobuf: false, watchList: false }, 'json'],
      [{ protobuf: true, watchList: false }, 'protobuf'],
      [{ protobuf: false, watchList: true }, 'json'],
      [{ protobuf: true, watchList: true }, 'json'],
    ] as const) {
      const h = await startHarness({
        sim: { ...sim, demo: true },
        ...(wire === 'json' && sim.protobuf ? { wire: { protobuf: false, watchList: false } } : {}),
      });
      open.push(h);
      // Without watch-list, the first lists wait out the silence (10 s) before paging; a source
      // with nothing to stream (events) waits it out alone.
      await converged(h, 40_000, wire);
      await allLive(h.bff, 40_000);
    }
  }, 180_000);
});
