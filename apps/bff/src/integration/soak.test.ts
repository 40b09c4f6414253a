import { SeededRandom } from '@pdbscope/shared/synthetic';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshList, indexContents, simControl, startHarness, type Harness } from './harness.js';

/**
 * The fault soak, bounded: rounds of one random fault and one random change to the cluster, each
 * round ending with the BFF's index equal to a fresh list of the simulator within 5 s. Printed:
 * rounds, convergence p50 and max, failures.
 */
const ROUNDS = 40;
const CONVERGE_MS = 5_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.bff.ready();
});
afterAll(async () => {
  await h.close();
});

type Step = { name: string; run: () => Promise<unknown> };

function faults(): Step[] {
  const post =
    (path: string, body: unknown = {}) =>
    () =>
      simControl(h.sim, path, body);
  return [
    { name: 'drop watches', run: post('/_sim/faults/drop-watches') },
    { name: 'drop watches abruptly', run: post('/_sim/faults/drop-watches', { abrupt: true }) },
    { name: 'expire watches (410)', run: post('/_sim/faults/expire-watches') },
    {
      name: 'fail lists, then expire',
      run: async () => {
        await simControl(h.sim, '/_sim/faults/fail-lists', { count: 3 });
        await simControl(h.sim, '/_sim/faults/expire-watches');
      },
    },
    { name: 'restart (new epoch)', run: post('/_sim/faults/restart') },
    {
      name: 'restart rewinding resourceVersion',
      run: post('/_sim/faults/restart', { rewind: true }),
    },
    {
      name: 'restart as a replaced cluster (new UIDs)',
      run: post('/_sim/faults/restart', { rewind: true, newUids: true }),
    },
    {
      name: 'latency 30 ms',
      run: async () => {
        await simControl(h.sim, '/_sim/faults/latency', { ms: 30 });
        await new Promise((r) => setTimeout(r, 100));
        await simControl(h.sim, '/_sim/faults/latency', { ms: 0 });
      },
    },
  ];
}

function changes(random: SeededRandom): Step[] {
  const store = h.sim.store;
  const pods = () => {
    const listed = store.list('pods');
    return listed.ok ? listed.value.items.map((p) => p.metadata) : [];
  };
  let made = 0;
  return [
    {
      name: 'flip a pod ready',
      run: async () => {
        const all = pods();
        const p = all[random.int(0, all.length - 1)];
        if (p) h.sim.faults.setPodReady(p.namespace ?? '', p.name ?? '', random.next() < 0.5);
      },
    },
    {
      name: 'create a budget',
      run: async () => {
        made++;
        store.create('poddisruptionbudgets', {
          apiVersion: 'policy/v1',
          kind: 'PodDisruptionBudget',
          metadata: { name: `soak-${made}`, namespace: 'zookeeper' },
          spec: { maxUnavailable: 1, selector: { matchLabels: { app: 'zookeeper' } } },
        });
      },
    },
    {
      name: 'delete a budget',
      run: async () => {
        if (made > 0) store.delete('poddisruptionbudgets', 'zookeeper', `soak-${made}`);
      },
    },
  ];
}

async function converge(): Promise<number> {
  const started = performance.now();
  await vi.waitFor(
    async () => {
      const index = h.bff.store.index;
      if (!index) throw new Error('not ready');
      expect(indexContents(index, h.bff.store.namespaces())).toStrictEqual(await freshList(h.sim));
    },
    { timeout: CONVERGE_MS, interval: 25 },
  );
  return performance.now() - started;
}

describe('fault soak', () => {
  it(`${ROUNDS} rounds of random faults and changes each end equal to a fresh list within 5 s`, async () => {
    const random = new SeededRandom(14);
    const times: number[] = [];
    const failures: string[] = [];
    const faultSteps = faults();
    const changeSteps = changes(random);
    for (let round = 1; round <= ROUNDS; round++) {
      const fault = random.pick(faultSteps);
      const change = random.pick(changeSteps);
      await fault.run();
      await change.run();
      try {
        times.push(await converge());
      } catch {
        failures.push(`round ${round}: ${fault.name} + ${change.name}`);
      }
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const max = sorted.at(-1) ?? 0;
    process.stdout.write(
      `fault soak: ${ROUNDS} rounds, convergence p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms, failures ${failures.length}${failures.length > 0 ? `: ${failures.join('; ')}` : ''}\n`,
    );
    expect(failures).toStrictEqual([]);
  }, 240_000);
});
