import { startSim, type SimHandle } from '@pdbscope/sim';
import { SeededRandom } from '@pdbscope/shared/synthetic';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execPluginUser, type ExecPluginUser } from '../integration/exec-plugin.js';
import { converged, getJson, startHarness, type Harness } from '../integration/harness.js';
import { kubeConfigFromString } from '../kube/kubeconfig.js';
import { startBff, type Bff } from '../server.js';
import { LiveButWrongMonitor } from './live-but-wrong.js';
import { soakFaults, type SoakFault } from './soak-faults.js';

/**
 * `pnpm soak`: the BFF under rounds of faults (API faults, the API server killed and started
 * again, pods or workloads refused in one namespace, a namespace refused, credentials expired),
 * each with a change to the cluster. A round converges when the BFF's answers equal those of a
 * fresh BFF started against the server as it is (under the refusal, then again once it is lifted)
 * and its index equals a fresh list. Meanwhile a monitor counts every moment a source was `live`
 * with objects that differed from the server's. Printed: rounds converged, time to converge
 * (p50, max), live-but-wrong moments. Bounded: SOAK_ROUNDS (default 20) rounds, CONVERGE_MS each.
 */
const ROUNDS = Number(process.env['SOAK_ROUNDS'] ?? 20);
const CONVERGE_MS = 10_000;
const TOKEN_TTL_MS = 10_000;
const TUNING = { backoff: { initialMs: 20, maxMs: 200 }, watchTimeoutSeconds: 30 };

let h: Harness;
let sim: SimHandle;
let plugin: ExecPluginUser | undefined;
let restarting = false;

async function killAndRestart(): Promise<void> {
  restarting = true;
  const port = sim.port;
  await sim.close();
  sim = await startSim({ port, demo: true, activity: false, readyDelayMs: 0 });
  // Authentication on, as before: the exec plugin's tokens come from the new server.
  sim.faults.acceptToken('pdbscope-sim');
  restarting = false;
}

beforeAll(async () => {
  h = await startHarness({
    kubeconfig: (s) => (plugin = execPluginUser(s, TOKEN_TTL_MS)).kubeconfig,
    tuning: TUNING,
  });
  sim = h.sim;
  await h.bff.ready();
});
afterAll(async () => {
  await h.bff.close();
  await sim.close();
  plugin?.remove();
});

/** A BFF started now against the server as it is: what the BFF under test should answer. */
async function reference(): Promise<Bff> {
  const bff = await startBff({
    source: { kind: 'cluster', cluster: kubeConfigFromString(sim.kubeconfig()) },
    logger: pino({ level: 'silent' }),
    port: 0,
    tuning: TUNING,
  });
  await bff.ready();
  // Ready does not wait for sources outside readiness (events): each has had its first answer.
  await vi.waitFor(
    () => expect(bff.sources.states().filter((s) => s.state === 'syncing')).toStrictEqual([]),
    { timeout: CONVERGE_MS, interval: 50 },
  );
  return bff;
}

/** The answers compared: budgets, nodes, and what the cluster view says is not visible. */
async function answers(bff: Bff): Promise<unknown> {
  const budgets = (await getJson<Record<string, unknown>>(bff, '/api/budgets')).body;
  const nodes = (await getJson<Record<string, unknown>>(bff, '/api/nodes')).body;
  const cluster = (await getJson<Record<string, unknown>>(bff, '/api/cluster')).body;
  return {
    budgets: [budgets['items'], budgets['summary'], budgets['namespaces']],
    nodes: [nodes['items'], nodes['notVisible']],
    cluster: [cluster['ready'], cluster['notVisible'], cluster['counts']],
  };
}

