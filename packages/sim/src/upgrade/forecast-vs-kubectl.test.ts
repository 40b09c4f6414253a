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
import { runRollingUpgrade } from './rolling-upgrade.js';

let sim: SimHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

function views<T>(
  s: SimHandle,
  resources: string[],
  convert: (o: unknown) => { ok: true; value: T } | { ok: false; error: string },
): T[] {
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
 * For each demo pool: the forecast made before the upgrade, then the actual rolling upgrade on
 * the simulator with real kubectl (drain with the same options, delete node, create the upgraded
 * one). Verdict, stall step and node, and the pods left on it must be the same.
 */
describe('the upgrade forecast against the actual rolling upgrade with real kubectl', () => {
  it.each([
    ['pdbscope.dev/pool=batch'],
    ['pdbscope.dev/pool=payments'],
    ['pdbscope.dev/pool=general'],
  ])(
    '%s',
    async (selector) => {
      sim = await startSim({ activity: false, readyDelayMs: 300, terminationDelayMs: 100 });
      dir = await mkdtemp(join(tmpdir(), 'pdbscope-forecast-'));
      const kubeconfig = join(dir, 'kubeconfig');
      await sim.writeKubeconfig(kubeconfig);
      const plan = planUpgrade(indexOf(sim), { selector, ...options, fixes: false }, new Date());
      if (!plan.ok) throw new Error(plan.error);
      const { forecast } = plan;
      const actual = await runRollingUpgrade({
        kubeconfig,
        nodes: forecast.nodes,
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
    },
    120_000,
  );
});
