import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  kubeconfigForClusters,
  startSim,
  type SimHandle,
  type StartSimOptions,
} from '@pdbscope/sim';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on loopback, for the BFF. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * `vite build` of the web app, as `pnpm start` does before starting the BFF. In production mode
 * whatever NODE_ENV the caller has (vitest sets `test`, which would build React's development
 * code: StrictMode running every effect twice, every request sent twice).
 */
export async function buildWeb(): Promise<void> {
  await run(
    process.execPath,
    [path.join(repoRoot, 'apps/web/node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    path.join(repoRoot, 'apps/web'),
    { ...process.env, NODE_ENV: 'production' },
  );
}

/** The BFF's bundle (apps/bff/dist), as `pnpm start` builds it before running it on node. */
export async function buildBff(): Promise<void> {
  await run(
    process.execPath,
    [path.join(repoRoot, 'apps/bff/scripts/build.mjs')],
    path.join(repoRoot, 'apps/bff'),
  );
}

async function waitForReady(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the BFF exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the BFF was not ready at ${url} within ${timeoutMs} ms:\n${output()}`);
}

/** Flips a pod's Ready condition through the simulator's control endpoint; true when it answered 2xx. */
export async function setPodReady(
  sim: SimHandle,
  pod: { namespace: string; name: string },
  ready: boolean,
): Promise<boolean> {
  const response = await fetch(`${sim.url}/_sim/pods/${pod.namespace}/${pod.name}/ready`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ready }),
  });
  await response.arrayBuffer();
  return response.ok;
}

export interface Stack {
  sim: SimHandle;
  /** The simulator of the kubeconfig's second context, when asked for. */
  otherSim?: SimHandle;
  /** The BFF (API + built web app), e.g. http://127.0.0.1:41234 */
  url: string;
  /** Stops the BFF and starts a new one on the same port, as an upgrade or a crash would. */
  restartBff(): Promise<void>;
  stop(): Promise<void>;
}

export interface StackOptions {
  sim: StartSimOptions;
  readyTimeoutMs?: number;
  /** Start the BFF with `--token TOKEN`, as an in-cluster deployment would be. */
  token?: string;
  /**
   * A second simulated cluster as another context of the kubeconfig (the first one's context is
   * `pdbscope-sim`, current), as a user's kubeconfig reaching two clusters.
   */
  otherContext?: { name: string; sim: StartSimOptions };
  /** More command-line flags for the BFF, e.g. `['--namespace', 'a,b']`. */
  args?: readonly string[];
  /** False when this run built the BFF's bundle already (another stack started before). */
  buildBff?: boolean;
  /** Done to the simulator before the BFF starts (e.g. a fault: a namespace's pods refused). */
  beforeBff?: (sim: SimHandle) => void;
}

interface Bff {
  child: ChildProcess;
  output: () => string;
}

function spawnBff(options: {
  port: number;
  kubeconfig: string;
  home: string;
  token: string | undefined;
  args: readonly string[];
}): Bff {
  const tokenArgs = options.token === undefined ? [] : ['--token', options.token];
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=4096', 'dist/main.js', ...tokenArgs, ...options.args],
    {
      cwd: path.join(repoRoot, 'apps/bff'),
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: options.home,
        KUBECONFIG: options.kubeconfig,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function stopBff({ child }: Bff): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * What `pnpm start` runs, pointed at a simulated cluster this process controls: the simulator
 * in-process (so a test can flip pods through its /_sim endpoints) and the BFF as a child
 * process reaching it through a kubeconfig, exactly as it would reach a real cluster.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const sim = await startSim(options.sim);
  options.beforeBff?.(sim);
  const otherSim = options.otherContext ? await startSim(options.otherContext.sim) : undefined;
  const home = await mkdtemp(path.join(tmpdir(), 'pdbscope-e2e-'));
  const kubeconfig = path.join(home, 'kubeconfig');
  await writeFile(
    kubeconfig,
    otherSim && options.otherContext
      ? kubeconfigForClusters([
          { url: sim.url, context: 'pdbscope-sim' },
          { url: otherSim.url, context: options.otherContext.name },
        ])
      : sim.kubeconfig(),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  if (options.buildBff !== false) await buildBff();
  const spawnOptions = { port, kubeconfig, home, token: options.token, args: options.args ?? [] };
  let bff = spawnBff(spawnOptions);
  const stop = async () => {
    await stopBff(bff);
    await sim.close();
    await otherSim?.close();
    await rm(home, { recursive: true, force: true });
  };
  const restartBff = async () => {
    await stopBff(bff);
    bff = spawnBff(spawnOptions);
    await waitForReady(`${url}/readyz`, bff.child, bff.output, readyTimeoutMs);
  };
  try {
    await waitForReady(`${url}/readyz`, bff.child, bff.output, readyTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { sim, ...(otherSim ? { otherSim } : {}), url, restartBff, stop };
}
