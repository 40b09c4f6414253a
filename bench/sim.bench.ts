// pnpm bench:sim: the simulated API server serving a generated cluster of 150,000 pods. Prints,
// beside references measured in the same run:
//   1. a full pod list, unpaged and paged (limit 500 + continue): time to the last byte and bytes;
//      reference: JSON.stringify + JSON.parse of the same objects (what any server and client pay);
//   2. events per second delivered to 10 concurrent watchers, live (bounded by the writes) and
//      replayed from history (delivery alone); reference: the store's write rate with no watcher.
// Figures only; this never fails a build.
import { request } from 'node:http';
import { generateCluster } from '../packages/shared/src/synthetic/index.js';
import { loadGeneratedCluster } from '../packages/sim/src/generate/load.js';
import { createSimServer } from '../packages/sim/src/server/index.js';
import type { KubeObject } from '../packages/sim/src/store/index.js';
import { ObjectStore } from '../packages/sim/src/store/index.js';

const PODS = Number(process.env['BENCH_PODS'] ?? 150_000);
const BUDGETS = Number(process.env['BENCH_BUDGETS'] ?? 10_000);
const WATCHERS = Number(process.env['BENCH_WATCHERS'] ?? 10);
const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 20_000);
const PAGE = 500;

const ms = (v: number): string => `${v.toFixed(0)} ms`;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** GETs a URL, counting bytes without keeping them unless asked to. */
function get(url: string, keep: boolean): Promise<{ status: number; bytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { Accept: 'application/json' } }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (keep) chunks.push(c);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          body: keep ? Buffer.concat(chunks).toString('utf8') : '',
        }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function pagedList(base: string): Promise<{ bytes: number; items: number; parseMs: number }> {
  let bytes = 0;
  let items = 0;
  let parseMs = 0;
  let cont = '';
  do {
    const r = await get(
      `${base}/api/v1/pods?limit=${PAGE}${cont === '' ? '' : `&continue=${encodeURIComponent(cont)}`}`,
      true,
    );
    bytes += r.bytes;
    const t = performance.now();
    const page = JSON.parse(r.body) as { items: unknown[]; metadata: { continue?: string } };
    parseMs += performance.now() - t;
    items += page.items.length;
    cont = page.metadata.continue ?? '';
  } while (cont !== '');
  return { bytes, items, parseMs };
}

/** Opens a watch and resolves once `expected` events have arrived (counted by newlines). */
function watchUntil(
  url: string,
  expected: number,
): { ready: Promise<void>; done: Promise<number> } {
  let markReady: () => void = () => {};
  const ready = new Promise<void>((r) => (markReady = r));
  const done = new Promise<number>((resolve, reject) => {
    const req = request(url, (res) => {
      markReady();
      let seen = 0;
      res.on('data', (c: Buffer) => {
        for (let i = c.indexOf(10); i >= 0; i = c.indexOf(10, i + 1)) seen++;
        if (seen >= expected) {
          resolve(performance.now());
          req.destroy();
        }
      });
    });
    req.on('error', (e) => (e.message === 'socket hang up' ? undefined : reject(e)));
    req.end();
  });
  return { ready, done };
}

/** Flips pods' Ready condition, yielding to the event loop every batch so watchers drain. */
async function flipReady(
  store: ObjectStore,
  pods: readonly KubeObject[],
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i++) {
    if (i % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
    const p = pods[i % pods.length] as KubeObject;
    store.modify(
      'pods',
      p.metadata.namespace,
      p.metadata.name ?? '',
      (copy) => {
        const status = copy.status as { conditions?: { type: string; status: string }[] };
        const ready = status.conditions?.find((c) => c.type === 'Ready');
        if (ready !== undefined) ready.status = ready.status === 'True' ? 'False' : 'True';
      },
      { subresource: 'status' },
    );
  }
}

