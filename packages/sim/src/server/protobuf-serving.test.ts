import {
  FrameReader,
  PROTOBUF_MEDIA_TYPE,
  STATUS,
  decodeMessage,
  protobufKindOf,
  readList,
  readWatchEvent,
  unwrap,
  type MessageSchema,
} from '@pdbscope/shared/protobuf';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock, ObjectStore } from '../store/index.js';
import { seedShop } from './__fixtures__/cluster.js';
import { createSimServer, type SimServer } from './create-server.js';

const PROTOBUF_FIRST = `${PROTOBUF_MEDIA_TYPE}, application/json`;
const POD = protobufKindOf('v1', 'pods')?.schema as MessageSchema;

let open: { server: SimServer; store: ObjectStore } | undefined;

async function serve(options: { protobuf?: boolean; watchList?: boolean } = {}) {
  const clock = new ManualClock('2024-05-01T11:00:00Z');
  let n = 0;
  const store = new ObjectStore({
    clock,
    uid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  });
  seedShop(store);
  const server = await createSimServer({ store, clock, ...options });
  open = { server, store };
  return open;
}

afterEach(async () => {
  await open?.server.close();
  open?.store.close();
  open = undefined;
});

const podsOf = (store: ObjectStore) => {
  const listed = store.list('pods', {});
  if (!listed.ok) throw new Error('no pods');
  return listed.value.items;
};

const withoutType = (o: Record<string, unknown>) => {
  const { apiVersion: _a, kind: _k, ...rest } = o;
  return rest;
};

/** Every frame of a watch until `until` says stop (or 2 s pass). */
async function frames(
  url: string,
  until: (events: { type: string; object: Record<string, unknown> }[]) => boolean,
): Promise<{ contentType: string; events: { type: string; object: Record<string, unknown> }[] }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 2000);
  const res = await fetch(url, { headers: { Accept: PROTOBUF_FIRST }, signal: abort.signal });
  const reader = new FrameReader();
  const events: { type: string; object: Record<string, unknown> }[] = [];
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      for (const frame of reader.push(chunk)) {
        const event = readWatchEvent(frame);
        const { kind, raw } = unwrap(event.object);
        const schema = kind === 'Status' ? STATUS : POD;
        events.push({ type: event.type, object: decodeMessage(raw, schema) });
      }
      if (until(events)) break;
    }
  } catch {
    // aborted after 2 s
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return { contentType: res.headers.get('content-type') ?? '', events };
}

describe('protobuf answers', () => {
  it('lists, gets and watches pods in protobuf for a client that asks for it first', async () => {
    const { server, store } = await serve();
    const pods = podsOf(store);
    const list = await fetch(`${server.url}/api/v1/pods?limit=2`, {
      headers: { Accept: PROTOBUF_FIRST },
    });
    expect(list.headers.get('content-type')).toBe(PROTOBUF_MEDIA_TYPE);
    const items: unknown[] = [];
    const meta = readList(new Uint8Array(await list.arrayBuffer()), POD, (o) => items.push(o));
    expect(items).toStrictEqual(pods.slice(0, 2).map((p) => withoutType(p)));
    expect(meta.continue).not.toBe('');

    const get = await fetch(`${server.url}/api/v1/namespaces/shop/pods/web-1`, {
      headers: { Accept: PROTOBUF_FIRST },
    });
    const one = unwrap(new Uint8Array(await get.arrayBuffer()));
    expect([one.apiVersion, one.kind]).toStrictEqual(['v1', 'Pod']);
    expect(decodeMessage(one.raw, POD)).toStrictEqual(
      withoutType(store.get('pods', 'shop', 'web-1') ?? {}),
    );

    const json = await fetch(`${server.url}/api/v1/pods`, {
      headers: { Accept: 'application/json' },
    });
    expect(json.headers.get('content-type')).toBe('application/json');
  });

  it('streams the initial state, then the initial-events-end bookmark (watch-list)', async () => {
    const { server, store } = await serve();
    const { contentType, events } = await frames(
      `${server.url}/api/v1/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan`,
      (e) => e.some((x) => x.type === 'BOOKMARK'),
    );
    expect(contentType).toBe(`${PROTOBUF_MEDIA_TYPE};stream=watch`);
    const pods = podsOf(store);
    expect(events).toStrictEqual([
      ...pods.map((p) => ({ type: 'ADDED', object: withoutType(p) })),
      {
        type: 'BOOKMARK',
        object: {
          metadata: {
            resourceVersion: store.resourceVersion(),
            annotations: { 'k8s.io/initial-events-end': 'true' },
          },
        },
      },
    ]);
  });

  it('plays a server without watch-list: the parameter is ignored, no bookmark ends the state', async () => {
    const { server, store } = await serve({ watchList: false });
    const { events } = await frames(
      `${server.url}/api/v1/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true`,
      (e) => e.length >= podsOf(store).length,
    );
    expect(events.map((e) => e.type)).toStrictEqual(podsOf(store).map(() => 'ADDED'));
  });

  it('plays a JSON-only server, and answers JSON for a list the table cannot carry', async () => {
    const { server } = await serve({ protobuf: false });
    const list = await fetch(`${server.url}/api/v1/pods`, { headers: { Accept: PROTOBUF_FIRST } });
    expect(list.headers.get('content-type')).toBe('application/json');
    await open?.server.close();
    open?.store.close();
    const second = await serve();
    second.store.modify('pods', 'shop', 'web-1', (p) => {
      (p.spec as Record<string, unknown>)['shareProcessNamespace'] = true;
    });
    const mixed = await fetch(`${second.server.url}/api/v1/pods`, {
      headers: { Accept: PROTOBUF_FIRST },
    });
    expect(mixed.headers.get('content-type')).toBe('application/json');
    expect(((await mixed.json()) as { items: unknown[] }).items).toHaveLength(
      podsOf(second.store).length,
    );
  });
});
