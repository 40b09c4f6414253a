import type { SimHandle } from '@pdbscope/sim';
import type {
  BudgetListResponse,
  ClusterResponse,
  PodResponse,
  SourceState,
} from '@pdbscope/shared/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson, listen, simControl, startHarness, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a namespace the BFF may not read', () => {
  it('leaves the other namespaces working and says what is missing', async () => {
    const harness = (h = await startHarness({
      namespaces: ['zookeeper', 'payments'],
      beforeBff: (sim) => sim.faults.forbid('payments'),
    }));
    await harness.bff.ready();
    // Events are watched once the budgets are ready: their source is refused a moment later.
    const payments = await vi.waitFor(async () => {
      const cluster = (await getJson<ClusterResponse>(harness.bff, '/api/cluster')).body;
      const refused = cluster.sources.filter((s) => s.id.endsWith('@payments'));
      expect([
        cluster.ready,
        refused.length > 0,
        refused.every((s) => s.state === 'refused' && s.forbiddenNamespaces[0] === 'payments'),
      ]).toStrictEqual([true, true, true]);
      return refused;
    });
    expect(payments[0]?.reason).toContain('forbidden');
    const budgets = (await getJson<BudgetListResponse>(harness.bff, '/api/budgets')).body.items;
    expect([...new Set(budgets.map((b) => b.namespace))]).toStrictEqual(['zookeeper']);
  });

  it('picks the namespace up when the 403 is lifted, and shows it refused when it comes back', async () => {
    const harness = (h = await startHarness({ namespaces: ['zookeeper', 'payments'] }));
    await harness.bff.ready();
    await simControl(harness.sim, '/_sim/faults/forbid', { namespace: 'payments' });
    await simControl(harness.sim, '/_sim/faults/drop-watches', { abrupt: true });
    await vi.waitFor(
      () => {
        const states = harness.bff.sources.states();
        expect(
          states.filter((s) => s.id.endsWith('@payments')).every((s) => s.state === 'refused'),
        ).toBe(true);
        expect(
          states.filter((s) => s.id.endsWith('@zookeeper')).every((s) => s.state === 'live'),
        ).toBe(true);
      },
      { timeout: 10_000 },
    );
    await simControl(harness.sim, '/_sim/faults/unforbid', {});
    await vi.waitFor(
      () =>
        expect(
          harness.bff.sources
            .states()
            .filter((s) => s.state === 'degraded' || s.state === 'refused'),
        ).toStrictEqual([]),
      { timeout: 10_000 },
    );
  });
});

