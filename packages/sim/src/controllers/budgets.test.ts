import { pdbFromObject, podFromObject, workloadFromObject } from '@pdbscope/shared';
import { selectPdbPods, syncPdb, workloadLookupFromList } from '@pdbscope/shared/budgets';
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../store/clock.js';
import type { KubeObject } from '../store/types.js';
import { pdbStatusJson } from './budgets.js';
import { deployment, pdb, testCluster } from './test-cluster.js';

type Cluster = ReturnType<typeof testCluster>;

function pdbStatus(c: Cluster, name: string) {
  const status = c.store.get('poddisruptionbudgets', 'shop', name)?.['status'] as Record<
    string,
    unknown
  >;
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
  const sorted = [...selected.value].sort((a, b) => a.name.localeCompare(b.name));
  return pdbStatusJson(
    syncPdb({
      pdb: view.value,
      pods: sorted,
      workloads: workloadLookupFromList(workloads),
      now: c.clock.now(),
    }).status,
  );
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
    expect(c.store.get('poddisruptionbudgets', 'shop', 'web')?.['status']).toStrictEqual(
      engineStatus(c, 'web'),
    );
  });

  it('follows a spec change with observedGeneration', () => {
    const c = testCluster();
    c.store.create('deployments', deployment('web', 3));
    c.store.create('poddisruptionbudgets', pdb('web', 'web', { minAvailable: 2 }));
    c.clock.advance(3000);
    c.store.modify(
      'poddisruptionbudgets',
      'shop',
      'web',
      (p) => void (p['spec'] = { maxUnavailable: 0, selector: { matchLabels: { app: 'web' } } }),
    );
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

describe('events', () => {
  function barePod(name: string): KubeObject {
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'shop', labels: { app: 'legacy' } },
      spec: { nodeName: 'worker-1', containers: [{ name: 'legacy', image: 'legacy:1' }] },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    };
  }

  it('records what a sync says as core/v1 Events on the PDB, aggregating repeats', () => {
    const c = testCluster();
    c.store.create('pods', barePod('legacy-1'), { preserveStatus: true });
    c.store.create('pods', barePod('legacy-2'), { preserveStatus: true });
    c.store.create('poddisruptionbudgets', pdb('legacy', 'legacy', { minAvailable: '50%' }));
    const events = () => {
      const list = c.store.list('events', { namespace: 'shop' });
      return list.ok
        ? list.value.items.map((e) => ({
            type: e['type'],
            reason: e['reason'],
            message: e['message'],
            count: e['count'],
            involvedObject: {
              kind: (e['involvedObject'] as { kind: string }).kind,
              name: (e['involvedObject'] as { name: string }).name,
            },
            source: e['source'],
          }))
        : [];
    };
    const unmanaged = {
      type: 'Warning',
      reason: 'UnmanagedPods',
      message:
        'Pods selected by this PodDisruptionBudget (selector: &LabelSelector{MatchLabels:map[string]string{app: legacy,},MatchExpressions:[]LabelSelectorRequirement{},}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.',
      involvedObject: { kind: 'PodDisruptionBudget', name: 'legacy' },
      source: { component: 'controllermanager' },
    };
    expect(events()).toStrictEqual([{ ...unmanaged, count: 1 }]);
    c.store.modify(
      'pods',
      'shop',
      'legacy-1',
      (p) => void (p.metadata.labels = { app: 'legacy', touched: '1' }),
    );
    expect(events()).toStrictEqual([{ ...unmanaged, count: 1 }]);
    c.clock.advance(61_000);
    c.store.modify(
      'pods',
      'shop',
      'legacy-1',
      (p) => void (p.metadata.labels = { app: 'legacy', touched: '2' }),
    );
    expect(events()).toStrictEqual([{ ...unmanaged, count: 2 }]);
  });
});
