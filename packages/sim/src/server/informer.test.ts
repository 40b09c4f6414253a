import { CoreV1Api, KubeConfig, makeInformer } from '@kubernetes/client-node';
import type { Informer, ObjectCache, V1Pod } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pod, seedShop } from './__fixtures__/cluster.js';
import type { Harness } from './__fixtures__/harness.js';
import { startHarness } from './__fixtures__/harness.js';

let h: Harness;
let informer: Informer<V1Pod> & ObjectCache<V1Pod>;
const events: string[] = [];
const errors: unknown[] = [];
let lists = 0;

const waitFor = (check: () => void): Promise<void> =>
  vi.waitFor(check, { timeout: 20_000, interval: 20 });

beforeAll(async () => {
  h = await startHarness(seedShop);
  const kc = new KubeConfig();
  kc.loadFromFile(h.kubeconfig);
  const api = kc.makeApiClient(CoreV1Api);
  informer = makeInformer(kc, '/api/v1/namespaces/shop/pods?allowWatchBookmarks=true', () => {
    lists++;
    return api.listNamespacedPod({ namespace: 'shop' });
  });
  informer.on('add', (p) => events.push(`add ${p.metadata?.name ?? ''}`));
  informer.on('update', (p) =>
    events.push(`update ${p.metadata?.name ?? ''} ${p.metadata?.labels?.tier ?? '-'}`),
  );
  informer.on('delete', (p) => events.push(`delete ${p.metadata?.name ?? ''}`));
  informer.on('error', (e) => errors.push(e));
  await informer.start();
});

afterAll(async () => {
  await informer.stop();
  await h.close();
});

describe('a client-node informer against the simulator', () => {
  it('receives the initial list', async () => {
    await waitFor(() => expect(events).toStrictEqual(['add web-1', 'add web-2', 'add web-3']));
    await waitFor(() => expect(h.server.faults.state().watches).toBe(1));
    expect(lists).toBe(1);
  });

  it('receives ADDED, MODIFIED and DELETED events', async () => {
    events.length = 0;
    expect(h.store.create('pods', pod({ name: 'web-4' })).ok).toBe(true);
    expect(
      h.store.patch('pods', 'shop', 'web-4', {
        type: 'merge',
        patch: { metadata: { labels: { tier: 'fe' } } },
      }).ok,
    ).toBe(true);
    expect(h.store.delete('pods', 'shop', 'web-4', { gracePeriodSeconds: 0 }).ok).toBe(true);
    await waitFor(() =>
      expect(events).toStrictEqual(['add web-4', 'update web-4 fe', 'delete web-4']),
    );
  });

  it('resumes from its last version after the watch is dropped, without relisting', async () => {
    events.length = 0;
    expect(h.server.faults.dropWatches()).toBe(1);
    expect(h.store.create('pods', pod({ name: 'web-5' })).ok).toBe(true);
    await waitFor(() => expect(events).toStrictEqual(['add web-5']));
    await waitFor(() => expect(h.server.faults.state().watches).toBe(1));
    expect([lists, errors]).toStrictEqual([1, []]);
  });

  it('relists after a 410 Expired and converges on the current state', async () => {
    events.length = 0;
    expect(h.server.faults.expireWatches()).toBe(1);
    expect(h.store.delete('pods', 'shop', 'web-5', { gracePeriodSeconds: 0 }).ok).toBe(true);
    await waitFor(() => expect(lists).toBe(2));
    await waitFor(() => expect(events).toContain('delete web-5'));
    expect(h.store.create('pods', pod({ name: 'web-6' })).ok).toBe(true);
    await waitFor(() => expect(events).toContain('add web-6'));
    expect(
      informer
        .list('shop')
        .map((p) => p.metadata?.name)
        .sort(),
    ).toStrictEqual(['web-1', 'web-2', 'web-3', 'web-6']);
    expect(errors).toStrictEqual([]);
  });
});
