import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(PACKAGE_DIR, 'bin', 'sim.ts');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', BIN, ...args],
      { cwd: PACKAGE_DIR, timeout: 30_000 },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          signal: error?.signal ?? null,
          stdout,
          stderr,
        });
      },
    );
  });
}

function kubectl(kubeconfig: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      'kubectl',
      ['--kubeconfig', kubeconfig, ...args],
      { timeout: 30_000 },
      (error, stdout) => {
        resolve({ code: error ? 1 : 0, stdout });
      },
    );
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdbscope-sim-cmd-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pnpm sim', () => {
  it('starts in the foreground, prints its URL, answers kubectl and exits 0 on SIGTERM', async () => {
    const kubeconfig = join(dir, 'kubeconfig');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        BIN,
        '--port',
        '0',
        '--write-kubeconfig',
        kubeconfig,
        '--activity',
        'off',
      ],
      {
        cwd: PACKAGE_DIR,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+) /.exec(stdout);
        if (m?.[1] !== undefined && stdout.includes('kubeconfig written')) resolve(m[1]);
      });
      child.on('exit', () => reject(new Error(`sim exited early: ${stderr}`)));
    });
    expect(await readFile(kubeconfig, 'utf8')).toContain(`server: "${url}"`);
    const pdb = await kubectl(kubeconfig, ['get', 'pdb', 'postgres', '-n', 'databases']);
    expect(pdb.code).toBe(0);
    expect(pdb.stdout.split('\n')[1]).toMatch(/^postgres\s+N\/A\s+0\s+0\s+\d+s$/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/SIGTERM: stopping\n$/);
    expect(stderr).toBe('');
  });

  it('prints its usage with --help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: pnpm sim \[options\]/);
  });

  it('rejects a bad flag with a clear message and exit code 2', async () => {
    expect(await run(['--bogus'])).toStrictEqual({
      code: 2,
      signal: null,
      stdout: '',
      stderr: `pnpm sim: Unknown option '--bogus'\nTry "pnpm sim --help".\n`,
    });
    expect(await run(['--activity', 'sometimes'])).toStrictEqual({
      code: 2,
      signal: null,
      stdout: '',
      stderr:
        'pnpm sim: --activity must be "on" or "off", got "sometimes"\nTry "pnpm sim --help".\n',
    });
    expect((await run(['--port', 'eighty'])).stderr).toBe(
      'pnpm sim: --port must be an integer >= 0, got "eighty"\nTry "pnpm sim --help".\n',
    );
  });

  it('exits 1 with the reason when the scenario cannot be loaded', async () => {
    const missing = join(dir, 'missing.yaml');
    const r = await run(['--scenario', missing]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^pnpm sim: cannot read scenario ${missing}: ENOENT`));
  });
});
