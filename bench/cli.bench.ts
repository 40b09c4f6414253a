// pnpm bench:cli: the command line on a live simulated cluster of 150,000 pods, 5,000 nodes and
// 10,000 budgets (the simulator in a process of its own). Printed in one run, each beside the
// reference measured against the same server in the same process:
//   - the reference: merely listing the objects the CLI lists (the same paged lists and slim
//     projection, `listCluster`), nothing else;
//   - `pdbscope evaluate --kubeconfig` and `pdbscope drain NODE --kubeconfig` in process (list,
//     index, answer, format) and their ratio to the reference (target ≤ 1.5x);
// alternated, garbage collected between, best of BENCH_CLI_RUNS (2), every run printed. Figures
// only; this never fails a build. BENCH_PODS / BENCH_NODES / BENCH_BUDGETS shrink it;
// BENCH_KUBECONFIG reuses a simulator already running (`pnpm sim --write-kubeconfig FILE`).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { clusterConfig } from '../packages/cli/src/live/kubeconfig.js';
import { listCluster } from '../packages/cli/src/live/list-cluster.js';
import { runPdbscope } from '../packages/cli/src/main.js';

const PODS = Number(process.env['BENCH_PODS'] ?? 150_000);
const NODES = Number(process.env['BENCH_NODES'] ?? 5_000);
const BUDGETS = Number(process.env['BENCH_BUDGETS'] ?? 10_000);
const RUNS = Number(process.env['BENCH_CLI_RUNS'] ?? 2);
const REUSED_KUBECONFIG = process.env['BENCH_KUBECONFIG'];
const ROOT = path.resolve(import.meta.dirname, '..');

const ms = (v: number): string => `${v.toFixed(0)} ms`;
const silent = { write: () => true };

/** The generated cluster's simulator, once it has written its kubeconfig. */
function startSim(kubeconfig: string): Promise<ChildProcess> {
  process.stdout.write(
    `generating a simulated cluster: ${PODS} pods, ${NODES} nodes, ${BUDGETS} budgets...\n`,
  );
  const args = ['--max-old-space-size=8192', '--import', 'tsx', 'packages/sim/bin/sim.ts'];
  const child = spawn(
    process.execPath,
    [
      ...args,
      ...['--port', '0', '--write-kubeconfig', kubeconfig],
      ...['--generate-pods', `${PODS}`, '--generate-nodes', `${NODES}`],
      ...['--generate-budgets', `${BUDGETS}`],
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('kubeconfig written to')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the simulator exited with ${code}: ${out}`)));
  });
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  globalThis.gc?.();
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pdbscope-bench-cli-'));
  const kubeconfig = REUSED_KUBECONFIG ?? path.join(dir, 'kubeconfig');
  const sim = REUSED_KUBECONFIG === undefined ? await startSim(kubeconfig) : undefined;
  try {
    const config = clusterConfig({ kubeconfig }, {});
    if (!config.ok) throw new Error(config.error);
    const cluster = config.value;
    const list = () => listCluster({ cluster, progress: { listed() {}, done() {} }, warn() {} });
    const first = await list();
    if (!first.ok) throw new Error(first.error);
    const snapshot = first.value;
    const node = snapshot.pods.find((p) => p.nodeName !== undefined)?.nodeName ?? '';
    process.stdout.write(
      `listed once (warm-up): ${snapshot.pods.length} pods, ${snapshot.nodes.length} nodes, ${snapshot.pdbs.length + snapshot.pubs.length} budgets, ${snapshot.workloads.length} workloads\n`,
    );
    const cli = (argv: string[]) => () =>
      runPdbscope({
        argv: [...argv, '--kubeconfig', kubeconfig],
        env: {},
        now: new Date(),
        stderr: silent,
      });
    const rows: Record<string, number[]> = { listing: [], evaluate: [], drain: [] };
    for (let i = 0; i < RUNS; i++) {
      rows['listing']?.push((await timed(list)).ms);
      const evaluate = await timed(cli(['evaluate']));
      if (evaluate.value.exitCode === 2) throw new Error(evaluate.value.stderr);
      rows['evaluate']?.push(evaluate.ms);
      rows['drain']?.push((await timed(cli(['drain', node]))).ms);
    }
    const best = (name: string) => Math.min(...(rows[name] ?? []));
    const all = (name: string) => (rows[name] ?? []).map(ms).join(', ');
    const reference = best('listing');
    process.stdout.write(
      `listing the same objects (paged lists, slim projection): ${ms(reference)} (best of ${RUNS}: ${all('listing')})\n`,
    );
    for (const name of ['evaluate', `drain`]) {
      process.stdout.write(
        `pdbscope ${name === 'drain' ? `drain ${node}` : name} --kubeconfig: ${ms(best(name))} = ${(best(name) / reference).toFixed(2)}x the listing (target ≤ 1.5x; best of ${RUNS}: ${all(name)})\n`,
      );
    }
  } finally {
    sim?.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
// The lists' keep-alive connections would hold the process open.
process.exit(0);
