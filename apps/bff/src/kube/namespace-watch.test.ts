import { startSim, type SimHandle } from '@pdbscope/sim';
import type { SourceState } from '@pdbscope/shared/api';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { KubeHttp } from './http.js';
import { kubeConfigFromString } from './kubeconfig.js';
import { NamespaceWatch, type NamespaceFollower } from './namespace-watch.js';
import { systemClock } from '@pdbscope/shared/clock';

let sim: SimHandle | undefined;
let watch: NamespaceWatch | undefined;
afterEach(async () => {
  await watch?.stop();
  await sim?.close();
  watch = undefined;
  sim = undefined;
});

function namespace(name: string) {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
  };
}

/** The simulated API server's answer to a list of the namespaces while they are forbidden. */
const LIST_REFUSED =
  'forbidden: 403 namespaces is forbidden: User "system:serviceaccount:pdbscope:pdbscope-viewer" cannot list resource "namespaces" in API group "" at the cluster scope (GET /api/v1/namespaces?limit=500)';

/** A follower that writes down what it is told, in order. */
function recorder(): NamespaceFollower & { heard: string[] } {
  const heard: string[] = [];
  return {
    heard,
    initial: (namespaces) => heard.push(`initial ${namespaces.join(',')}`),
    added: (name) => heard.push(`added ${name}`),
    removed: (name) => heard.push(`removed ${name}`),
    refused: () => heard.push('refused'),
  };
}

/** A simulator with two namespaces (and kube-system, as every cluster has), and a namespace watch on it whose registrations and log are kept. */
async function setUp(options: { forbidNamespaces?: boolean; pagedLists?: boolean } = {}) {
  sim = await startSim({ port: 0, demo: false, activity: false });
  for (const name of ['billing', 'zookeeper'])
    expect(sim.store.create('namespaces', namespace(name)).ok).toBe(true);
  if (options.forbidNamespaces) sim.faults.forbidResource('namespaces');
  const { kc } = kubeConfigFromString(sim.kubeconfig());
  const states: SourceState[] = [];
  const registered: string[] = [];
  const warnings: string[] = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) },
  );
  watch = new NamespaceWatch({
    kc,
    http: new KubeHttp(kc, { protobuf: true, watchList: !(options.pagedLists ?? false) }),
    readiness: {
      add: (id, handle) => registered.push(`${id} settled=${String(handle.settled)}`),
      changed: (state) => states.push(state),
    },
    clock: systemClock,
    logger,
    tuning: { backoff: { initialMs: 5, maxMs: 20 } },
  });
  return { sim, watch, states, registered, warnings };
}

describe('NamespaceWatch', () => {
  it('tells every follower the namespaces once listed, then each one created or deleted', async () => {
    const { sim, watch, registered } = await setUp();
    const first = recorder();
    watch.follow(first);
    await expect.poll(() => first.heard).toStrictEqual(['initial billing,kube-system,zookeeper']);
    const second = recorder();
    watch.follow(second);
    await expect.poll(() => second.heard).toStrictEqual(['initial billing,kube-system,zookeeper']);
    expect(sim.store.create('namespaces', namespace('cart')).ok).toBe(true);
    expect(sim.store.delete('namespaces', undefined, 'billing').ok).toBe(true);
    const told = ['initial billing,kube-system,zookeeper', 'added cart', 'removed billing'];
    await expect.poll(() => [first.heard, second.heard]).toStrictEqual([told, told]);
    // One watch for both, shown beside the sources but never holding readiness back.
    expect(registered).toStrictEqual(['namespaces settled=true']);
  });

  it('when namespaces are refused: says so, logs once however often it retries, and lists them once allowed', async () => {
    const { sim, watch, states, warnings } = await setUp({ forbidNamespaces: true });
    const follower = recorder();
    watch.follow(follower);
    await expect.poll(() => states.length).toBeGreaterThan(3);
    expect([follower.heard, warnings, states.at(-1)?.state, states.at(-1)?.reason]).toStrictEqual([
      ['refused'],
      [
        'namespaces may not be listed (403): resources forbidden cluster-wide cannot be watched namespace by namespace; pass --namespace',
      ],
      'refused',
      LIST_REFUSED,
    ]);
    sim.faults.unforbidResource('namespaces');
    await expect
      .poll(() => follower.heard)
      .toStrictEqual(['refused', 'initial billing,kube-system,zookeeper']);
    expect(states.at(-1)?.state).toBe('live');
  });

  it('after a refusal, shows the reason of a later failure of another kind', async () => {
    // Paged lists only: with watch-list, each attempt is a watch (refused) and then a paged list,
    // and which of the two meets the failure depends on when the faults change between them.
    const { sim, watch, states } = await setUp({ forbidNamespaces: true, pagedLists: true });
    watch.follow(recorder());
    await expect.poll(() => states.at(-1)?.reason).toBe(LIST_REFUSED);
    sim.faults.failLists(2);
    sim.faults.unforbidResource('namespaces');
    await expect.poll(() => states.at(-1)?.state).toBe('live');
    const shown = states
      .map((s) => `${s.state}: ${s.reason ?? '-'}`)
      .filter((line, i, all) => line !== all[i - 1]);
    expect(shown).toStrictEqual([
      `refused: ${LIST_REFUSED}`,
      'degraded: 500 Internal error occurred: simulated list failure (/_sim/faults/fail-lists) (GET /api/v1/namespaces?limit=500)',
      'live: -',
    ]);
  });
});
