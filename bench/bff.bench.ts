// pnpm bench:bff: the BFF against a simulated cluster of 150,000 pods, 5,000 nodes and 10,000
// budgets. The simulator and the BFF each run in their own process (so the BFF's memory is its
// own). Printed in one run, beside the floor measured against the same server:
//   - the floor: a bare paginated list of every pod (500 a page), JSON.parse, nothing kept;
//   - the protobuf floor: the same pages as protobuf, decoded with the BFF's read set;
//   - the BFF's start-to-ready time (process spawn → /readyz 200) and its ratio to both floors: the
//     best of BENCH_BFF_STARTS (2) fresh processes against the best of 2 floors, every run printed,
//     beside one start with --wire json first (JSON and paged lists); the bytes each initial sync
//     read and the simulator's encoding CPU per format;
//   - the BFF's resident memory when ready (the most of those starts);
//   - a relist after a 410 (every watch expired) until every pod is handed over again, beside the
//     floor (BENCH_BFF_WIRE_ONLY=1 stops here);
//   - the latency from a pod readiness change in the server to the event on /api/events (p50, p99),
//     from the POST that makes it and from the server's own watch event (the BFF's part);
//   - the BFF's resident memory while it forecasts a rolling upgrade of a BENCH_POOL-node pool
//     (1,000) through `POST /api/simulate/upgrade` (sampled every 10 ms), beside its resident
//     memory when ready, on the cluster as generated (it stalls at step 1; fixes proposed);
//   - its resident memory after every view's API answers (bench/bff-views.ts), beside the same;
//   - a table of the BFF's resident memory and V8 heap at each stage (ready, after the changes,
//     after the forecast, after each view, final), each beside ready (bench/bff-memory.ts;
//     BENCH_BFF_LIVE=1 collects garbage first, BENCH_BFF_SNAPSHOTS=DIR writes heap snapshots);
//   - the same forecast once it runs to its end: the budgets in the pool's way are patched on the
//     server first (bench/pool-edits.ts: planned in this process on the objects it lists, checked
//     by in-process forecasts; the budget count stays), with its steps, evictions and duration;
//   - `kubectl get pods -A -o json` against the same server (with a timeout).
// Figures only; this never fails a build. BENCH_PODS / BENCH_NODES / BENCH_BUDGETS / BENCH_CHANGES
// shrink it for a quick run; BENCH_KUBECONFIG reuses a simulator already running (written by
// `pnpm sim --write-kubeconfig FILE`) instead of generating one; BENCH_BFF_NODE_ARGS passes node
// flags to the BFF (e.g. `--cpu-prof`); BENCH_BFF_TSX=1 runs its source through tsx instead of the
// bundle `pnpm start` runs.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  applyEdits,
  editsForStall,
  forecastMemory,
  outcomeOf,
  planPoolEdits,
  poolOf,
  waitForEdits,
  type ForecastRun,
} from './bff-forecast.js';
import {
  formatStages,
  memoryOf,
  probeNodeArgs,
  readStage,
  type MemoryStage,
} from './bff-memory.js';
import { viewsMemory } from './bff-views.js';
import { podWatch } from './pod-watch.js';
import { streamBlocks } from './stream-blocks.js';
import {
  protobufFloor,
  relistAfterExpiry,
  wireDelta,
  wireStatsOf,
  type WireStats,
} from './bff-wire.js';
import type { BudgetEdit } from './pool-edits.js';
import type { BudgetRow } from '../packages/shared/src/api/index.js';

const PODS = Number(process.env['BENCH_PODS'] ?? 150_000);
const NODES = Number(process.env['BENCH_NODES'] ?? 5_000);
const BUDGETS = Number(process.env['BENCH_BUDGETS'] ?? 10_000);
const CHANGES = Number(process.env['BENCH_CHANGES'] ?? 200);
const KUBECTL_TIMEOUT_MS = Number(process.env['BENCH_KUBECTL_TIMEOUT_MS'] ?? 180_000);
const REUSED_KUBECONFIG = process.env['BENCH_KUBECONFIG'];
const BFF_NODE_ARGS = (process.env['BENCH_BFF_NODE_ARGS'] ?? '').split(' ').filter((a) => a !== '');
const BFF_TSX = process.env['BENCH_BFF_TSX'] === '1';
const BFF_STARTS = Number(process.env['BENCH_BFF_STARTS'] ?? 2);
const POOL = Number(process.env['BENCH_POOL'] ?? 1_000);
/** `json` starts the BFF with --wire json (JSON and paged lists), for comparison. */
const BFF_WIRE = process.env['BENCH_BFF_WIRE'] ?? 'auto';
/** 1: stop after the wire's figures (starts, bytes, memory when ready, a relist after a 410). */
const WIRE_ONLY = process.env['BENCH_BFF_WIRE_ONLY'] === '1';
const ROOT = path.resolve(import.meta.dirname, '..');

