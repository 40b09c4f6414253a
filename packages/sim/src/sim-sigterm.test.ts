import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(PACKAGE_DIR, 'bin', 'sim.ts');

function kubectl(kubeconfig: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      'kubectl',
      ['--kubeconfig', kubeconfig, ...args],
      { timeout: 30_000 },
      (error, stdout) => resolve({ code: error ? 1 : 0, stdout }),
    );
  });
}

// A targetRef PUB over the demo's matchmaker Deployment, whose pods the selector PUB `matchmaker`
// already protects (Kruise allows that). Before, the two took the pods' related-pub annotation
// from each other for ever: `kubectl apply` never returned and SIGTERM went unheard.
const TARGET_REF_PUB = `apiVersion: policy.kruise.io/v1alpha1
kind: PodUnavailableBudget
metadata:
  name: matchmaker-by-target
  namespace: games
spec:
  targetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: matchmaker
  maxUnavailable: 1
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdbscope-sim-sigterm-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pnpm sim with two PUBs over the same pods', () => {
  it('answers kubectl apply, keeps the first related-pub, and stops on SIGTERM while busy', async () => {
    const kubeconfig = join(dir, 'kubeconfig');
    const manifest = join(dir, 'pub.yaml');
    await writeFile(manifest, TARGET_REF_PUB);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', BIN, '--port', '0', '--write-kubeconfig', kubeconfig],
      { cwd: PACKAGE_DIR, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('kubeconfig written')) resolve();
      });
      child.on('exit', () => reject(new Error('sim exited early')));
    });
    const applied = await kubectl(kubeconfig, ['apply', '-f', manifest]);
    const pods = await kubectl(kubeconfig, [
      'get',
      'pods',
      '-n',
      'games',
      '-l',
      'app=matchmaker',
      '-o',
      'jsonpath={range .items[*]}{.metadata.annotations.pub\\.kruise\\.io/related-pub}{"\\n"}{end}',
    ]);
    // Busy: the demo's activity is on and a watch is streaming when the signal comes.
    const watch = spawn('kubectl', ['--kubeconfig', kubeconfig, 'get', 'pods', '-A', '-w'], {
      stdio: 'ignore',
    });
    child.kill('SIGTERM');
    const code = await exited;
    watch.kill('SIGTERM');
    expect([applied.code, pods.stdout.trim().split('\n'), code]).toStrictEqual([
      0,
      ['matchmaker', 'matchmaker', 'matchmaker'],
      0,
    ]);
    expect(stdout).toMatch(/SIGTERM: stopping\n$/);
  }, 60_000);
});
