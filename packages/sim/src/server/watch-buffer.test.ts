import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, ObjectStore } from '../store/index.js';
import { namespace, pod } from './__fixtures__/cluster.js';
import { openWatch } from './__fixtures__/watch-client.js';
import type { SimServer } from './create-server.js';
import { createSimServer } from './create-server.js';

let store: ObjectStore;
let server: SimServer;

beforeAll(async () => {
  const clock = new ManualClock();
  store = new ObjectStore({ clock });
  store.create('namespaces', namespace('shop'));
  for (let i = 0; i < 200; i++)
    store.create('pods', pod({ name: `web-${String(i).padStart(3, '0')}` }));
  server = await createSimServer({ store, clock, maxWatchBufferBytes: 16 * 1024 });
});

afterAll(async () => {
  await server.close();
  store.close();
});

describe('watch buffering', () => {
  it('sends an initial state larger than the slow-watcher limit in full, then live events', async () => {
    const w = await openWatch(`${server.url}/api/v1/namespaces/shop/pods?watch=1`);
    const names: string[] = [];
    for (let i = 0; i < 200; i++) {
      const e = await w.next();
      names.push(`${e?.type ?? ''} ${(e?.object.metadata as { name: string }).name}`);
    }
    expect(names.slice(0, 2)).toStrictEqual(['ADDED web-000', 'ADDED web-001']);
    expect(names.length).toBe(200);
    store.delete('pods', 'shop', 'web-000', { gracePeriodSeconds: 0 });
    const live = await w.next();
    expect([live?.type, (live?.object.metadata as { name: string }).name]).toStrictEqual([
      'DELETED',
      'web-000',
    ]);
    w.close();
  });
});
