// The wire's part of bench:bff: the floor read as protobuf beside the JSON one, and the
// simulator's own bytes and CPU time per format (GET /_sim/wire-stats) around each BFF start.
import http from 'node:http';
import { readList, readSchemaOf } from '../packages/shared/src/protobuf/index.js';

export interface WireStats {
  bytes: { json: number; protobuf: number };
  encodeCpuMs: { json: number; protobuf: number };
}

function getBytes(url: string, accept: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      // A connection of its own: one kept alive across a blocking step (the BFF's build) may have
      // been closed by the server meanwhile, and reusing it fails with a hang-up.
      .get(url, { headers: { accept }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Every pod listed in pages of 500 as protobuf, decoded with the BFF's read set, nothing kept. */
export async function protobufFloor(
  server: string,
): Promise<{ ms: number; cpuMs: number; pods: number; bytes: number }> {
  const schema = readSchemaOf('v1', 'pods');
  if (!schema) throw new Error('no protobuf table for pods');
  const started = performance.now();
  const cpu = process.cpuUsage();
  let token = '';
  let pods = 0;
  let bytes = 0;
  do {
    const body = await getBytes(
      `${server}/api/v1/pods?limit=500${token ? `&continue=${encodeURIComponent(token)}` : ''}`,
      'application/vnd.kubernetes.protobuf, application/json',
    );
    bytes += body.length;
    token = readList(body, schema, () => pods++).continue;
  } while (token);
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, pods, bytes };
}

export async function wireStatsOf(server: string): Promise<WireStats> {
  return JSON.parse(
    (await getBytes(`${server}/_sim/wire-stats`, 'application/json')).toString(),
  ) as WireStats;
}

export function wireDelta(before: WireStats, after: WireStats): string {
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  return `read ${mb(after.bytes.protobuf - before.bytes.protobuf)} protobuf + ${mb(after.bytes.json - before.bytes.json)} JSON; the server's encoding CPU ${(after.encodeCpuMs.protobuf - before.encodeCpuMs.protobuf).toFixed(0)} ms protobuf + ${(after.encodeCpuMs.json - before.encodeCpuMs.json).toFixed(0)} ms JSON`;
}

/** Pods handed to the BFF's index so far (its /metrics). */
async function podUpserts(bffUrl: string): Promise<number> {
  const line = (await getBytes(`${bffUrl}/metrics`, 'text/plain'))
    .toString()
    .split('\n')
    .find(
      (l) =>
        l.startsWith('pdbscope_watch_events_total{') &&
        l.includes('source="pods"') &&
        l.includes('type="upsert"'),
    );
  if (line === undefined) throw new Error('the BFF has no pdbscope_watch_events_total for pods');
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

/**
 * The pods source's state, from /readyz (read every 20 ms: /metrics would cost the BFF a
 * rendering of every budget's series each time, and slow what is measured).
 */
async function podsState(bffUrl: string): Promise<string | undefined> {
  const body = JSON.parse((await getBytes(`${bffUrl}/readyz`, 'application/json')).toString()) as {
    sources?: { id: string; state: string }[];
  };
  return body.sources?.find((s) => s.id === 'pods')?.state;
}

/**
 * A relist after a 410: every watch of the simulator is expired (an ERROR 410 event), and the
 * time taken until the pods source has left `live` and is live again (its list applied, its watch
 * connected), with the pods handed to the index meanwhile (unchanged ones are not) and the
 * simulator's bytes and encoding CPU.
 */
export async function relistAfterExpiry(input: {
  server: string;
  bffUrl: string;
}): Promise<{ ms: number; handed: number; wire: string }> {
  const before = await podUpserts(input.bffUrl);
  const wireBefore = await wireStatsOf(input.server);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    http
      .request(
        `${input.server}/_sim/faults/expire-watches`,
        { method: 'POST', agent: false },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      )
      .on('error', reject)
      .end();
  });
  let left = false;
  for (;;) {
    if ((await podsState(input.bffUrl)) !== 'live') left = true;
    else if (left) break;
    if (performance.now() - started > 300_000) throw new Error('no relist within 300 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  return {
    ms,
    handed: (await podUpserts(input.bffUrl)) - before,
    wire: wireDelta(wireBefore, await wireStatsOf(input.server)),
  };
}
