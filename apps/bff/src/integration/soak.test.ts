import { SeededRandom } from '@pdbscope/shared/synthetic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execPluginUser, type ExecPluginUser } from './exec-plugin.js';
import { converged, simControl, startHarness, type Harness } from './harness.js';

/**
 * The fault soak, bounded: rounds of one random fault and one random change to the cluster, each
 * round ending with the BFF's index equal to a fresh list of the simulator within 5 s. The BFF's
 * user is an exec plugin whose tokens live TOKEN_TTL_MS, so tokens also expire between and during
 * rounds. Printed: rounds, convergence p50 and max, failures.
 */
const ROUNDS = 40;
const CONVERGE_MS = 5_000;
const TOKEN_TTL_MS = 5_000;

let h: Harness;
let plugin: ExecPluginUser | undefined;
beforeAll(async () => {
  h = await startHarness({
    kubeconfig: (sim) => (plugin = execPluginUser(sim, TOKEN_TTL_MS)).kubeconfig,
  });
  await h.bff.ready();
});
afterAll(async () => {
  await h.close();
  plugin?.remove();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A namespace of the demo that has pods, picked at random. */
function someNamespace(random: SeededRandom): string {
  const listed = h.sim.store.list('pods');
  const namespaces = [
    ...new Set(listed.ok ? listed.value.items.map((p) => p.metadata.namespace ?? '') : []),
  ].sort();
  return random.pick(namespaces);
}

type Step = { name: string; run: () => Promise<unknown> };

function faults(random: SeededRandom): Step[] {
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
      // The token in use expires; every watch ends and each source relists with a new one.
      name: 'token expiry, then expire watches',
      run: async () => {
        await pause(TOKEN_TTL_MS + 100);
        await simControl(h.sim, '/_sim/faults/expire-watches');
      },
    },
    {
      // A cluster-wide 403 (RBAC taken away for one namespace): the BFF falls back to one watch
      // per namespace, then the namespace is allowed again and it goes back to one watch.
      name: 'forbid a namespace, then allow it',
      run: async () => {
        const namespace = someNamespace(random);
        await simControl(h.sim, '/_sim/faults/forbid', { namespace });
        await simControl(h.sim, '/_sim/faults/expire-watches');
        await pause(300);
        await simControl(h.sim, '/_sim/faults/unforbid', { namespace });
      },
    },
    {
      name: 'forbid pods, then allow them',
      run: async () => {
        await simControl(h.sim, '/_sim/faults/forbid', { resource: 'pods' });
        await simControl(h.sim, '/_sim/faults/expire-watches');
        await pause(300);
        await simControl(h.sim, '/_sim/faults/unforbid', { resource: 'pods' });
      },
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
  await converged(h, CONVERGE_MS);
  return performance.now() - started;
}

describe('fault soak', () => {
  it(`${ROUNDS} rounds of random faults and changes each end equal to a fresh list within 5 s`, async () => {
    const random = new SeededRandom(14);
    const times: number[] = [];
    const failures: string[] = [];
    const byFault = new Map<string, number[]>();
    const faultSteps = faults(random);
    const changeSteps = changes(random);
    for (let round = 1; round <= ROUNDS; round++) {
      const fault = random.pick(faultSteps);
      const change = random.pick(changeSteps);
      await fault.run();
      await change.run();
      try {
        const took = await converge();
        times.push(took);
        byFault.set(fault.name, [...(byFault.get(fault.name) ?? []), took]);
      } catch {
        failures.push(`round ${round}: ${fault.name} + ${change.name}`);
      }
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const max = sorted.at(-1) ?? 0;
    const perFault = [...byFault]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, t]) => `${name} ×${t.length} max ${Math.max(...t).toFixed(0)} ms`);
    process.stdout.write(
      `fault soak: ${ROUNDS} rounds, convergence p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms, failures ${failures.length}${failures.length > 0 ? `: ${failures.join('; ')}` : ''}\n  ${perFault.join('\n  ')}\n`,
    );
    expect(failures).toStrictEqual([]);
  }, 240_000);
});