const ms = (v: number): string => `${v.toFixed(0)} ms`;
const mb = (kb: number): string => `${(kb / 1024).toFixed(0)} MB`;

function getText(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { accept: 'application/json', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function post(url: string, body: unknown): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Spawns a node process running an entry point (TypeScript through tsx unless `tsx: false`);
 * resolves with the first stdout line matching `ready`.
 */
function spawnNode(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  { tsx = true, ipc = false }: { tsx?: boolean; ipc?: boolean } = {},
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, [...(tsx ? ['--import', 'tsx'] : []), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = ready.exec(out);
      if (m) resolve({ child, match: m });
    });
    child.stderr?.on('data', (c: Buffer) => process.stderr.write(c));
    child.once('exit', (code) =>
      reject(new Error(`${args.join(' ')} exited with ${code}: ${out.slice(-500)}`)),
    );
  });
}

/** A gentle stop first, so that a BFF run with --cpu-prof or --heap-prof writes its profile. */
async function stopChild(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((resolve) => c.once('exit', resolve));
  c.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  c.kill('SIGKILL');
}

/** The floor: every pod listed in pages of 500, each page parsed and dropped. */
async function floor(server: string): Promise<{ ms: number; pods: number; cpuMs: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let token = '';
  let pods = 0;
  do {
    const page = await getText(
      `${server}/api/v1/pods?limit=500${token ? `&continue=${encodeURIComponent(token)}` : ''}`,
    );
    const parsed = JSON.parse(page.body) as { items: unknown[]; metadata: { continue?: string } };
    pods += parsed.items.length;
    token = parsed.metadata.continue ?? '';
  } while (token);
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, pods, cpuMs: (used.user + used.system) / 1000 };
}

/** An SSE reader that timestamps each event as it arrives. */
function events(url: string): {
  on(
    fn: (data: { type: string; budget?: { namespace: string; name: string } }, at: number) => void,
  ): void;
  close(): void;
} {
  const listeners: ((
    data: { type: string; budget?: { namespace: string; name: string } },
    at: number,
  ) => void)[] = [];
  const req = streamBlocks({
    url,
    separator: '\n\n',
    onBlock: (block, at) => {
      const line = block.split('\n').find((l) => l.startsWith('data: '));
      if (line) for (const l of listeners) l(JSON.parse(line.slice(6)) as never, at);
    },
  });
  req.on('error', () => {});
  return { on: (fn) => listeners.push(fn), close: () => req.destroy() };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * Each change's latency twice: from the POST that makes it (the server's handling included) and
 * from the moment the server's own watch tells of it (the BFF's part: it hears of it on such a
 * watch). NaN where no event came.
 */
