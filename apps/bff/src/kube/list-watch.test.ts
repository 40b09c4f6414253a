import { describe, expect, it } from 'vitest';
import { ListWatchLoop, type Watcher } from './list-watch.js';
import type { Held } from './projecting-watch.js';

interface PodLike {
  name: string;
  namespace: string;
  resourceVersion: string;
  uid: string;
}

const pod = (name: string, resourceVersion: string, namespace = 'shop'): Held<PodLike> => {
  const view = { name, namespace, resourceVersion, uid: `uid-${name}` };
  return { metadata: view, view };
};

interface WatchCall {
  params: Record<string, unknown>;
  send: (phase: string, obj: unknown) => void;
  end: (err: unknown) => void;
  aborted: () => boolean;
}

/** A watch that records each connection; the test sends its events and ends it. */
function fakeWatch(): Watcher & { calls: WatchCall[] } {
  const calls: WatchCall[] = [];
  return {
    calls,
    watch: (_path, params, callback, done) => {
      const controller = new AbortController();
      calls.push({
        params,
        send: callback,
        end: done,
        aborted: () => controller.signal.aborted,
      });
      return Promise.resolve(controller);
    },
  };
}

function loopOver(lists: { items: Held<PodLike>[]; resourceVersion: string }[]) {
  const watch = fakeWatch();
  const told: string[] = [];
  let listed = 0;
  const loop = new ListWatchLoop<PodLike>({
    path: '/api/v1/pods',
    watch,
    list: () => {
      const next = lists[listed++];
      return next ? Promise.resolve(next) : Promise.reject(new Error('list refused'));
    },
    on: {
      add: (h) => told.push(`add ${h.metadata.name}@${h.metadata.resourceVersion}`),
      update: (h) => told.push(`update ${h.metadata.name}@${h.metadata.resourceVersion}`),
      delete: (h) => told.push(`delete ${h.metadata.name}@${h.metadata.resourceVersion}`),
      error: (err) => told.push(`error ${(err as Error).message}`),
    },
  });
  return { loop, watch, told, lists: () => listed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ListWatchLoop', () => {
  it('lists, then watches from the list’s version; a change at the same version is no change', async () => {
    const { loop, watch, told } = loopOver([
      { items: [pod('web-0', '10'), pod('web-1', '11')], resourceVersion: '12' },
    ]);
    await loop.start();
    const call = watch.calls[0];
    call?.send('MODIFIED', pod('web-0', '13'));
    call?.send('MODIFIED', pod('web-1', '11'));
    call?.send('ADDED', pod('web-2', '14'));
    call?.send('DELETED', pod('web-1', '15'));
    call?.send('BOOKMARK', { metadata: { resourceVersion: '20' } });
    expect({
      told,
      params: watch.calls.map((c) => c.params),
      resume: loop.resourceVersion,
      held: loop.list().map((h) => `${h.metadata.name}@${h.metadata.resourceVersion}`),
    }).toStrictEqual({
      told: ['add web-0@10', 'add web-1@11', 'update web-0@13', 'add web-2@14', 'delete web-1@15'],
      params: [{ resourceVersion: '12' }],
      resume: '20',
      held: ['web-0@13', 'web-2@14'],
    });
  });

  it('after a 410 lists again: what the list lacks is deleted, the rest added or updated', async () => {
    const { loop, watch, told, lists } = loopOver([
      {
        items: [pod('web-0', '10'), pod('web-1', '11'), pod('db-0', '5', 'data')],
        resourceVersion: '12',
      },
      { items: [pod('web-0', '10'), pod('web-2', '30')], resourceVersion: '31' },
    ]);
    await loop.start();
    told.length = 0;
    watch.calls[0]?.end(Object.assign(new Error('Gone'), { statusCode: 410 }));
    await settle();
    expect({
      told,
      lists: lists(),
      params: watch.calls.map((c) => c.params),
      firstAborted: watch.calls[0]?.aborted(),
    }).toStrictEqual({
      told: ['delete web-1@11', 'delete db-0@5', 'add web-2@30'],
      lists: 2,
      params: [{ resourceVersion: '12' }, { resourceVersion: '31' }],
      firstAborted: true,
    });
  });

  it('stops on another error, and resumes from the last version when started again', async () => {
    const { loop, watch, told, lists } = loopOver([
      { items: [pod('web-0', '10')], resourceVersion: '12' },
    ]);
    await loop.start();
    watch.calls[0]?.send('MODIFIED', pod('web-0', '16'));
    watch.calls[0]?.end(Object.assign(new Error('Internal Server Error'), { statusCode: 500 }));
    await settle();
    const afterError = watch.calls.length;
    await loop.start();
    expect({
      told,
      afterError,
      lists: lists(),
      params: watch.calls.map((c) => c.params),
    }).toStrictEqual({
      told: ['add web-0@10', 'update web-0@16', 'error Internal Server Error'],
      afterError: 1,
      lists: 1,
      params: [{ resourceVersion: '12' }, { resourceVersion: '16' }],
    });
  });

  it('tells a watch that fails before it connects (an exec plugin failing) as an error', async () => {
    const { loop, watch, told } = loopOver([
      { items: [pod('web-0', '10')], resourceVersion: '12' },
    ]);
    let refuse = true;
    const connect = watch.watch.bind(watch);
    watch.watch = (...args) =>
      refuse ? Promise.reject(new Error('exec plugin: connect ECONNREFUSED')) : connect(...args);
    await loop.start();
    refuse = false;
    await loop.start();
    expect([told, watch.calls.map((c) => c.params)]).toStrictEqual([
      ['add web-0@10', 'error exec plugin: connect ECONNREFUSED'],
      [{ resourceVersion: '12' }],
    ]);
  });

  it('an ERROR event with a 410 makes the next start list again; a failed list is an error', async () => {
    const { loop, watch, told, lists } = loopOver([
      { items: [pod('web-0', '10')], resourceVersion: '12' },
    ]);
    await loop.start();
    watch.calls[0]?.send('ERROR', { kind: 'Status', code: 410 });
    watch.calls[0]?.end(null);
    await settle();
    expect({ told, lists: lists(), resume: loop.resourceVersion }).toStrictEqual({
      told: ['add web-0@10', 'error list refused'],
      lists: 2,
      resume: '',
    });
  });

  it('keeps a view that is its own metadata alone, and any other Held whole', async () => {
    const named: Held<string> = { metadata: { name: 'shop', resourceVersion: '3' }, view: 'shop' };
    const watch = fakeWatch();
    const loop = new ListWatchLoop<string>({
      path: '/api/v1/namespaces',
      watch,
      list: () => Promise.resolve({ items: [named], resourceVersion: '4' }),
      on: { add: () => {}, update: () => {}, delete: () => {}, error: () => {} },
    });
    const pods = loopOver([{ items: [pod('web-0', '10')], resourceVersion: '12' }]);
    await Promise.all([loop.start(), pods.loop.start()]);
    const web = pods.loop.get('web-0', 'shop');
    expect({
      namespace: loop.get('shop'),
      sameHeld: loop.get('shop') === named,
      pod: web,
      viewIsMetadata: web?.view === web?.metadata,
      missing: pods.loop.get('web-0', 'other'),
    }).toStrictEqual({
      namespace: named,
      sameHeld: true,
      pod: pod('web-0', '10'),
      viewIsMetadata: true,
      missing: undefined,
    });
  });

  it('forgets everything unannounced: the next list adds every object anew', async () => {
    const { loop, watch, told } = loopOver([
      { items: [pod('web-0', '10')], resourceVersion: '12' },
      { items: [pod('web-0', '10')], resourceVersion: '12' },
    ]);
    await loop.start();
    loop.forget();
    loop.resourceVersion = '';
    watch.calls[0]?.end(null);
    await settle();
    expect(told).toStrictEqual(['add web-0@10', 'add web-0@10']);
  });
});
