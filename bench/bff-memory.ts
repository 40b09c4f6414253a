// bench:bff's memory stages (issue 11): the BFF's resident memory and V8 heap at each stage of the
// run (ready, after the readiness changes, after the forecast, after each view, final), each with
// its delta against ready and the target (ready + 100 MB). The heap figures come from
// bench/memory-probe.mjs, loaded into the BFF with `--import` and asked over the IPC channel.
// BENCH_BFF_LIVE=1 runs the BFF with --expose-gc and collects before each reading (what is
// retained, not V8's headroom: a diagnosis, it changes the figures); BENCH_BFF_SNAPSHOTS=DIR
// writes a heap snapshot at each stage into DIR (compare them by constructor in DevTools).
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const LIVE = process.env['BENCH_BFF_LIVE'] === '1';
const SNAPSHOTS = process.env['BENCH_BFF_SNAPSHOTS'];
const TARGET_ABOVE_READY_KB = 100 * 1024;

/** What the probe answers, in bytes. */
interface ProbeAnswer {
  usage: NodeJS.MemoryUsage;
  spaces: Record<string, { used: number; size: number }>;
}

/** One stage's reading: resident memory from /proc, the rest from the probe (kB). */
export interface MemoryStage {
  name: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** The largest heap spaces' used kB, e.g. old_space, large_object_space. */
  spaces: Record<string, number>;
}

/** Node flags the BFF needs for the probe (and for BENCH_BFF_LIVE's collections). */
export function probeNodeArgs(root: string): string[] {
  return ['--import', path.join(root, 'bench/memory-probe.mjs'), ...(LIVE ? ['--expose-gc'] : [])];
}

/** Resident and peak memory of a process, from /proc (kB). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { rss: read('VmRSS'), hwm: read('VmHWM') };
}

let asked = 0;

function ask(child: ChildProcess, snapshot: string | undefined): Promise<ProbeAnswer> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error('the BFF memory probe did not answer within 120 s'));
    }, 120_000);
    const onMessage = (message: unknown) => {
      const m = message as { type?: string; id?: number } & ProbeAnswer;
      if (m.type !== 'pdbscope-memory' || m.id !== id) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
    child.send({ type: 'pdbscope-memory', id, gc: LIVE, ...(snapshot ? { snapshot } : {}) });
  });
}

/** Reads the BFF's memory now, as stage `name`; a heap snapshot too under BENCH_BFF_SNAPSHOTS. */
export async function readStage(child: ChildProcess, name: string): Promise<MemoryStage> {
  const file = SNAPSHOTS
    ? path.join(
        SNAPSHOTS,
        `${String(asked + 1).padStart(2, '0')}-${name.replace(/\W+/g, '-')}.heapsnapshot`,
      )
    : undefined;
  const answer = await ask(child, file);
  const kb = (bytes: number) => bytes / 1024;
  const spaces: Record<string, number> = {};
  for (const [space, s] of Object.entries(answer.spaces))
    if (s.used > 4 * 2 ** 20) spaces[space] = kb(s.used);
  return {
    name,
    rss: memoryOf(child.pid ?? 0).rss,
    heapUsed: kb(answer.usage.heapUsed),
    heapTotal: kb(answer.usage.heapTotal),
    external: kb(answer.usage.external),
    arrayBuffers: kb(answer.usage.arrayBuffers),
    spaces,
  };
}

const mb = (kb: number): string => `${(kb / 1024).toFixed(0)} MB`;
const signedMb = (kb: number): string => `${kb < 0 ? '−' : '+'}${mb(Math.abs(kb))}`;

/** The stages as a table, each beside ready: resident, heap used (committed), external. */
export function formatStages(stages: readonly MemoryStage[]): string {
  const ready = stages[0];
  if (!ready) return '';
  const width = Math.max(...stages.map((s) => s.name.length));
  const lines = stages.map((s) => {
    const spaces = Object.entries(s.spaces)
      .sort((a, b) => b[1] - a[1])
      .map(([space, used]) => `${space.replace(/_space$/, '')} ${mb(used)}`)
      .join(', ');
    return `  ${s.name.padEnd(width)}  rss ${mb(s.rss).padStart(7)} (${signedMb(s.rss - ready.rss).padStart(7)})  heap used ${mb(s.heapUsed).padStart(7)} (${signedMb(s.heapUsed - ready.heapUsed).padStart(7)}) of ${mb(s.heapTotal)}  external ${mb(s.external)} (array buffers ${mb(s.arrayBuffers)})  [${spaces}]`;
  });
  const last = stages[stages.length - 1] ?? ready;
  const verdict = last.rss - ready.rss <= TARGET_ABOVE_READY_KB ? 'within' : 'over';
  return [
    `BFF memory by stage${LIVE ? ' (after a full collection at each: BENCH_BFF_LIVE=1)' : ''}, beside ready:`,
    ...lines,
    `  final: ${mb(last.rss)} = ready ${signedMb(last.rss - ready.rss)} (target ≤ ready + 100 MB = ${mb(ready.rss + TARGET_ABOVE_READY_KB)}: ${verdict})`,
  ].join('\n');
}
