import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimHandle } from '../sim.js';
import { startSim } from '../sim.js';
import { runRollingUpgrade } from './rolling-upgrade.js';

let sim: SimHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function demo(): Promise<string> {
  sim = await startSim({ activity: false, readyDelayMs: 300, terminationDelayMs: 100 });
  dir = await mkdtemp(join(tmpdir(), 'pdbscope-upgrade-'));
  const kubeconfig = join(dir, 'kubeconfig');
  await sim.writeKubeconfig(kubeconfig);
  return kubeconfig;
}

const drain = { ignoreDaemonSets: true, deleteEmptyDirData: true };

describe('runRollingUpgrade with real kubectl on the demo', () => {
  it('replaces every batch node one at a time', async () => {
    const kubeconfig = await demo();
    const outcome = await runRollingUpgrade({
      kubeconfig,
      nodes: ['batch-1', 'batch-2', 'batch-3'],
      drain,
      drainTimeoutSeconds: 20,
    });
    expect(outcome).toStrictEqual({
      verdict: 'completes',
      steps: 3,
      upgradedNodes: ['batch-1-upgraded', 'batch-2-upgraded', 'batch-3-upgraded'],
    });
  }, 60_000);

  it('stalls on payments-1, whose payments-api pod its budget never lets go', async () => {
    const kubeconfig = await demo();
    const outcome = await runRollingUpgrade({
      kubeconfig,
      nodes: ['payments-1', 'payments-2'],
      drain,
      drainTimeoutSeconds: 3,
    });
    expect(outcome.verdict).toBe('stalls');
    if (outcome.verdict !== 'stalls') return;
    expect({
      step: outcome.step,
      node: outcome.node,
      stuck: outcome.stuckPods.length,
    }).toStrictEqual({ step: 1, node: 'payments-1', stuck: 1 });
    expect(outcome.stuckPods[0]).toMatch(/^payments\/payments-api-/);
    expect(outcome.drain.stderr).toContain('disruption budget');
  }, 60_000);
});
