import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { kubeconfigFor } from '@pdbscope/sim';
import { KubeConfig } from '@kubernetes/client-node';
import type { SourceState } from '@pdbscope/shared/api';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { KubeHttp } from './http.js';
import { PODS, collectionPath, projector, type ClusterObject } from './resources.js';
import { Source, type SourceOptions } from './source.js';
import { ManualClock } from '@pdbscope/sim/clock';
import { UnreadableObjects } from './unreadable-objects.js';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

const ZOOKEEPER_0 = {
  metadata: { name: 'zookeeper-0', namespace: 'zookeeper', uid: 'u0', resourceVersion: '990' },
  status: { phase: 'Running' },
};

/** An API server that lists `items()` (one pod unless told); the watch is the test's fake. */
async function listServer(
  lists: string[] = [],
  items: () => unknown[] = () => [ZOOKEEPER_0],
): Promise<KubeConfig> {
  const server = http.createServer((req, res) => {
    lists.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        kind: 'PodList',
        apiVersion: 'v1',
        metadata: { resourceVersion: '1000' },
        items: items(),
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  const kc = new KubeConfig();
  kc.loadFromString(kubeconfigFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  return kc;
}

/** A pods source over `kc` with the test's clock, fake watch and sinks; 1 s backoff, 60 s watchdog. */
function podsSource(options: {
  kc: KubeConfig;
  clock: ManualClock;
  states: SourceState[];
  upserts: ClusterObject[];
  watch: NonNullable<SourceOptions<ClusterObject>['watch']>;
  onOtherCluster?: SourceOptions<ClusterObject>['onOtherCluster'];
  onReconnected?: () => void;
}): Source<ClusterObject> {
  return new Source<ClusterObject>({
    id: 'pods',
    resource: 'v1 pods',
    kc: options.kc,
    http: new KubeHttp(options.kc),
    path: collectionPath(PODS),
    project: projector(PODS, () => {}),
    sink: { upsert: (o) => options.upserts.push(o), remove: () => {} },
    clock: options.clock,
    logger: pino({ level: 'silent' }),
    onState: (s) => options.states.push(s),
    ...(options.onOtherCluster ? { onOtherCluster: options.onOtherCluster } : {}),
    ...(options.onReconnected ? { onReconnected: options.onReconnected } : {}),
    watchdogMs: 60_000,
    watchTimeoutSeconds: 30,
    backoff: { initialMs: 1000, maxMs: 1000 },
    watch: options.watch,
  });
}

describe('Source', () => {
  it('goes live after its list, and a silent watch trips the watchdog into degraded, then a restart', async () => {
    const kc = await listServer();
    const clock = new ManualClock(new Date('2026-11-21T19:00:00Z'));
    const states: SourceState[] = [];
    const upserts: ClusterObject[] = [];
    const watchCalls: Record<string, unknown>[] = [];
    const source = podsSource({
      kc,
      clock,
      states,
      upserts,
      // A watch that connects and then never says a word (a half-open connection).
      watch: {
        watch: (_path, params) => {
          watchCalls.push(params);
          return Promise.resolve(new AbortController());
        },
      },
    });
    source.start();
    await expect.poll(() => states.map((s) => s.state)).toStrictEqual(['live']);
    // The page's pod reaches the sink as the page arrives, and only then (the informer's add of
    // the same object is counted, not handed over again).
    expect([upserts.map((o) => o.name), states[0]?.objects, watchCalls[0]]).toStrictEqual([
      ['zookeeper-0'],
      1,
      { resourceVersion: '1000', allowWatchBookmarks: true, timeoutSeconds: 30 },
    ]);
    clock.advance(59_000);
    expect(states.map((s) => s.state)).toStrictEqual(['live']);
    clock.advance(16_000);
    expect(states.map((s) => [s.state, s.reason])).toStrictEqual([
      ['live', undefined],
      ['degraded', 'no event for 60 s: restarting the watch'],
    ]);
    clock.advance(1000);
    await expect.poll(() => states.map((s) => s.state)).toStrictEqual(['live', 'degraded', 'live']);
    // The restart resumes the watch from the last resourceVersion: no second list.
    expect([watchCalls.length, watchCalls[1]?.['resourceVersion'], upserts.length]).toStrictEqual([
      2,
      '1000',
      1,
    ]);
    await source.stop();
  });

  it('is not live while a resumed watch waits to connect, nor while it lists after a 410', async () => {
    const kc = await listServer();
    const clock = new ManualClock(new Date('2026-11-21T19:00:00Z'));
    const states: SourceState[] = [];
    let reconnected = 0;
    const ends: ((err: unknown) => void)[] = [];
    const connects: (() => void)[] = [];
    const source = podsSource({
      kc,
      clock,
      states,
      upserts: [],
      onReconnected: () => reconnected++,
      // The first watch connects at once; later ones when the test says so.
      watch: {
        watch: (_path, _params, _callback, done) => {
          ends.push(done);
          const connected = new Promise<AbortController>((resolve) => {
            const go = () => resolve(new AbortController());
            if (ends.length === 1) go();
            else connects.push(go);
          });
          return connected;
        },
      },
    });
    source.start();
    await expect.poll(() => states.map((s) => s.state)).toStrictEqual(['live']);
    // The watch ends (a timeout, a dropped connection): a moment to reconnect stays live.
    ends[0]?.(null);
    await expect.poll(() => ends.length).toBe(2);
    clock.advance(400);
    expect(states.map((s) => s.state)).toStrictEqual(['live']);
    clock.advance(200);
    expect(states.map((s) => [s.state, s.reason])).toStrictEqual([
      ['live', undefined],
      ['syncing', 'reconnecting the watch'],
    ]);
    connects.shift()?.();
    await expect.poll(() => states.at(-1)?.state).toBe('live');
    // Connected again: the cluster's identity is to be checked (a server started anew shows now).
    expect(reconnected).toBe(1);
    // A 410: the relist that follows is not live until its watch connects.
    ends[1]?.({ statusCode: 410 });
    await expect
      .poll(() => states.at(-1)?.reason)
      .toBe('the watch expired (410 Gone): listing again');
    expect(states.at(-1)?.state).toBe('syncing');
    await expect.poll(() => connects.length).toBe(1);
    connects.shift()?.();
    await expect.poll(() => states.at(-1)?.state).toBe('live');
    expect(reconnected).toBe(2);
    await source.stop();
  });

  it('a relist after a 410 hands over only what changed: what is held already costs nothing', async () => {
    const pod = (name: string, resourceVersion: string) => ({
      metadata: { name, namespace: 'zookeeper', uid: `uid-${name}`, resourceVersion },
      status: { phase: 'Running' },
    });
    const lists = [
      [pod('zookeeper-0', '990'), pod('zookeeper-1', '991')],
      [pod('zookeeper-0', '990'), pod('zookeeper-1', '995'), pod('zookeeper-2', '996')],
    ];
    const kc = await listServer([], () => (lists.length > 1 ? lists.shift() : lists[0]) ?? []);
    const upserts: ClusterObject[] = [];
    const ends: ((err: unknown) => void)[] = [];
    const source = podsSource({
      kc,
      clock: new ManualClock(new Date('2026-11-21T19:00:00Z')),
      states: [],
      upserts,
      watch: {
        watch: (_path, _params, _callback, done) => {
          ends.push(done);
          return Promise.resolve(new AbortController());
        },
      },
    });
    source.start();
    await expect.poll(() => ends.length).toBe(1);
    ends[0]?.({ statusCode: 410 });
    await expect.poll(() => ends.length).toBe(2);
    expect(upserts.map((o) => `${o.name}@${o.resourceVersion}`)).toStrictEqual([
      'zookeeper-0@990',
      'zookeeper-1@991',
      'zookeeper-1@995',
      'zookeeper-2@996',
    ]);
    await source.stop();
  });

  it('a watched object whose UID changed under the same name: says so, relists and replaces', async () => {
    const lists: string[] = [];
    const kc = await listServer(lists);
    const clock = new ManualClock(new Date('2026-11-21T19:00:00Z'));
    const states: SourceState[] = [];
    const noticed: unknown[] = [];
    const upserts: ClusterObject[] = [];
    const watches: ((phase: string, obj: unknown) => void)[] = [];
    const source = podsSource({
      kc,
      clock,
      states,
      upserts,
      onOtherCluster: (change) => noticed.push(change),
      watch: {
        watch: (_path, _params, callback) => {
          watches.push(callback);
          return Promise.resolve(new AbortController());
        },
      },
    });
    source.start();
    await expect.poll(() => watches.length).toBe(1);
    watches[0]?.('MODIFIED', {
      metadata: { name: 'zookeeper-0', namespace: 'zookeeper', uid: 'u9', resourceVersion: '1001' },
      status: { phase: 'Running' },
    });
    await expect.poll(() => watches.length).toBe(2);
    const reason =
      'zookeeper/zookeeper-0 changed its UID from u0 to u9 without being deleted: the cluster was restored or replaced';
    expect([
      noticed,
      lists.length,
      states.map((s) => [s.state, s.reason]),
      upserts.map((o) => [o.name, 'uid' in o ? o.uid : undefined]),
    ]).toStrictEqual([
      [{ cause: 'uid-changed', reason }],
      2,
      [
        ['live', undefined],
        ['syncing', reason],
        ['live', undefined],
      ],
      // The relisted pod replaces the one held (same version as before: replaced all the same).
      [
        ['zookeeper-0', 'u0'],
        ['zookeeper-0', 'u0'],
      ],
    ]);
    await source.stop();
  });

  it('an object whose new version does not read: the old one goes, it is listed until it reads or is deleted', async () => {
    const kc = await listServer();
    const clock = new ManualClock(new Date('2026-11-21T19:00:00Z'));
    const states: SourceState[] = [];
    const sunk: string[] = [];
    const watches: ((phase: string, obj: unknown) => void)[] = [];
    const unreadable = new UnreadableObjects({
      kind: 'Pod',
      changed: () => source.unreadableChanged(),
    });
    const read = projector(PODS, (error, raw) => unreadable.unreadable(raw, error));
    // Stands for a stricter conversion than today's (which only refuses a missing name).
    const refusing = (raw: unknown) => {
      const labels = (raw as { metadata?: { labels?: Record<string, string> } }).metadata?.labels;
      if (labels?.['broken'] !== undefined) {
        unreadable.unreadable(raw, `broken: ${labels['broken']}`);
        return undefined;
      }
      const held = read(raw);
      if (held)
        unreadable.readable({ namespace: held.metadata.namespace ?? '', name: held.metadata.name });
      return held;
    };
    const source: Source<ClusterObject> = new Source<ClusterObject>({
      id: 'pods',
      resource: 'v1 pods',
      kc,
      http: new KubeHttp(kc),
      path: collectionPath(PODS),
      project: refusing,
      unreadable,
      sink: {
        upsert: (o) => sunk.push(`upsert ${o.name} ${o.resourceVersion}`),
        remove: (o) => sunk.push(`remove ${o.name} ${o.resourceVersion}`),
      },
      clock,
      logger: pino({ level: 'silent' }),
      onState: (s) => states.push(s),
      watch: {
        watch: (_path, _params, callback) => {
          watches.push(callback);
          return Promise.resolve(new AbortController());
        },
      },
    });
    source.start();
    await expect.poll(() => states.map((s) => s.state)).toStrictEqual(['live']);
    const pod = (resourceVersion: string, broken?: string) => ({
      metadata: {
        name: 'zookeeper-0',
        namespace: 'zookeeper',
        uid: 'u0',
        resourceVersion,
        ...(broken !== undefined ? { labels: { broken } } : {}),
      },
      status: { phase: 'Running' },
    });
    const last = () => {
      const s = source.snapshot();
      return [s.objects, s.unreadable];
    };
    watches[0]?.('MODIFIED', pod('1001', 'yes'));
    expect(last()).toStrictEqual([
      0,
      [
        {
          position: 'resourceVersion 1001',
          object: 'Pod zookeeper/zookeeper-0',
          error: 'broken: yes',
        },
      ],
    ]);
    watches[0]?.('MODIFIED', pod('1002'));
    expect(last()).toStrictEqual([1, undefined]);
    watches[0]?.('MODIFIED', pod('1003', 'again'));
    watches[0]?.('DELETED', pod('1004', 'again'));
    expect(last()).toStrictEqual([0, undefined]);
    expect(sunk).toStrictEqual([
      'upsert zookeeper-0 990',
      'remove zookeeper-0 990',
      'upsert zookeeper-0 1002',
      'remove zookeeper-0 1002',
    ]);
    // Each change of the set was told in the state clients hear (the deletion's own unreadable
    // version is noted, then forgotten with it).
    expect(states.map((s) => s.unreadable?.length ?? 0)).toStrictEqual([0, 1, 0, 1, 1, 0]);
    await source.stop();
  });
});