async function readinessLatency(
  bff: string,
  sim: string,
): Promise<{ fromPost: number[]; fromWatch: number[] }> {
  const list = JSON.parse((await getText(`${bff}/api/budgets?kind=PodDisruptionBudget`)).body) as {
    items: { namespace: string; name: string; matchedPods: number }[];
  };
  const candidates = list.items.filter((b) => b.matchedPods > 0);
  const targets: { pod: { namespace: string; name: string }; budget: string }[] = [];
  for (const b of candidates) {
    if (targets.length >= CHANGES) break;
    const detail = JSON.parse(
      (await getText(`${bff}/api/budgets/PodDisruptionBudget/${b.namespace}/${b.name}`)).body,
    ) as {
      lanes: { available: { namespace: string; name: string }[] };
    };
    const pod = detail.lanes.available[0];
    if (pod) targets.push({ pod, budget: `${b.namespace}/${b.name}` });
  }
  const stream = events(`${bff}/api/events`);
  const watch = await podWatch(sim);
  let waiting: { budget: string; resolve: (at: number) => void } | undefined;
  let watched: { pod: string; resolve: (at: number) => void } | undefined;
  stream.on((e, at) => {
    if (
      waiting &&
      e.type === 'budget-changed' &&
      e.budget &&
      `${e.budget.namespace}/${e.budget.name}` === waiting.budget
    ) {
      waiting.resolve(at);
      waiting = undefined;
    }
  });
  watch.on((pod, at) => {
    if (watched?.pod !== pod) return;
    watched.resolve(at);
    watched = undefined;
  });
  const fromPost: number[] = [];
  const fromWatch: number[] = [];
  let misses = 0;
  for (const t of targets) {
    const seen = new Promise<number>((resolve) => (waiting = { budget: t.budget, resolve }));
    const told = new Promise<number>(
      (resolve) => (watched = { pod: `${t.pod.namespace}/${t.pod.name}`, resolve }),
    );
    const started = performance.now();
    const status = await post(`${sim}/_sim/pods/${t.pod.namespace}/${t.pod.name}/ready`, {
      ready: false,
    }).catch(() => 0);
    if (status !== 200) {
      waiting = undefined;
      fromPost.push(NaN);
      fromWatch.push(NaN);
      if (++misses >= 5) break;
      continue;
    }
    const at = await Promise.race([
      seen,
      new Promise<number>((r) => setTimeout(() => r(NaN), 5000)),
    ]);
    fromPost.push(at - started);
    // The bench's watch may hear of it after the BFF did (both are the server's watchers).
    const toldAt = await Promise.race([
      told,
      new Promise<number>((r) => setTimeout(() => r(NaN), 1000)),
    ]);
    fromWatch.push(at - toldAt);
    // A server that stops answering would make this phase last forever: give up after 5 misses in a row.
    misses = Number.isFinite(at) ? 0 : misses + 1;
    if (misses >= 5) {
      process.stdout.write(
        `  (stopped after ${fromPost.length} changes: the server answered none of the last 5 within 5 s)\n`,
      );
      break;
    }
  }
  stream.close();
  watch.close();
  return { fromPost, fromWatch };
}

