import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type SimHandle } from '@pdbscope/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliResult } from '@pdbscope/shared/cli';
import { runPdbscope } from '../main.js';

const KUBECTL = process.env['KUBECTL'] ?? '/usr/bin/kubectl';
const NOW = '2024-05-01T12:00:00Z';

// docs/cli.md's snapshot command, every kind the engine reads (the simulator serves them all).
const SNAPSHOT_COMMAND = `kinds=pods,pdb,deploy,rs,sts,rc,ds,jobs,nodes,priorityclasses
for r in podunavailablebudgets.policy.kruise.io nodepools.karpenter.sh nodeclaims.karpenter.sh; do
  kubectl api-resources -o name | grep -qx "$r" && kinds="$kinds,$r"
done
kubectl get "$kinds" -A -o yaml > "$SNAPSHOT"`;

let sim: SimHandle;
let dir: string;
let kubeconfig: string;
let snapshot: string;

function sh(script: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile('bash', ['-c', script], { env, timeout: 60_000 }, (error, _out, stderr) =>
      error === null ? resolve() : reject(new Error(`${error.message}\n${stderr}`)),
    ),
  );
}

beforeAll(async () => {
  sim = await startSim({ port: 0, demo: true, activity: false, readyDelayMs: 0 });
  dir = mkdtempSync(join(tmpdir(), 'pdbscope-cli-'));
  kubeconfig = join(dir, 'kubeconfig');
  snapshot = join(dir, 'snapshot.yaml');
  await sim.writeKubeconfig(kubeconfig);
  // The demo settles after start (rollouts finish, pods turn ready) even without activity: take
  // snapshots until two in a row are the same, so the live listing that follows sees that cluster.
  let previous: string | undefined;
  for (let attempt = 0; attempt < 20; attempt++) {
    await sh(SNAPSHOT_COMMAND, {
      PATH: `${join(KUBECTL, '..')}:/usr/bin:/bin`,
      KUBECONFIG: kubeconfig,
      HOME: dir,
      KUBECACHEDIR: join(dir, 'cache'),
      SNAPSHOT: snapshot,
    });
    const taken = readFileSync(snapshot, 'utf8');
    if (taken === previous) return;
    previous = taken;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the simulated demo did not settle in 20 snapshots');
}, 120_000);

afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (argv: string[], env: Record<string, string> = {}): Promise<CliResult> =>
  runPdbscope({
    argv: [...argv, '--now', NOW],
    env: { HOME: dir, ...env },
    now: new Date(NOW),
    stderr: { write: () => true },
  });

/**
 * The result with its JSON parsed: kubectl's YAML sorts an object's keys (labels, selectors) where
 * the API server keeps them as written, and a JSON answer that echoes them is the same value.
 */
const value = (r: CliResult, json: boolean) => ({
  ...r,
  stdout: json ? (JSON.parse(r.stdout) as unknown) : r.stdout,
});

/** The command on the live cluster and on the snapshot of it: SNAPSHOT after the command word. */
async function bothWays(command: string, ...args: string[]) {
  const json = args.includes('--json');
  const live = await run([command, '--kubeconfig', kubeconfig, ...args]);
  const file = await run([command, snapshot, ...args]);
  return { live: value(live, json), file: value(file, json) };
}

describe('the CLI on the simulated cluster, through --kubeconfig', () => {
  it.each([
    ['evaluate', '--json'],
    ['evaluate'],
    ['overlaps', '--json'],
    ['evict', 'zookeeper/zookeeper-0', 'zookeeper/zookeeper-1'],
    ['drain', 'worker-1', '--ignore-daemonsets', '--json'],
    ['upgrade', '--selector', 'pdbscope.dev/pool=general'],
    ['preempt', '--priority', '1000000', '--cpu', '2', '--json'],
    ['scale-down', 'batch-1', '--autoscaler', 'cluster-autoscaler', '--json'],
    ['what-if', '--scale', 'deployment/shop/orders-api=1', '--json'],
  ])('answers %s as on a snapshot taken with the docs’ command', async (command, ...args) => {
    const { live, file } = await bothWays(command, ...args);
    // An answer, not a usage error both ways alike.
    expect({ live, answered: file.exitCode !== 2 }).toStrictEqual({ live: file, answered: true });
  });

  it('finds the kubeconfig in KUBECONFIG for --context, and names an unknown context', async () => {
    const context = await run(['evaluate', '--context', 'pdbscope-sim', '--json'], {
      KUBECONFIG: kubeconfig,
    });
    const unknown = await run(['evaluate', '--context', 'prod'], { KUBECONFIG: kubeconfig });
    expect([context, unknown]).toStrictEqual([
      await run(['evaluate', snapshot, '--json']),
      {
        exitCode: 2,
        stdout: '',
        stderr: 'pdbscope: no context "prod" in the kubeconfig (have: pdbscope-sim)\n',
      },
    ]);
  });

  it('exits 2 in one sentence for a missing kubeconfig or a cluster it cannot reach', async () => {
    const missing = await run(['evaluate', '--kubeconfig', join(dir, 'none')]);
    const down = await startSim({ port: 0, demo: false, activity: false });
    const gone = join(dir, 'gone');
    await down.writeKubeconfig(gone);
    await down.close();
    const unreachable = await run(['overlaps', '--kubeconfig', gone]);
    expect([
      missing,
      [unreachable.exitCode, unreachable.stderr.split(': ').slice(0, 2)],
    ]).toStrictEqual([
      {
        exitCode: 2,
        stdout: '',
        stderr: `pdbscope: cannot read ${join(dir, 'none')}: no such file\n`,
      },
      [2, ['pdbscope', `cannot list the API groups from ${down.url}`]],
    ]);
  });
});