/** Where two answers first differ, as a JSON path with both values; undefined when equal. */
function firstDifference(a: unknown, b: unknown, at = ''): string | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  const flat = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x !== 'object');
  // A list of words (what is not visible) reads best whole: which entries are missing, which extra.
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    (flat(a) && flat(b))
  )
    return `${at}: ${JSON.stringify(a)} here, ${JSON.stringify(b)} from a fresh BFF`;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${at}.${key}`,
    );
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Milliseconds until the BFF answers as a fresh one does (and, `whole`, holds a fresh list). */
async function converge(started: number, whole: boolean): Promise<number> {
  const fresh = await reference();
  try {
    // Both asked each time: the cluster may move meanwhile (a restarted demo rolls its Trino
    // workers within seconds), and the fresh BFF follows it as the one under test should.
    try {
      await vi.waitFor(
        async () => expect(await answers(h.bff)).toStrictEqual(await answers(fresh)),
        { timeout: CONVERGE_MS, interval: 250 },
      );
    } catch {
      const [here, there] = [await answers(h.bff), await answers(fresh)];
      throw new Error(`answers differ at ${firstDifference(here, there)}`);
    }
    if (whole) await converged({ sim, bff: h.bff }, CONVERGE_MS);
    return performance.now() - started;
  } finally {
    await fresh.close();
  }
}

function changes(random: SeededRandom): { name: string; run(): void }[] {
  let made = 0;
  return [
    {
      name: 'flip a pod ready',
      run: () => {
        const listed = sim.store.list('pods');
        const pods = listed.ok ? listed.value.items.map((p) => p.metadata) : [];
        const p = pods[random.int(0, pods.length - 1)];
        if (p) sim.faults.setPodReady(p.namespace ?? '', p.name ?? '', random.next() < 0.5);
      },
    },
    {
      name: 'create a budget',
      run: () => {
        made++;
        sim.store.create('poddisruptionbudgets', {
          apiVersion: 'policy/v1',
          kind: 'PodDisruptionBudget',
          metadata: { name: `soak-${made}`, namespace: 'zookeeper' },
          spec: { maxUnavailable: 1, selector: { matchLabels: { app: 'zookeeper' } } },
        });
      },
    },
    {
      name: 'delete a budget',
      run: () => {
        if (made > 0) sim.store.delete('poddisruptionbudgets', 'zookeeper', `soak-${made}`);
      },
    },
  ];
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

describe('soak', () => {
  it(`${ROUNDS} rounds of faults: every round converges, never live with wrong data`, async () => {
    const random = new SeededRandom(30);
    const faults = soakFaults({ sim: () => sim, killAndRestart, tokenTtlMs: TOKEN_TTL_MS }, random);
    const changeSteps = changes(random);
    const monitor = new LiveButWrongMonitor(() => ({ bff: h.bff, sim, paused: restarting }));
    monitor.start();
    const times: number[] = [];
    const failures: string[] = [];
    const byFault = new Map<string, number[]>();
    // Every fault in turn, in a seeded order each pass, so that each kind is played as often.
    let pass: SoakFault[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      if (pass.length === 0) pass = [...faults].sort(() => random.next() - 0.5);
      const fault = pass.shift() as SoakFault;
      const change = random.pick(changeSteps);
      try {
        let started = performance.now();
        await fault.apply();
        change.run();
        const took = [await converge(started, fault.undo === undefined)];
        if (fault.undo !== undefined) {
          started = performance.now();
          await fault.undo();
          took.push(await converge(started, true));
        }
        times.push(...took);
        byFault.set(fault.name, [...(byFault.get(fault.name) ?? []), ...took]);
      } catch (err) {
        failures.push(
          `round ${round}: ${fault.name} + ${change.name}: ${err instanceof Error ? err.message.slice(0, 400) : String(err)}`,
        );
        // The next round starts from a converged BFF, or the failures would cascade.
        await converged({ sim, bff: h.bff }, CONVERGE_MS).catch(() => undefined);
      }
    }
    monitor.stop();
    const sorted = [...times].sort((a, b) => a - b);
    const perFault = [...byFault]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, t]) => `${name}: ×${t.length}, max ${Math.max(...t).toFixed(0)} ms`);
    process.stdout.write(
      [
        `soak: ${ROUNDS - failures.length}/${ROUNDS} rounds converged; time to converge p50 ${percentile(sorted, 0.5).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms (${sorted.length} convergences); live-but-wrong moments: ${monitor.moments.length}`,
        ...perFault.map((line) => `  ${line}`),
        ...failures.map((line) => `  failed ${line}`),
        ...monitor.moments.map((line) => `  live but wrong: ${line}`),
      ].join('\n') + '\n',
    );
    expect([failures, monitor.moments]).toStrictEqual([[], []]);
  }, 1_200_000);
});
