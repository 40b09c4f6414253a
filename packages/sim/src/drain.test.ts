import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasReadyCondition, pdbFromObject, podFromObject } from '@pdbscope/shared';
import { selectPdbPods } from '@pdbscope/shared/budgets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isActivePod } from './controllers/replicaset.js';
import { podNodeName } from './controllers/pod-factory.js';
import type { SimHandle } from './sim.js';
import { startSim } from './sim.js';
import type { KubeObject } from './store/types.js';

function kubectl(
  kubeconfig: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'kubectl',
      ['--kubeconfig', kubeconfig, ...args],
      { timeout: 90_000 },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
}

function items(sim: SimHandle, resource: string): KubeObject[] {
  const list = sim.store.list(resource);
  return list.ok ? list.value.items : [];
}

/**
 * Every time a Ready pod of the drained node starts terminating, each PDB that selects it must still have at least
 * desiredHealthy healthy pods without it: evictions never take a budget below its floor.
 */
function watchBudgetFloors(
  sim: SimHandle,
  node: string,
): { violations: string[]; evicted: string[]; stop: () => void } {
  const violations: string[] = [];
  const evicted: string[] = [];
  const stop = sim.store.subscribe((event) => {
    if (event.resource !== 'pods' || event.type !== 'MODIFIED') return;
    const before = event.oldObject;
    if (
      before === undefined ||
      before.metadata.deletionTimestamp !== undefined ||
      event.object.metadata.deletionTimestamp === undefined
    )
      return;
    // Only the drain's evictions: the Trino rollout deletes old pods elsewhere meanwhile.
    if (podNodeName(before) !== node) return;
    evicted.push(`${event.object.metadata.namespace ?? ''}/${event.object.metadata.name ?? ''}`);
    if (!hasReadyCondition(before)) return;
    const pods = items(sim, 'pods').flatMap((p) => {
      const v = podFromObject(p);
      return v.ok ? [v.value] : [];
    });
    for (const raw of items(sim, 'poddisruptionbudgets')) {
      const pdb = pdbFromObject(raw);
      if (!pdb.ok || pdb.value.namespace !== event.object.metadata.namespace) continue;
      const selected = selectPdbPods(pdb.value, pods);
      if (!selected.ok || !selected.value.some((p) => p.name === event.object.metadata.name))
        continue;
      const healthy = selected.value.filter(
        (p) => p.ready && p.deletionTimestamp === undefined,
      ).length;
      if (healthy < pdb.value.status.desiredHealthy) {
        violations.push(
          `${pdb.value.namespace}/${pdb.value.name}: ${healthy} healthy < ${pdb.value.status.desiredHealthy} after ${event.object.metadata.name ?? ''}`,
        );
      }
    }
  });
  return { violations, evicted, stop };
}

describe('kubectl drain against the simulated demo cluster', () => {
  let sim: SimHandle;
  let dir: string;
  let kubeconfig: string;

  beforeAll(async () => {
    sim = await startSim({ activity: false, readyDelayMs: 300, terminationDelayMs: 200 });
    dir = await mkdtemp(join(tmpdir(), 'pdbscope-drain-'));
    kubeconfig = join(dir, 'kubeconfig');
    await sim.writeKubeconfig(kubeconfig);
  });

  afterAll(async () => {
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('drains worker-3 in rounds, waiting for replacements, and never takes a budget below its floor', async () => {
    const onNode = (node: string) =>
      items(sim, 'pods').filter((p) => podNodeName(p) === node && isActivePod(p));
    const before = onNode('worker-3')
      .map((p) => `${p.metadata.namespace ?? ''}/${p.metadata.name ?? ''}`)
      .sort();
    expect(before).toStrictEqual([
      'hdfs/hdfs-datanode-default-0',
      'hdfs/hdfs-datanode-default-1',
      'logging/logging-es-client-0',
      'logging/logging-es-data-1',
      'logging/logging-es-master-2',
      'zookeeper/zookeeper-2',
    ]);
    const floors = watchBudgetFloors(sim, 'worker-3');
    const result = await kubectl(kubeconfig, [
      'drain',
      'worker-3',
      '--ignore-daemonsets',
      '--delete-emptydir-data',
      '--timeout=60s',
    ]);
    floors.stop();
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^node\/worker-3 cordoned\n/);
    expect(result.stdout).toMatch(/node\/worker-3 drained\n$/);
    // The role-level HDFS budget allows one data node at a time: the second waited for a replacement.
    // kubectl evicts in parallel, so either data node may be the one that waits.
    expect(result.stderr).toMatch(
      /error when evicting pods\/"hdfs-datanode-default-[01]" -n "hdfs" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget\./,
    );
    expect(floors.violations).toStrictEqual([]);
    expect([...floors.evicted].sort()).toStrictEqual(before);
    expect(onNode('worker-3')).toStrictEqual([]);
    expect(
      (
        items(sim, 'nodes').find((n) => n.metadata.name === 'worker-3')?.['spec'] as {
          unschedulable?: boolean;
        }
      ).unschedulable,
    ).toBe(true);
    // The StatefulSet pods came back under their own names on other nodes.
    const zk2 = sim.store.get('pods', 'zookeeper', 'zookeeper-2');
    expect(
      zk2 !== undefined && podNodeName(zk2) !== 'worker-3' && podNodeName(zk2) !== undefined,
    ).toBe(true);
  });
});
