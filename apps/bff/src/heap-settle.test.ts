import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { withBurstHeapGrowth } from './heap-settle.js';

const run = promisify(execFile);
const FIXTURE = path.join(import.meta.dirname, '__fixtures__/heap-growth.ts');
const BURST = path.join(import.meta.dirname, '__fixtures__/heap-burst.ts');

async function growth(percent: number) {
  // A small young generation, so that what the heap commits is mostly the old generation's.
  const { stdout } = await run(
    process.execPath,
    ['--max-semi-space-size=1', '--import', 'tsx', FIXTURE, String(percent)],
    { cwd: import.meta.dirname },
  );
  return JSON.parse(stdout) as {
    settled?: { ms: number; heapUsedBeforeMB: number; heapUsedAfterMB: number };
    liveBytes: number;
    mostCommitted: number;
    kept: number;
  };
}

describe('settleHeap', () => {
  it('keeps the heap within its growth percent of what is live while garbage comes and goes', async () => {
    const out = await growth(25);
    expect(out.kept).toBe(600_000);
    // Collected: the fixture's loading garbage is gone, what is live stays.
    expect(out.settled?.heapUsedAfterMB).toBeLessThanOrEqual(out.settled?.heapUsedBeforeMB ?? 0);
    // 25% past what is live, plus the young generation and code spaces (~40 MB); V8's own
    // heuristics let this fixture's heap reach ~4x what is live before collecting.
    expect(out.mostCommitted).toBeLessThan(out.liveBytes * 1.25 + 64 * 2 ** 20);
  }, 60_000);

  it('leaves V8 alone at 0', async () => {
    expect((await growth(0)).settled).toBeUndefined();
  }, 60_000);
});

async function burst(percent: number) {
  // One collector thread: when a collection ends must not depend on the machine's load.
  const { stdout } = await run(
    process.execPath,
    ['--max-semi-space-size=1', '--single-threaded-gc', '--import', 'tsx', BURST, String(percent)],
    { cwd: import.meta.dirname },
  );
  return JSON.parse(stdout) as { before: number; mostCommitted: number; kept: number };
}

describe('withBurstHeapGrowth', () => {
  it('bounds the heap closer to what a burst keeps live than the settled growth does', async () => {
    const [settled, tight] = await Promise.all([burst(0), burst(10)]);
    expect(tight.kept).toBe(100_000);
    expect(settled.kept).toBe(100_000);
    const grewSettled = settled.mostCommitted - settled.before;
    const grewTight = tight.mostCommitted - tight.before;
    // Measured: +86 MB at the settled 25%, +66 MB at 10% (the working state is ~15 MB, what
    // lingers ~25 MB).
    expect(grewTight).toBeLessThan(grewSettled * 0.85);
  }, 60_000);

  it('just runs the burst while the heap is not settled (V8 left to its own heuristics)', () => {
    expect(withBurstHeapGrowth(() => 'answered')).toBe('answered');
  });
});