describe('a cluster-wide 403', () => {
  it('falls back to one watch per namespace: the refused one shows so, the others work', async () => {
    const harness = (h = await startHarness({ beforeBff: (sim) => sim.faults.forbid('payments') }));
    await harness.bff.ready();
    const cluster = (await getJson<ClusterResponse>(harness.bff, '/api/cluster')).body;
    const pods = cluster.sources.filter((s) => s.id === 'pods' || s.id.startsWith('pods@'));
    expect([
      pods.some((s) => s.id === 'pods'),
      pods.filter((s) => s.state === 'refused').map((s) => [s.id, s.forbiddenNamespaces]),
      pods.filter((s) => s.state === 'live').length > 3,
    ]).toStrictEqual([false, [['pods@payments', ['payments']]], true]);
    const budgets = (await getJson<BudgetListResponse>(harness.bff, '/api/budgets')).body.items;
    expect([
      budgets.some((b) => b.namespace === 'zookeeper'),
      budgets.some((b) => b.namespace === 'payments'),
    ]).toStrictEqual([true, false]);
  });

  it('goes back to one watch per resource once the cluster-wide list is allowed again', async () => {
    const harness = (h = await startHarness({ beforeBff: (sim) => sim.faults.forbid('payments') }));
    await harness.bff.ready();
    const perNamespace = () =>
      harness.bff.sources.states().filter((s) => s.id.includes('@')).length;
    expect(perNamespace()).toBeGreaterThan(8);
    await simControl(harness.sim, '/_sim/faults/unforbid', {});
    await vi.waitFor(
      () => {
        const states = harness.bff.sources.states();
        expect([
          perNamespace(),
          states.filter((s) => s.state !== 'live' && s.state !== 'absent').map((s) => s.id),
          states.some((s) => s.id === 'pods'),
        ]).toStrictEqual([0, [], true]);
      },
      { timeout: 10_000 },
    );
    const budgets = (await getJson<BudgetListResponse>(harness.bff, '/api/budgets')).body.items;
    expect(budgets.some((b) => b.namespace === 'payments')).toBe(true);
  });

  it('follows the namespaces: one created later is watched, a deleted one is forgotten', async () => {
    const harness = (h = await startHarness({ beforeBff: (sim) => sim.faults.forbid('payments') }));
    await harness.bff.ready();
    createCartNamespace(harness.sim);
    // The Deployment's controller makes the pods; the budget counts them once they are Ready.
    const cartPods = await vi.waitFor(
      async () => {
        const budgets = (
          await getJson<BudgetListResponse>(harness.bff, '/api/budgets?namespace=cart')
        ).body.items;
        expect(
          budgets.map((b) =>
            b.kind === 'PodDisruptionBudget'
              ? [b.name, b.expectedPods, b.currentHealthy, b.disruptionsAllowed]
              : [b.name],
          ),
        ).toStrictEqual([['cart', 2, 2, 1]]);
        return simPodNames(harness.sim, 'cart');
      },
      { timeout: 10_000 },
    );
    const pod = await getJson<PodResponse>(harness.bff, `/api/pods/cart/${cartPods[0] ?? ''}`);
    const sourcesIn = (states: readonly SourceState[], namespace: string) =>
      states
        .filter((s) => s.id.endsWith(`@${namespace}`))
        .map((s) => [s.id.slice(0, -namespace.length - 1), s.state]);
    // A source shows live once its watch streams, which may come a little after its list.
    const cluster = await vi.waitFor(
      async () => {
        const body = (await getJson<ClusterResponse>(harness.bff, '/api/cluster')).body;
        expect(sourcesIn(body.sources, 'cart')).toStrictEqual(sourcesIn(body.sources, 'zookeeper'));
        return body;
      },
      { timeout: 10_000 },
    );
    expect([
      cartPods.length,
      pod.status,
      pod.body.budgets.map((b) => `${b.namespace}/${b.name}`),
      sourcesIn(cluster.sources, 'cart'),
      cluster.sources.find((s) => s.id === 'namespaces')?.state,
    ]).toStrictEqual([2, 200, ['cart/cart'], sourcesIn(cluster.sources, 'zookeeper'), 'live']);

    // From the last event on, so that nothing published while the stream connects is missed.
    const stream = listen(harness.bff, harness.bff.store.hub.lastId);
    expect(harness.sim.store.delete('namespaces', undefined, 'cart').ok).toBe(true);
    const cartSourceIds = cluster.sources
      .map((s) => s.id)
      .filter((id) => id.endsWith('@cart'))
      .sort();
    await vi.waitFor(
      () =>
        expect(
          stream.events
            .flatMap((e) =>
              e.type === 'source-removed' ? [`${e.sourceId} ready=${String(e.ready)}`] : [],
            )
            .sort(),
        ).toStrictEqual(cartSourceIds.map((id) => `${id} ready=true`)),
      { timeout: 10_000 },
    );
    stream.close();
    await vi.waitFor(
      async () => {
        const after = (await getJson<ClusterResponse>(harness.bff, '/api/cluster')).body;
        const budgets = (
          await getJson<BudgetListResponse>(harness.bff, '/api/budgets?namespace=cart')
        ).body.items;
        const gone = await getJson<unknown>(harness.bff, `/api/pods/cart/${cartPods[0] ?? ''}`);
        expect([sourcesIn(after.sources, 'cart'), budgets, gone.status]).toStrictEqual([
          [],
          [],
          404,
        ]);
      },
      { timeout: 10_000 },
    );
  });
});

