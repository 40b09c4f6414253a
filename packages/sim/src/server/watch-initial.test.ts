import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock, ObjectStore } from '../store/index.js';
import type { HistoryEntry } from '../store/history.js';
import { namespace, pod } from './__fixtures__/cluster.js';
import { Watcher } from './watch-hub.js';

/** A response whose writes are taken only when `release` is called: a client that reads slowly. */
function slowResponse() {
  const chunks: Buffer[] = [];
  let waiting: (() => void)[] = [];
  let released = false;
  const res = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      if (released) callback();
      else waiting.push(() => callback());
    },
  });
  return {
    res: res as unknown as ServerResponse,
    taken: () => chunks.reduce((n, c) => n + c.length, 0),
    release: () => {
      released = true;
      const held = waiting;
      waiting = [];
      for (const done of held) done();
    },
    events: () =>
      Buffer.concat(chunks)
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map(
          (line) =>
            JSON.parse(line) as {
              type: string;
              object: { metadata: { name?: string; resourceVersion?: string } };
            },
        ),
  };
}

const stores: ObjectStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

describe('a watch-list of a large state', () => {
  it('streams the state as the client takes it; events meanwhile follow the closing bookmark', async () => {
    const clock = new ManualClock();
    const store = new ObjectStore({ clock });
    stores.push(store);
    store.create('namespaces', namespace('shop'));
    // About 2.5 MB of JSON: more than the watcher writes before it waits for the client.
    const annotations = { note: 'x'.repeat(1_000) };
    for (let i = 0; i < 1_500; i++) {
      const p = pod({ name: `web-${String(i).padStart(4, '0')}` });
      store.create('pods', { ...p, metadata: { ...p.metadata, annotations } });
    }
    const entries: HistoryEntry[] = [];
    store.subscribeEntries((entry) => entries.push(entry));
    const listed = store.listStored('pods', { namespace: 'shop' });
    if (!listed.ok) throw new Error('list failed');
    const slow = slowResponse();
    const watcher = new Watcher(
      {
        resource: 'pods',
        namespace: 'shop',
        bookmarks: true,
        bookmarkKind: { apiVersion: 'v1', kind: 'Pod' },
        currentVersion: () => store.resourceVersion(),
        maxBufferedBytes: 64 * 1024 * 1024,
      },
      slow.res,
      clock,
      () => undefined,
    );
    watcher.startTimers(undefined, 1_000);
    const sent = watcher.sendInitial({
      items: listed.value.items,
      endVersion: listed.value.resourceVersion,
      endBookmark: true,
    });
    // The watcher stops at about a megabyte not taken; the rest waits for the client.
    while (slow.taken() < 1024 * 1024) await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    const before = slow.taken();
    store.modify('pods', 'shop', 'web-0007', (p) => void (p.metadata.labels = { app: 'api' }));
    for (const entry of entries) watcher.deliver(entry);
    clock.advance(1_000);
    expect(slow.taken()).toBe(before);
    slow.release();
    await sent;
    await new Promise((r) => setImmediate(r));

    const events = slow.events();
    expect(events.slice(0, 1_500).map((e) => `${e.type} ${e.object.metadata.name}`)).toStrictEqual(
      listed.value.items.map((s) => `ADDED ${s.object.metadata.name}`),
    );
    expect(events.slice(1_500).map((e) => [e.type, e.object.metadata])).toStrictEqual([
      [
        'BOOKMARK',
        {
          resourceVersion: listed.value.resourceVersion,
          annotations: { 'k8s.io/initial-events-end': 'true' },
        },
      ],
      ['MODIFIED', expect.objectContaining({ name: 'web-0007' })],
    ]);
    expect(events[1_501]?.object.metadata.resourceVersion).toBe(store.resourceVersion());
    watcher.destroy();
  });
});
