import { blockerOf, planUpgrade, readSnapshot, type UpgradeRequest } from '@pdbscope/shared';
import { loadCluster } from '@pdbscope/shared/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimHandle } from '../sim.js';
import { startSim } from '../sim.js';
import { ManualClock } from '../store/clock.js';
import { DEMO_NOW, snapshotOf } from './__fixtures__/demo-snapshot.js';

const NOW = DEMO_NOW;

let sim: SimHandle | undefined;
let index: ReturnType<typeof loadCluster>['index'];

beforeAll(async () => {
  // The demo as seeded, held still, as `kubectl get … -o json` would write it.
  sim = await startSim({ clock: new ManualClock(NOW), activity: false });
  const text = snapshotOf(sim);
  index = loadCluster(readSnapshot(text), new Date(NOW)).index;
});
afterAll(async () => {
  await sim?.close();
});

/** Each pool's verdict under a provider, where it happens, and what the provider does there. */
function outcome(pool: string, request: Omit<UpgradeRequest, 'selector'>) {
  const plan = planUpgrade(
    index,
    { selector: `pdbscope.dev/pool=${pool}`, fixes: false, ...request },
    new Date(NOW),
  );
  if (!plan.ok) throw new Error(plan.error);
  const f = plan.value.forecast;
  const blocker = blockerOf(f);
  // What the provider does there: its failure's code, each deletion (pods@seconds), or kubectl's stall.
  const forced = (f.forced ?? []).map(
    (x) => `${x.pods.map((p) => p.pod.name.split('-')[0]).join('+')}@${x.atSeconds}`,
  );
  const what = f.failure?.code ?? (forced.length > 0 ? forced.join(' ') : undefined);
  return [
    f.verdict,
    blocker ? `step ${blocker.step}` : `${f.steps.length} steps`,
    what ?? f.stall?.reasons.join('+') ?? '',
  ];
}

const POOLS = ['batch', 'payments', 'gpu', 'edge'];
const table = (request: Omit<UpgradeRequest, 'selector'>) =>
  Object.fromEntries(POOLS.map((p) => [p, outcome(p, request)]));

describe("the demo's pools, upgraded by each provider", () => {
  it('kubectl: batch completes, the others stall for ever', () => {
    expect(table({ ignoreDaemonSets: true, deleteEmptyDirData: true })).toStrictEqual({
      batch: ['completes', '3 steps', ''],
      payments: ['stalls', 'step 1', 'no-disruption-allowed'],
      gpu: ['stalls', 'step 2', 'replacement-unschedulable'],
      edge: ['stalls', 'step 1', 'webhook-denied+multiple-budgets'],
    });
  });

  it('GKE: what stalls under kubectl completes an hour per node later, its protected pods deleted', () => {
    expect(table({ provider: 'gke' })).toStrictEqual({
      batch: ['completes', '3 steps', ''],
      // payments-api's budget never allows one: both its pods go, an hour into each node's drain.
      payments: ['forces', 'step 1', 'payments@3600 payments@7290'],
      gpu: ['forces', 'step 2', 'denoiser@3690'],
      edge: ['forces', 'step 1', 'lobby+edge@3600'],
    });
  });

  it('EKS fails with PodEvictionFailure after 15 minutes; with force it deletes the pods then', () => {
    expect({
      plain: table({ provider: 'eks' }),
      force: table({ provider: 'eks', forceUpdate: true }),
    }).toStrictEqual({
      plain: {
        batch: ['completes', '3 steps', ''],
        payments: ['fails', 'step 1', 'PodEvictionFailure'],
        gpu: ['fails', 'step 2', 'PodEvictionFailure'],
        edge: ['fails', 'step 1', 'PodEvictionFailure'],
      },
      force: {
        batch: ['completes', '3 steps', ''],
        payments: ['forces', 'step 1', 'payments@900 payments@1950'],
        gpu: ['forces', 'step 2', 'denoiser@1050'],
        edge: ['forces', 'step 1', 'lobby+edge@900'],
      },
    });
  });

  it('AKS fails with UpgradeFailed after 30 minutes; with Cordon it quarantines and goes on', () => {
    expect({
      schedule: table({ provider: 'aks' }),
      cordon: table({ provider: 'aks', undrainableNodeBehavior: 'Cordon' }),
    }).toStrictEqual({
      schedule: {
        batch: ['completes', '3 steps', ''],
        payments: ['fails', 'step 1', 'UpgradeFailed'],
        gpu: ['fails', 'step 2', 'UpgradeFailed'],
        edge: ['fails', 'step 1', 'UpgradeFailed'],
      },
      // One surge node (10% of the pool, rounded up) for each quarantined node: Failed, not Canceled.
      cordon: {
        batch: ['completes', '3 steps', ''],
        payments: ['fails', 'step 1', 'Canceled'],
        gpu: ['fails', 'step 2', 'Failed'],
        edge: ['fails', 'step 1', 'Failed'],
      },
    });
  });
});
