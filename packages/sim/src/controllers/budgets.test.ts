import { pdbFromObject, podFromObject, workloadFromObject } from '@pdbscope/shared';
import { selectPdbPods, syncPdb, workloadLookupFromList } from '@pdbscope/shared/budgets';
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../store/clock.js';
import type { KubeObject } from '../store/types.js';
import { pdbStatusJson } from './budgets.js';
import { deployment, pdb, testCluster } from './test-cluster.js';

type Cluster = ReturnType<typeof testCluster>;

function pdbStatus(c: Cluster, name: string) {
  const status = c.store.get('poddisruptionbudgets', 'shop', name)?.['status'] as Record<string, unknown>;
  return {
    observedGeneration: status['observedGeneration'],
    expectedPods: status['expectedPods'],
    desiredHealthy: status['desiredHealthy'],
    currentHealthy: status['currentHealthy'],
    disruptionsAllowed: status['disruptionsAllowed'],
    disruptedPods: status['disruptedPods'],
  };
}

function items(c: Cluster, resource: string): KubeObject[] {
  const list = c.store.list(resource);
  return list.ok ? list.value.items : [];
}

/** The engine's own answer for the PDB over what the store holds, computed here without the controller. */
function engineStatus(c: Cluster, name: string) {
  const view = pdbFromObject(c.store.get('poddisruptionbudgets', 'shop', name));
  if (!view.ok) throw new Error(view.error);
  const pods = items(c, 'pods').flatMap((p) => {
    const v = podFromObject(p);
    return v.ok ? [v.value] : [];
  });
  const workloads = [...items(c, 'deployments'), ...items(c, 'replicasets')].flatMap((w) => {
    const v = workloadFromObject(w);
    return v.ok ? [v.value] : [];
  });
  const selected = selectPdbPods(view.value, pods);
  if (!selected.ok) throw new Error(selected.error);
  // The index hands pods over sorted by name; the finder order follows it.
  const sorted = [...selected.pods].sort((a, b) => a.name.localeCompare(b.name));
  return pdbStatusJson(syncPdb({ pdb: view.value, pods: sorted, workloads: workloadLookupFromList(workloads), now: c.clock.now() }).status);
}

describe('disruption controller', () => {
  it('keeps the PDB status as the engine computes it, as pods come and become Ready', () => {
    const c = testCluster();
    c.store.create('deployments', deployment('web', 3));
    c.store.create('poddisruptionbudgets', pdb('web', 'web', { minAvailable: 2 }));
    expect(pdbStatus(c, 'web')).toStrictEqual({
      observedGeneration: 1,
      expectedPods: 3,
      desiredHealthy: 2,
      currentHealthy: 0,
      disruptionsAllowed: 0,
      disruptedPods: undefined,
    });
    c.clock.advance(3000);
    expect(pdbStatus(c, 'web')).toStrictEqual({
      observedGeneration: 1,
      expectedPods: 3,
      desiredHealthy: 2,
      currentHealthy: 3,
      disruptionsAllowed: 1,
      disruptedPods: undefined,
    });
    expect(c.store.get('poddisruptionbudgets', 'shop', 'web')?.['status']).toStrictEqual(engineStatus(c, 'web'));
  });

  it('follows a spec change with observedGeneration', () => {
    const c = testCluster();
    c.store.create('deployments', deployment('web', 3));
    c.store.create('poddisruptionbudgets', pdb('web', 'web', { minAvailable: 2 }));
    c.clock.advance(3000);
    c.store.modify('poddisruptionbudgets', 'shop', 'web', (p) => void (p['spec'] = { maxUnavailable: 0, selector: { matchLabels: { app: 'web' } } }));
    expect(pdbStatus(c, 'web')).toStrictEqual({
      observedGeneration: 2,
      expectedPods: 3,
      desiredHealthy: 3,
      currentHealthy: 3,
      disruptionsAllowed: 0,
      disruptedPods: undefined,
    });
  });

  it('drops a disruptedPods entry that was never followed by a deletion after two minutes', () => {
    const c = testCluster();
    c.store.create('deployments', deployment('web', 3));
    c.store.create('poddisruptionbudgets', pdb('web', 'web', { minAvailable: 2 }));
    c.clock.advance(3000);
    const pod = c.pods('shop')[0]?.metadata.name ?? '';
    const admittedAt = rfc3339(c.clock.now());
    // What the eviction handler writes before it deletes the pod.
    c.store.modify(
      'poddisruptionbudgets',
      'shop',
      'web',
      (p) => {
        const status = p['status'] as Record<string, unknown>;
        p['status'] = { ...status, disruptionsAllowed: 0, disruptedPods: { [pod]: admittedAt } };
      },
      { subresource: 'status' },
    );
    expect(pdbStatus(c, 'web')).toStrictEqual({
      observedGeneration: 1,
      expectedPods: 3,
      desiredHealthy: 2,
      currentHealthy: 2,
      disruptionsAllowed: 0,
      disruptedPods: { [pod]: admittedAt },
    });
    c.clock.advance(120_000);
    expect(pdbStatus(c, 'web').disruptedPods).toStrictEqual({ [pod]: admittedAt });
    c.clock.advance(2_000);
    expect(pdbStatus(c, 'web')).toStrictEqual({
      observedGeneration: 1,
      expectedPods: 3,
      desiredHealthy: 2,
      currentHealthy: 3,
      disruptionsAllowed: 1,
      disruptedPods: undefined,
    });
  });
});

describe('PUB controller', () => {
  it('writes the PUB status and marks each protected pod with pub.kruise.io/related-pub', () => {
    const c = testCluster();
    c.store.create('deployments', deployment('matchmaker', 3));
    c.store.create('podunavailablebudgets', {
      apiVersion: 'policy.kruise.io/v1alpha1',
      kind: 'PodUnavailableBudget',
      metadata: { name: 'matchmaker', namespace: 'shop' },
      spec: { selector: { matchLabels: { app: 'matchmaker' } }, maxUnavailable: 1 },
    });
    c.clock.advance(3000);
    expect(c.store.get('podunavailablebudgets', 'shop', 'matchmaker')?.['status']).toStrictEqual({
      observedGeneration: 1,
      unavailableAllowed: 1,
      currentAvailable: 3,
      desiredAvailable: 2,
      totalReplicas: 3,
    });
    expect(c.pods('shop').map((p) => p.metadata.annotations)).toStrictEqual([
      { 'pub.kruise.io/related-pub': 'matchmaker', 'kruise.io/related-pub': 'matchmaker' },
      { 'pub.kruise.io/related-pub': 'matchmaker', 'kruise.io/related-pub': 'matchmaker' },
      { 'pub.kruise.io/related-pub': 'matchmaker', 'kruise.io/related-pub': 'matchmaker' },
    ]);
    expect(c.errors).toStrictEqual([]);
  });
});