async function kubectl(kubeconfig: string): Promise<string> {
  const started = performance.now();
  const child = spawn(
    'kubectl',
    [
      '--kubeconfig',
      kubeconfig,
      'get',
      'pods',
      '-A',
      '-o',
      'json',
      `--request-timeout=${Math.round(KUBECTL_TIMEOUT_MS / 1000)}s`,
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let peak = 0;
  const poll = setInterval(() => {
    try {
      if (child.pid) peak = Math.max(peak, memoryOf(child.pid).hwm);
    } catch {
      // exited between polls
    }
  }, 200);
  const timeout = setTimeout(() => child.kill('SIGKILL'), KUBECTL_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(poll);
  clearTimeout(timeout);
  const took = performance.now() - started;
  if (code !== 0) return `did not finish (exit ${code}) after ${ms(took)}, peak ≥ ${mb(peak)}`;
  return `${ms(took)}, peak ≥ ${mb(peak)}`;
}

/**
 * The budget edits that let the pool's forecast run to its end (bench/pool-edits.ts), planned in
 * this process (not the BFF's) on the objects the server serves.
 */
async function planEdits(server: string): Promise<{ edits: BudgetEdit[] }> {
  const started = performance.now();
  const { pool, ...plan } = await planPoolEdits({ server, pool: POOL });
  const opened = plan.edits.filter((e) => e.kind === 'open').length;
  process.stdout.write(
    `budget edits for a full forecast of the ${pool.length}-node pool: ${opened} opened (minAvailable 0), ${plan.edits.length - opened} narrowed to select nothing (the budget count stays), ${plan.complete ? 'completes' : 'still stalls'} in-process after ${plan.trials} trial forecasts, planned in ${ms(performance.now() - started)}\n`,
  );
  (globalThis as { gc?: () => void }).gc?.();
  return plan;
}

/**
 * The edits applied to the simulator, the BFF given time to see them, then the pool forecast
 * again through the BFF; what it still stalls on (the simulator's controllers run) is edited the
 * same way and forecast again, at most 3 times. Every run is printed.
 */
async function fullForecast(input: {
  plan: { edits: BudgetEdit[] };
  server: string;
  bffUrl: string;
  pid: number;
  line: (what: string, run: ForecastRun, before: number) => string;
}): Promise<void> {
  const { server, bffUrl, pid } = input;
  const pool = poolOf(
    (
      JSON.parse((await getText(`${server}/api/v1/nodes`)).body) as {
        items: { metadata: { name: string } }[];
      }
    ).items.map((n) => n.metadata.name),
    POOL,
  );
  let edits = input.plan.edits;
  for (let round = 1; edits.length > 0 && round <= 4; round++) {
    const started = performance.now();
    const failures = await applyEdits(server, edits);
    const applied = performance.now() - started;
    const seen = await waitForEdits(bffUrl, edits);
    process.stdout.write(
      `  round ${round}: ${edits.length} budget patches in ${ms(applied)}${failures.length ? ` (${failures.length} failed, e.g. ${failures[0]})` : ''}, all shown by the BFF ${Number.isFinite(seen) ? `${ms(seen)} later` : 'NOT within 120 s'}\n`,
    );
    const before = memoryOf(pid).rss;
    const run = await forecastMemory({
      url: bffUrl,
      nodes: pool,
      pid,
      residentOf: (p) => memoryOf(p).rss,
    });
    process.stdout.write(input.line(`with the budget edits (round ${round})`, run, before));
    if (!run.body?.forecast.stall || round === 4) break;
    const rows = new Map(
      ((await (await fetch(`${bffUrl}/api/budgets`)).json()) as { items: BudgetRow[] }).items.map(
        (r) => [`${r.kind}/${r.namespace}/${r.name}`, r],
      ),
    );
    edits = editsForStall(run.body, rows);
  }
}

/** Generates the simulated cluster in a child process (so the BFF's CPU and memory are its own). */
async function startSim(kubeconfig: string, children: ChildProcess[]): Promise<void> {
  process.stdout.write(
    `generating a simulated cluster: ${PODS} pods, ${NODES} nodes, ${BUDGETS} budgets...\n`,
  );
  const sim = await spawnNode(
    [
      '--max-old-space-size=8192',
      'packages/sim/bin/sim.ts',
      '--port',
      '0',
      '--write-kubeconfig',
      kubeconfig,
      '--generate-pods',
      `${PODS}`,
      '--generate-nodes',
      `${NODES}`,
      '--generate-budgets',
      `${BUDGETS}`,
    ],
    {},
    /kubeconfig written to/,
  );
  children.push(sim.child);
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pdbscope-bench-'));
  const kubeconfig = REUSED_KUBECONFIG ?? path.join(dir, 'kubeconfig');
  const children: ChildProcess[] = [];
  try {
    if (REUSED_KUBECONFIG === undefined) await startSim(kubeconfig, children);
    const server =
      /listening on (http:\/\/[0-9.:]+)/.exec(
        readFileSync(kubeconfig, 'utf8').match(/server: "?(http[^"\n]+)/)?.[0] ?? '',
      )?.[1] ??
      readFileSync(kubeconfig, 'utf8').match(/server: "?(http[^"\n]+)/)?.[1] ??
      '';
    process.stdout.write(`simulated API server at ${server}\n\n`);

    const w0 = await wireStatsOf(server);
    const f1 = await floor(server);
    const f2 = await floor(server);
    const floorMs = Math.min(f1.ms, f2.ms);
    const w1 = await wireStatsOf(server);
    process.stdout.write(
      `floor (paged list of ${f1.pods} pods, 500 a page, JSON.parse, nothing kept): ${ms(floorMs)} (best of 2: ${ms(f1.ms)}, ${ms(f2.ms)}; CPU ${ms(f1.cpuMs)}, ${ms(f2.cpuMs)}); both: ${wireDelta(w0, w1)}\n`,
    );
    const p1 = await protobufFloor(server);
    const p2 = await protobufFloor(server);
    const w2 = await wireStatsOf(server);
    const protobufFloorMs = Math.min(p1.ms, p2.ms);
    process.stdout.write(
      `protobuf floor (the same pods as protobuf, the BFF's read set decoded, nothing kept): ${ms(protobufFloorMs)} = ${(protobufFloorMs / floorMs).toFixed(2)}× the JSON floor (${ms(p1.ms)} first, encoding included; ${ms(p2.ms)}; CPU ${ms(p1.cpuMs)}, ${ms(p2.cpuMs)}); ${(p2.bytes / 1e6).toFixed(1)} MB a pass; both: ${wireDelta(w1, w2)}\n`,
    );

    // As `pnpm start` runs it: the bundle built beforehand, plain node (BENCH_BFF_TSX=1: the
    // TypeScript source through tsx, as `pnpm --filter @pdbscope/bff dev` does, for comparison).
    if (!BFF_TSX) execFileSync(process.execPath, ['apps/bff/scripts/build.mjs'], { cwd: ROOT });
    // Started BFF_STARTS times, each a fresh process, and the best start compared with the best
    // floor (both are single runs on a shared machine); every run is printed. The last one stays
    // up for the latency measurement.
    // A reference start with --wire json (JSON and paged lists) comes first, in the same run.
    const wires = [
      ...(BFF_WIRE === 'json' ? [] : ['json']),
      ...Array<string>(BFF_STARTS).fill(BFF_WIRE),
    ];
    const reference: { total: number; bytes: number; rss: number }[] = [];
    const starts: {
      total: number;
      sinceListening: number;
      rss: number;
      hwm: number;
      bytes: number;
    }[] = [];
    let bff: { child: ChildProcess; url: string } | undefined;
    // The last start's memory at each stage (it stays up for the rest of the run).
    const stages: MemoryStage[] = [];
    const bytesOf = (w: WireStats) => w.bytes.json + w.bytes.protobuf;
    for (const [run, wire] of wires.entries()) {
      if (bff) await stopChild(bff.child);
      const wireBefore = await wireStatsOf(server);
      const spawned = performance.now();
      const started = await spawnNode(
        [
          ...probeNodeArgs(ROOT),
          ...BFF_NODE_ARGS,
          BFF_TSX ? 'apps/bff/src/main.ts' : 'apps/bff/dist/main.js',
          '--port',
          '0',
          '--wire',
          wire,
        ],
        { KUBECONFIG: kubeconfig, LOG_LEVEL: 'warn' },
        /running at (http:\/\/[0-9.:]+)/,
        { tsx: BFF_TSX, ipc: true },
      );
      children.push(started.child);
      bff = { child: started.child, url: started.match[1] ?? '' };
      const listening = performance.now();
      for (;;) {
        const r = await getText(`${bff.url}/readyz`).catch(() => ({ status: 0, body: '' }));
        if (r.status === 200) break;
        await new Promise((r2) => setTimeout(r2, 25));
      }
      const ready = performance.now();
      const wireAfter = await wireStatsOf(server);
      process.stdout.write(
        `  start ${run + 1} (--wire ${wire}): ${ms(ready - spawned)}; the initial sync ${wireDelta(wireBefore, wireAfter)}\n`,
      );
      const memory = memoryOf(started.child.pid ?? 0);
      const bytes = bytesOf(wireAfter) - bytesOf(wireBefore);
      if (run < wires.length - BFF_STARTS) {
        reference.push({ total: ready - spawned, bytes, rss: memory.rss });
        continue;
      }
      if (run === wires.length - 1) stages.push(await readStage(started.child, 'ready'));
      starts.push({
        total: ready - spawned,
        sinceListening: ready - listening,
        rss: memory.rss,
        hwm: memory.hwm,
        bytes,
      });
    }
    if (!bff) throw new Error('BENCH_BFF_STARTS must be at least 1');
    const bffUrl = bff.url;
    const best = starts.reduce((a, b) => (b.total < a.total ? b : a));
    const json = reference[0];
    process.stdout.write(
      `BFF start to ready (--wire ${BFF_WIRE}): ${ms(best.total)} = ${(best.total / floorMs).toFixed(2)}x the JSON floor (target ≤ 1.0x), ${(best.total / protobufFloorMs).toFixed(2)}x the protobuf floor (best of ${starts.length}: ${starts.map((r) => ms(r.total)).join(', ')}); of which listening → ready ${ms(best.sinceListening)} = ${(best.sinceListening / floorMs).toFixed(2)}x${json ? `; --wire json: ${ms(json.total)} = ${(json.total / floorMs).toFixed(2)}x` : ''}\n`,
    );
    if (json)
      process.stdout.write(
        `BFF bytes read for the initial sync: ${(best.bytes / 1e6).toFixed(1)} MB = ${((100 * best.bytes) / json.bytes).toFixed(0)}% of --wire json's ${(json.bytes / 1e6).toFixed(1)} MB (target ≤ 50%)\n`,
      );
    const worst = starts.reduce((a, b) => (b.rss > a.rss ? b : a));
    process.stdout.write(
      `BFF resident memory when ready: ${mb(worst.rss)} (the most of ${starts.length} starts: ${starts.map((r) => mb(r.rss)).join(', ')}; peak ${mb(worst.hwm)}; target ≤ 300 MB${json ? `; --wire json: ${mb(json.rss)}` : ''})\n`,
    );
    const relist = await relistAfterExpiry({ server, bffUrl: bff.url });
    process.stdout.write(
      `BFF relist after a 410 (every watch expired → the pods source live again): ${ms(relist.ms)} = ${(relist.ms / floorMs).toFixed(2)}x the JSON floor (target ≤ 0.8x); ${relist.handed} of ${f1.pods} pods handed to the index (the others unchanged); ${relist.wire}\n`,
    );
    if (WIRE_ONLY) return;

    const latency = await readinessLatency(bffUrl, server);
    const sorted = (v: number[]) => v.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
    const fromPost = sorted(latency.fromPost);
    const fromWatch = sorted(latency.fromWatch);
    const p = (v: number[], q: number) => (v.length ? percentile(v, q).toFixed(1) : 'n/a');
    process.stdout.write(
      `pod readiness change → event on /api/events over ${fromPost.length} changes that got an event: p50 ${p(fromPost, 50)} ms, p99 ${p(fromPost, 99)} ms from the POST (target p99 < 100 ms); from the server's watch event (the BFF's part): p50 ${p(fromWatch, 50)} ms, p99 ${p(fromWatch, 99)} ms over ${fromWatch.length}\n`,
    );
    process.stdout.write(
      `BFF resident memory after the changes: ${mb(memoryOf(bff.child.pid ?? 0).rss)}\n`,
    );
    stages.push(await readStage(bff.child, `after ${CHANGES} readiness changes`));

    const pid = bff.child.pid ?? 0;
    const residentOf = (p: number) => memoryOf(p).rss;
    const nodeList = JSON.parse((await getText(`${server}/api/v1/nodes`)).body) as {
      items: { metadata: { name: string } }[];
    };
    const pool = poolOf(
      nodeList.items.map((n) => n.metadata.name),
      POOL,
    );
    const forecastLine = (what: string, run: ForecastRun, before: number) =>
      `BFF resident memory while POST /api/simulate/upgrade forecasts a ${run.nodes}-node pool ${what}: peak ${mb(run.peak)} (${run.samples} samples, every 10 ms; just before ${mb(before)}, after ${mb(memoryOf(pid).rss)}; ref: when ready ${mb(worst.rss)}) in ${ms(run.ms)}, ${outcomeOf(run)} (target < 450 MB)\n`;
    const asIsBefore = memoryOf(pid).rss;
    const asIs = await forecastMemory({ url: bffUrl, nodes: pool, pid, residentOf });
    process.stdout.write(forecastLine('as generated', asIs, asIsBefore));

    stages.push(await readStage(bff.child, 'after the forecast'));

    const child = bff.child;
    const views = await viewsMemory({
      url: bffUrl,
      pid,
      residentOf,
      visited: async (view) => void stages.push(await readStage(child, `after ${view}`)),
    });
    process.stdout.write(
      `BFF resident memory after every view's API answers: ${mb(views.after)} (ready ${mb(worst.rss)}: +${mb(views.after - worst.rss)}; just before them ${mb(views.before)}, peak while answering ${mb(views.peak)}; target ≤ ready + 100 MB)\n`,
    );
    for (const v of views.visits)
      process.stdout.write(`  GET ${v.path}: ${v.status}, ${(v.bytes / 1024).toFixed(0)} kB\n`);
    stages.push(await readStage(bff.child, 'final (2 s later)'));
    process.stdout.write(`${formatStages(stages)}\n`);

    if (POOL > 0)
      await fullForecast({
        plan: await planEdits(server),
        server,
        bffUrl,
        pid,
        line: forecastLine,
      });

    process.stdout.write(
      `kubectl get pods -A -o json (timeout ${ms(KUBECTL_TIMEOUT_MS)}): ${await kubectl(kubeconfig)}\n`,
    );
  } finally {
    await Promise.all(children.map(stopChild));
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
