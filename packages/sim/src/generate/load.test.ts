import { generateCluster } from '@pdbscope/shared/synthetic';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimHandle } from '../sim.js';
import { startSim } from '../sim.js';
import { ManualClock } from '../store/clock.js';
import { ObjectStore } from '../store/object-store.js';
import { loadGeneratedCluster } from './load.js';

let sim: SimHandle | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('generated clusters', () => {
  it('load object for object, with ownerReferences pointing at the store-assigned UIDs', () => {
    const cluster = generateCluster({ seed: 7, nodes: 10, pods: 400, budgets: 30 });
    const store = new ObjectStore({ clock: new ManualClock() });
    const result = loadGeneratedCluster(store, cluster);
    expect(result).toStrictEqual({
      created:
        cluster.namespaces.length +
        cluster.nodes.length +
        cluster.deployments.length +
        cluster.statefulSets.length +
        cluster.replicaSets.length +
        cluster.pods.length +
        cluster.pdbs.length +
        cluster.pubs.length,
      skipped: { DaemonSet: cluster.daemonSets.length, Job: cluster.jobs.length },
      failed: 0,
    });
    const uids = new Set<string>();
    for (const resource of ['deployments', 'replicasets', 'statefulsets']) {
      const list = store.list(resource);
      if (list.ok) for (const w of list.value.items) uids.add(w.metadata.uid ?? '');
    }
    const pods = store.list('pods');
    const owned = pods.ok
      ? pods.value.items.filter((p) =>
          ['ReplicaSet', 'StatefulSet'].includes(String(p.metadata.ownerReferences?.[0]?.['kind'])),
        )
      : [];
    expect(owned.length).toBeGreaterThan(300);
    expect(
      owned.filter((p) => !uids.has(String(p.metadata.ownerReferences?.[0]?.['uid']))),
    ).toStrictEqual([]);
  });

  it('are served by startSim with every budget evaluated once and no pod created by a controller', async () => {
    const clock = new ManualClock('2024-05-01T12:00:00Z');
    const cluster = generateCluster({ seed: 3, nodes: 8, pods: 300, budgets: 25 });
    sim = await startSim({ clock, generate: { seed: 3, nodes: 8, pods: 300, budgets: 25 } });
    expect(sim.store.counts()['pods']).toBe(cluster.pods.length);
    const pdbs = sim.store.list('poddisruptionbudgets');
    const statuses = pdbs.ok
      ? pdbs.value.items.map((p) =>
          (p['status'] as { conditions?: { type: string }[] }).conditions?.map((c) => c.type),
        )
      : [];
    expect(statuses.length).toBe(cluster.pdbs.length);
    expect(statuses.filter((types) => types?.[0] !== 'DisruptionAllowed')).toStrictEqual([]);
  });
});
