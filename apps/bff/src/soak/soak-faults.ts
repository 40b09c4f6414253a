import type { SimHandle } from '@pdbscope/sim';
import type { SeededRandom } from '@pdbscope/shared/synthetic';
import { simControl } from '../integration/harness.js';

/**
 * One fault of the soak: `apply` puts it in place; `undo`, when given, lifts it once the BFF has
 * been checked under it (a refusal held while the answers are compared with a fresh BFF's).
 */
export interface SoakFault {
  name: string;
  apply(): Promise<void>;
  undo?: () => Promise<void>;
}

export interface FaultTarget {
  sim(): SimHandle;
  /** Kills the simulated API server and starts a new one on the same port (a new history). */
  killAndRestart(): Promise<void>;
  /** How long the BFF's exec-plugin tokens live. */
  tokenTtlMs: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A namespace of the cluster that has pods. */
function someNamespace(sim: SimHandle, random: SeededRandom): string {
  const listed = sim.store.list('pods');
  const namespaces = [
    ...new Set(listed.ok ? listed.value.items.map((p) => p.metadata.namespace ?? '') : []),
  ].sort();
  return random.pick(namespaces);
}

/** Every kind of fault the soak plays: API faults, a killed server, refusals, expired tokens. */
export function soakFaults(target: FaultTarget, random: SeededRandom): SoakFault[] {
  const post = (path: string, body: unknown = {}) => simControl(target.sim(), path, body);
  const refusal = (
    name: string,
    forbid: (sim: SimHandle, namespace: string) => void,
    allow: (sim: SimHandle, namespace: string) => void,
  ): SoakFault => {
    let namespace = '';
    return {
      name,
      apply: async () => {
        namespace = someNamespace(target.sim(), random);
        forbid(target.sim(), namespace);
        // Open watches were allowed when they started: they end, as RBAC changes are seen on
        // the next request.
        await post('/_sim/faults/expire-watches');
      },
      undo: async () => {
        allow(target.sim(), namespace);
        await post('/_sim/faults/expire-watches');
      },
    };
  };
  return [
    { name: 'drop watches', apply: () => post('/_sim/faults/drop-watches').then(() => {}) },
    {
      name: 'drop watches abruptly',
      apply: () => post('/_sim/faults/drop-watches', { abrupt: true }).then(() => {}),
    },
    {
      name: 'expire watches (410)',
      apply: () => post('/_sim/faults/expire-watches').then(() => {}),
    },
    {
      name: 'fail lists, then expire watches',
      apply: async () => {
        await post('/_sim/faults/fail-lists', { count: 3 });
        await post('/_sim/faults/expire-watches');
      },
    },
    {
      name: 'latency 30 ms',
      apply: async () => {
        await post('/_sim/faults/latency', { ms: 30 });
        await pause(200);
        await post('/_sim/faults/latency', { ms: 0 });
      },
    },
    { name: 'kill and restart the API server', apply: () => target.killAndRestart() },
    refusal(
      'pods refused in one namespace',
      (sim, ns) => sim.faults.forbidIn('pods', ns),
      (sim, ns) => sim.faults.unforbidIn('pods', ns),
    ),
    refusal(
      'statefulsets and deployments refused in one namespace',
      (sim, ns) => {
        sim.faults.forbidIn('statefulsets', ns);
        sim.faults.forbidIn('deployments', ns);
      },
      (sim, ns) => {
        sim.faults.unforbidIn('statefulsets', ns);
        sim.faults.unforbidIn('deployments', ns);
      },
    ),
    refusal(
      'one namespace refused',
      (sim, ns) => sim.faults.forbid(ns),
      (sim, ns) => sim.faults.unforbid(ns),
    ),
    {
      // Every token expires at once (the exec plugin's, the sim's own): the BFF hears 401 and
      // runs its plugin again; the sim's own token, used by the checks, is accepted again.
      name: 'credentials expired',
      apply: async () => {
        target.sim().faults.expireTokens();
        target.sim().faults.acceptToken('pdbscope-sim');
        await post('/_sim/faults/expire-watches');
      },
    },
  ];
}