/** A namespace made after the BFF started, as `kubectl create` would: a Deployment and its budget. */
function createCartNamespace(sim: SimHandle): void {
  const labels = { 'app.kubernetes.io/name': 'cart' };
  const results = [
    sim.store.create('namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'cart', labels: { 'kubernetes.io/metadata.name': 'cart' } },
    }),
    sim.store.create('deployments', {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'cart', namespace: 'cart', labels },
      spec: {
        replicas: 2,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: { containers: [{ name: 'cart', image: 'registry.example.com/cart:1.4.2' }] },
        },
      },
    }),
    sim.store.create('poddisruptionbudgets', {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'cart', namespace: 'cart' },
      spec: { minAvailable: 1, selector: { matchLabels: labels } },
    }),
  ];
  expect(results.map((r) => (r.ok ? r.value.metadata.name : r.error.message))).toStrictEqual([
    'cart',
    'cart',
    'cart',
  ]);
}

function simPodNames(sim: SimHandle, namespace: string): string[] {
  const listed = sim.store.list('pods', { namespace });
  return listed.ok ? listed.value.items.map((p) => p.metadata.name ?? '') : [];
}

describe('a cluster-wide 403 when namespaces may not be read either', () => {
  const states = (bff: Harness['bff'], ids: readonly string[]) =>
    bff.sources
      .states()
      .filter((s) => ids.includes(s.id))
      .map((s) => [s.id, s.state, s.reason]);

  it('is ready with the resources refused, and falls back once namespaces may be listed', async () => {
    const harness = (h = await startHarness({
      beforeBff: (sim) => {
        sim.faults.forbid('payments');
        sim.faults.forbidResource('namespaces');
      },
    }));
    await harness.bff.ready();
    const cluster = (await getJson<ClusterResponse>(harness.bff, '/api/cluster')).body;
    const pods = cluster.sources.find((s) => s.id === 'pods');
    expect([
      cluster.ready,
      pods?.state,
      pods?.reason?.includes('forbidden') ?? false,
      cluster.sources.find((s) => s.id === 'namespaces'),
    ]).toStrictEqual([
      true,
      'refused',
      true,
      {
        id: 'namespaces',
        resource: 'v1 namespaces (for the resources watched namespace by namespace)',
        state: 'refused',
        reason:
          'forbidden: 403 namespaces is forbidden: User "system:serviceaccount:pdbscope:pdbscope-viewer" cannot list resource "namespaces" in API group "" at the cluster scope (GET /api/v1/namespaces?limit=500)',
        since: expect.any(String) as string,
        objects: 0,
        forbiddenNamespaces: [],
        lastEventAt: expect.any(String) as string,
      },
    ]);
    harness.sim.faults.unforbidResource('namespaces');
    await vi.waitFor(
      () =>
        expect(
          states(harness.bff, ['namespaces', 'pods', 'pods@payments', 'pods@zookeeper']),
        ).toStrictEqual([
          ['namespaces', 'live', undefined],
          ['pods@payments', 'refused', expect.stringContaining('forbidden') as string],
          ['pods@zookeeper', 'live', undefined],
        ]),
      { timeout: 10_000 },
    );
    const budgets = (await getJson<BudgetListResponse>(harness.bff, '/api/budgets')).body.items;
    expect(budgets.some((b) => b.namespace === 'zookeeper')).toBe(true);
  });

  it('keeps the namespaces it has while they may not be watched, and catches up after', async () => {
    const harness = (h = await startHarness({ beforeBff: (sim) => sim.faults.forbid('payments') }));
    await harness.bff.ready();
    harness.sim.faults.forbidResource('namespaces');
    harness.sim.faults.dropWatches({ abrupt: true });
    await vi.waitFor(
      () =>
        expect(states(harness.bff, ['namespaces', 'pods@zookeeper'])).toStrictEqual([
          [
            'namespaces',
            'refused',
            // The watch reads the API server's Status, as a list does.
            'forbidden: namespaces is forbidden: User "system:serviceaccount:pdbscope:pdbscope-viewer" cannot watch resource "namespaces" in API group "" at the cluster scope (watch /api/v1/namespaces)',
          ],
          ['pods@zookeeper', 'live', undefined],
        ]),
      { timeout: 10_000 },
    );
    createCartNamespace(harness.sim);
    harness.sim.faults.unforbidResource('namespaces');
    await vi.waitFor(
      () =>
        expect(states(harness.bff, ['namespaces', 'pods@cart'])).toStrictEqual([
          ['namespaces', 'live', undefined],
          ['pods@cart', 'live', undefined],
        ]),
      { timeout: 10_000 },
    );
  });
});
