import type { Result } from '@pdbscope/shared';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  nodeFromObject,
  pdbFromObject,
  planUpgrade,
  podFromObject,
  pubFromObject,
  workloadFromObject,
} from '@pdbscope/shared';
import { ClusterIndex } from '@pdbscope/shared/index';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimHandle } from '../sim.js';
import { startSim } from '../sim.js';
import type { KubeObject } from '../store/types.js';
import { runRollingUpgrade, upgradedNodeName } from './rolling-upgrade.js';

let sim: SimHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

function views<T>(s: SimHandle, resources: string[], convert: (o: unknown) => Result<T>): T[] {
  return resources.flatMap((r) => {
    const list = s.store.list(r);
    return (list.ok ? list.value.items : []).flatMap((o: KubeObject) => {
      const v = convert(o);
      return v.ok ? [v.value] : [];
    });
  });
}

/** The cluster as the store holds it, indexed by the engine. */
function indexOf(s: SimHandle): ClusterIndex {
  return new ClusterIndex(
    { now: new Date() },
    {
      pods: views(s, ['pods'], podFromObject),
      budgets: [
        ...views(s, ['poddisruptionbudgets'], pdbFromObject),
        ...views(s, ['podunavailablebudgets'], pubFromObject),
      ],
      workloads: views(
        s,
        ['deployments', 'replicasets', 'statefulsets', 'replicationcontrollers'],
        workloadFromObject,
      ),
      nodes: views(s, ['nodes'], nodeFromObject),
    },
  );
}

const options = { ignoreDaemonSets: true, deleteEmptyDirData: true };

/**
 * For each demo pool (and strategies with surge nodes and several nodes drained at once): the
 * forecast made before the upgrade, then the actual rolling upgrade on the simulator with real
 * kubectl (surge nodes created first, each batch's nodes drained by concurrent kubectl processes
 * with the same options, deleted, and replaced by upgraded ones). Verdict, steps or stall step and
 * node, and the pods left on it must be the same.
 */
describe('the upgrade forecast against the actual rolling upgrade with real kubectl', () => {
  it.each<[string, number, number, string]>([
    ['pdbscope.dev/pool=batch', 1, 0, 'completes'],
    ['pdbscope.dev/pool=payments', 1, 0, 'no-disruption-allowed'],
    ['pdbscope.dev/pool=general', 1, 0, 'no-disruption-allowed'],
    ['pdbscope.dev/pool=gpu', 1, 0, 'replacement-unschedulable'],
    ['pdbscope.dev/pool=edge', 1, 0, 'webhook-denied,multiple-budgets'],
    ['pdbscope.dev/pool=batch', 2, 0, 'completes'],
    ['pdbscope.dev/pool=batch', 1, 1, 'completes'],
    ['pdbscope.dev/pool=payments', 2, 1, 'no-disruption-allowed'],
  ])(
    '%s, maxUnavailable %i, maxSurge %i: %s',
    async (selector, maxUnavailable, maxSurge, expected) => {
      const strategy = { maxUnavailable, maxSurge };
      sim = await startSim({ activity: false, readyDelayMs: 300, terminationDelayMs: 100 });
      dir = await mkdtemp(join(tmpdir(), 'pdbscope-forecast-'));
      const kubeconfig = join(dir, 'kubeconfig');
      await sim.writeKubeconfig(kubeconfig);
      const plan = planUpgrade(
        indexOf(sim),
        { selector, ...strategy, ...options, fixes: false },
        new Date(),
      );
      if (!plan.ok) throw new Error(plan.error);
      const { forecast } = plan.value;
      // The story each case tells: a stall for this reason, or none.
      expect(forecast.stall?.reasons.join(',') ?? forecast.verdict).toBe(expected);
      const actual = await runRollingUpgrade({
        kubeconfig,
        nodes: forecast.nodes,
        ...strategy,
        drain: options,
        drainTimeoutSeconds: 12,
      });
      const predicted =
        forecast.verdict === 'completes'
          ? { verdict: 'completes', steps: forecast.steps.length }
          : {
              verdict: 'stalls',
              step: forecast.stall?.step,
              node: forecast.stall?.node,
              stuckPods: (forecast.stall?.pods ?? [])
                .filter((p) => p.node === forecast.stall?.node)
                .map((p) => `${p.pod.namespace}/${p.pod.name}`)
                .sort(),
            };
      const observed =
        actual.verdict === 'completes'
          ? { verdict: 'completes', steps: actual.steps }
          : {
              verdict: 'stalls',
              step: actual.step,
              node: actual.node,
              stuckPods: actual.stuckPods,
            };
      expect(observed).toStrictEqual(predicted);
      if (actual.verdict === 'completes')
        expect(actual.upgradedNodes).toStrictEqual([
          ...forecast.surgeNodes,
          ...forecast.nodes.map(upgradedNodeName),
        ]);
    },
    120_000,
  );
});
