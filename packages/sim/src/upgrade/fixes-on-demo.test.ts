import { planUpgrade, readSnapshot } from '@pdbscope/shared';
import { formatUpgrade, loadCluster, runCli } from '@pdbscope/shared/cli';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimHandle } from '../sim.js';
import { startSim } from '../sim.js';
import { ManualClock } from '../store/clock.js';
import { DEMO_NOW, snapshotOf } from './__fixtures__/demo-snapshot.js';

let sim: SimHandle | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const NOW = DEMO_NOW;

/** The demo as `kubectl get … -o json` would write it. */
async function demoSnapshot(): Promise<string> {
  sim = await startSim({ clock: new ManualClock(NOW), activity: false });
  return snapshotOf(sim);
}

/** `pdbscope upgrade` on a snapshot of the demo. */
async function upgradeOnDemo(...flags: string[]) {
  const text = await demoSnapshot();
  return runCli({
    argv: ['upgrade', 'demo.json', ...flags],
    readFile: (path) =>
      path === 'demo.json' ? { ok: true, value: text } : { ok: false, error: 'no such file' },
    now: new Date(NOW),
  });
}

describe('pdbscope upgrade on a snapshot of the demo cluster', () => {
  it('offers the general pool the nine changes that let it complete, found a stall at a time', async () => {
    const result = await upgradeOnDemo(
      '--selector',
      'pdbscope.dev/pool=general',
      '--ignore-daemonsets',
      '--delete-emptydir-data',
    );
    expect(result.exitCode).toBe(3);
    const lines = result.stdout.split('\n');
    const first = lines.findIndex((l) => l.startsWith('  1. '));
    expect(lines.slice(first, first + 10)).toStrictEqual([
      '  1. These 9 changes together let it complete (none of up to 4 changes does; fewer than 9 are not ruled out) — completes in 6 step(s):',
      "       - Raise PodDisruptionBudget databases/postgres's maxUnavailable to 1; costs: 1 of its 1 pods may be unavailable at once during the upgrade",
      "       - Lower PodDisruptionBudget legacy/legacy-worker's minAvailable to 0; costs: one more of its pods may be unavailable during the upgrade (0 of 3 must stay up)",
      "       - Lower PodDisruptionBudget shop/checkout-api's minAvailable to 0; costs: one more of its pods may be unavailable during the upgrade (0 of 3 must stay up)",
      "       - Lower PodDisruptionBudget shop/orders-api's minAvailable to 0; costs: one more of its pods may be unavailable during the upgrade (0 of 3 must stay up)",
      "       - Raise PodUnavailableBudget games/matchmaker's maxUnavailable to 2; costs: 2 of its 3 pods may be unavailable at once during the upgrade",
      '       - Drain with --force; costs: pods without a controller are deleted and not recreated',
      '       - Delete PodDisruptionBudget hdfs/hdfs-datanode-hot (overlaps another); costs: its pods stay protected only by the other budget',
      '       - Delete PodDisruptionBudget payments/ledger (overlaps another); costs: its pods stay protected only by the other budgets',
      '       - Delete PodDisruptionBudget payments/ledger-by-name (overlaps another); costs: its pods stay protected only by the other budget',
    ]);
  }, 60_000);

  it('offers the combination that gets furthest when none found completes, and what still stalls', async () => {
    const { index } = loadCluster(readSnapshot(await demoSnapshot()), new Date(NOW));
    const plan = planUpgrade(
      index,
      {
        selector: 'pdbscope.dev/pool=general',
        ignoreDaemonSets: true,
        deleteEmptyDirData: true,
        // Grown a stall at a time up to six changes only: three short of the nine it needs.
        combination: {
          maxChanges: 4,
          maxForecasts: 32,
          maxFurthestChanges: 6,
          maxFurthestForecasts: 32,
        },
      },
      new Date(NOW),
    );
    if (!plan.ok) throw new Error(plan.error);
    const lines = formatUpgrade(plan.value.forecast, plan.value.fixes).split('\n');
    expect(lines.find((l) => l.startsWith('  1. '))).toBe(
      '  1. These 6 changes together get furthest, but the upgrade still stalls (none of up to 4 changes lets it complete, and no larger one found does) — gets further: Step 4 stalls on worker-4: 3 pods (legacy/legacy-worker-3, shop/orders-api-f969fdd74-js24c, shop/orders-api-f969fdd74-wwblp) cannot leave, because of a budget that allows no disruption.:',
    );
  }, 60_000);
});
