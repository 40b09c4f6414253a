import {
  ApiException,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PolicyV1Api,
} from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedShop } from './__fixtures__/cluster.js';
import type { Harness } from './__fixtures__/harness.js';
import { startHarness } from './__fixtures__/harness.js';

let h: Harness;
let core: CoreV1Api;

beforeAll(async () => {
  h = await startHarness(seedShop);
  const kc = new KubeConfig();
  kc.loadFromFile(h.kubeconfig);
  core = kc.makeApiClient(CoreV1Api);
});

afterAll(async () => {
  await h.close();
});

const eviction = (name: string) => ({
  apiVersion: 'policy/v1',
  kind: 'Eviction',
  metadata: { name, namespace: 'shop' },
});

describe('client-node typed APIs against the simulator', () => {
  it('pages a pod list with limit and continue', async () => {
    const first = await core.listPodForAllNamespaces({ limit: 2 });
    const rest = await core.listPodForAllNamespaces({
      limit: 2,
      _continue: first.metadata?._continue ?? '',
    });
    expect([...first.items, ...rest.items].map((p) => p.metadata?.name)).toStrictEqual([
      'web-1',
      'web-2',
      'web-3',
    ]);
    expect(rest.metadata?._continue).toBeUndefined();
  });

  it('evicts with dryRun=All without writing, then for real; the next eviction is a 429 ApiException', async () => {
    const before = h.store.resourceVersion();
    // client-node types the 201 Status body as an Eviction; what matters is that nothing was written.
    await core.createNamespacedPodEviction({
      name: 'web-1',
      namespace: 'shop',
      dryRun: 'All',
      body: eviction('web-1'),
    });
    expect(h.store.resourceVersion()).toBe(before);
    await core.createNamespacedPodEviction({
      name: 'web-1',
      namespace: 'shop',
      body: eviction('web-1'),
    });
    expect(h.store.get('pods', 'shop', 'web-1')?.metadata.deletionTimestamp).toBe(
      '2024-05-01T11:00:30Z',
    );
    const refused = await core
      .createNamespacedPodEviction({ name: 'web-2', namespace: 'shop', body: eviction('web-2') })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(ApiException);
    const err = refused as ApiException<string>;
    expect([err.code, JSON.parse(err.body) as unknown]).toStrictEqual([
      429,
      {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: "Cannot evict pod as it would violate the pod's disruption budget.",
        reason: 'TooManyRequests',
        details: {
          causes: [
            {
              reason: 'DisruptionBudget',
              message: 'The disruption budget web needs 2 healthy pods and has 3 currently',
            },
          ],
        },
        code: 429,
      },
    ]);
  });

  it('reads PDBs through PolicyV1Api and PUBs through CustomObjectsApi', async () => {
    const kc = new KubeConfig();
    kc.loadFromFile(h.kubeconfig);
    const pdbs = await kc
      .makeApiClient(PolicyV1Api)
      .listNamespacedPodDisruptionBudget({ namespace: 'shop' });
    expect(pdbs.items.map((p) => [p.metadata?.name, p.status?.disruptionsAllowed])).toStrictEqual([
      ['web', 0],
    ]);
    const pubs = (await kc.makeApiClient(CustomObjectsApi).listClusterCustomObject({
      group: 'policy.kruise.io',
      version: 'v1alpha1',
      plural: 'podunavailablebudgets',
    })) as { kind: string; items: unknown[] };
    expect([pubs.kind, pubs.items]).toStrictEqual(['PodUnavailableBudgetList', []]);
  });
});