async function main(): Promise<void> {
  console.log(
    `sim bench: ${PODS} pods, ${BUDGETS} budgets, ${WATCHERS} watchers × ${EVENTS} events`,
  );
  let t = performance.now();
  const cluster = generateCluster({
    seed: 7,
    pods: PODS,
    budgets: BUDGETS,
    nodes: Math.max(20, Math.round(PODS / 110)),
  });
  console.log(`  generate cluster                      ${ms(performance.now() - t)}`);

  const store = new ObjectStore({ historySize: EVENTS * 2 });
  t = performance.now();
  loadGeneratedCluster(store, cluster);
  console.log(
    `  load into the store (serialise once)  ${ms(performance.now() - t)}  ${JSON.stringify(store.counts())}`,
  );
  globalThis.gc?.();
  console.log(`  heap after load                       ${mb(process.memoryUsage().heapUsed)}`);

  const server = await createSimServer({ store });
  try {
    // Warm up the sorted key index and the sockets.
    await get(`${server.url}/api/v1/pods?limit=1`, false);

    t = performance.now();
    const unpaged = await get(`${server.url}/api/v1/pods`, false);
    const unpagedMs = performance.now() - t;
    console.log(
      `  full pod list, unpaged                ${ms(unpagedMs)}  ${mb(unpaged.bytes)}  (HTTP ${unpaged.status}, to the last byte)`,
    );

    t = performance.now();
    const paged = await pagedList(server.url);
    const pagedMs = performance.now() - t;
    console.log(
      `  full pod list, paged by ${PAGE}          ${ms(pagedMs)}  ${mb(paged.bytes)}  ${paged.items} pods, ${Math.ceil(paged.items / PAGE)} requests (client JSON.parse ${ms(paged.parseMs)} of it)`,
    );

    const listed = store.list('pods');
    const items = listed.ok ? listed.value.items : [];
    let refBytes = 0;
    t = performance.now();
    for (let i = 0; i < items.length; i += PAGE) {
      const text = JSON.stringify({
        kind: 'PodList',
        apiVersion: 'v1',
        metadata: {},
        items: items.slice(i, i + PAGE),
      });
      refBytes += Buffer.byteLength(text);
      JSON.parse(text);
    }
    const refMs = performance.now() - t;
    console.log(
      `  reference: JSON.stringify+parse        ${ms(refMs)}  ${mb(refBytes)}  (same pods, in pages of ${PAGE}, no I/O)`,
    );

    const sample = items.slice(0, 5_000);
    const replayFrom = store.resourceVersion();
    t = performance.now();
    await flipReady(store, sample, EVENTS);
    const writeMs = performance.now() - t;
    console.log(
      `  reference: store writes, no watcher    ${((EVENTS / writeMs) * 1000).toFixed(0)} events/s  (${EVENTS} status writes in ${ms(writeMs)})`,
    );

    // Delivery alone: 10 watchers resume from before the reference writes and replay them from history.
    t = performance.now();
    const replays = Array.from({ length: WATCHERS }, () =>
      watchUntil(`${server.url}/api/v1/pods?watch=1&resourceVersion=${replayFrom}`, EVENTS),
    );
    const replayEnds = await Promise.all(replays.map((w) => w.done));
    const replayMs = Math.max(...replayEnds) - t;
    console.log(
      `  ${WATCHERS} watchers replaying history          ${(((EVENTS * WATCHERS) / replayMs) * 1000).toFixed(0)} events/s delivered  (${EVENTS} events each in ${ms(replayMs)})`,
    );

    const from = store.resourceVersion();
    const watches = Array.from({ length: WATCHERS }, () =>
      watchUntil(`${server.url}/api/v1/pods?watch=1&resourceVersion=${from}`, EVENTS),
    );
    await Promise.all(watches.map((w) => w.ready));
    t = performance.now();
    await flipReady(store, sample, EVENTS);
    const produced = performance.now();
    const ends = await Promise.all(watches.map((w) => w.done));
    const deliverMs = Math.max(...ends) - t;
    console.log(
      `  ${WATCHERS} watchers                             ${(((EVENTS * WATCHERS) / deliverMs) * 1000).toFixed(0)} events/s delivered  (${EVENTS} events each in ${ms(deliverMs)}; writes took ${ms(produced - t)})`,
    );
  } finally {
    await server.close();
    store.close();
  }
}

await main();
