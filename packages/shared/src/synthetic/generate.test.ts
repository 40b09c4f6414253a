import { describe, expect, it } from 'vitest';
import {
  nodeFromObject,
  pdbFromObject,
  podFromObject,
  pubFromObject,
  workloadFromObject,
} from '../model/index.js';
import {
  labelSelectorMatches,
  labelValueErrors,
  qualifiedNameErrors,
  validateLabelSelector,
} from '../selectors/index.js';
import { generateCluster } from './generate.js';
import { clusterViews } from './views.js';

const cluster = generateCluster({ seed: 7, nodes: 30, pods: 1200, budgets: 120 });

function key(o: { metadata?: { namespace?: string; name?: string } }): string {
  return `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
}

describe('generateCluster', () => {
  it('gives the same cluster for the same seed and a different one for another seed', () => {
    expect(generateCluster({ seed: 7, nodes: 30, pods: 1200, budgets: 120 })).toStrictEqual(
      cluster,
    );
    expect(
      generateCluster({ seed: 8, nodes: 30, pods: 1200, budgets: 120 }).pods[0],
    ).not.toStrictEqual(cluster.pods[0]);
  });

  it('creates exactly the requested numbers of nodes, pods and budgets', () => {
    expect({
      nodes: cluster.nodes.length,
      pods: cluster.pods.length,
      budgets: cluster.pdbs.length + cluster.pubs.length,
    }).toStrictEqual({ nodes: 30, pods: 1200, budgets: 120 });
    expect(cluster.pubs.length).toBeGreaterThan(0);
  });

  it('is pure JSON: serialising and parsing gives the same value', () => {
    expect(JSON.parse(JSON.stringify(cluster))).toStrictEqual(cluster);
  });

  it('gives every object a unique uid and every namespaced object a unique name per kind', () => {
    const all = [
      ...cluster.nodes,
      ...cluster.namespaces,
      ...cluster.pods,
      ...cluster.deployments,
      ...cluster.replicaSets,
      ...cluster.statefulSets,
      ...cluster.daemonSets,
      ...cluster.jobs,
      ...cluster.pdbs,
      ...cluster.pubs,
    ];
    expect(new Set(all.map((o) => o.metadata?.uid)).size).toBe(all.length);
    for (const list of [
      cluster.pods,
      cluster.pdbs,
      cluster.pubs,
      cluster.deployments,
      cluster.statefulSets,
    ]) {
      expect(new Set(list.map(key)).size).toBe(list.length);
    }
  });

  it('converts every object into the model without an error', () => {
    const views = clusterViews(cluster);
    expect({
      errors: views.errors,
      pods: views.pods.length,
      budgets: views.budgets.length,
      nodes: views.nodes.length,
    }).toStrictEqual({ errors: [], pods: 1200, budgets: 120, nodes: 30 });
    const failures = [
      ...cluster.pods.map(podFromObject),
      ...cluster.pdbs.map(pdbFromObject),
      ...cluster.pubs.map(pubFromObject),
      ...cluster.nodes.map(nodeFromObject),
      ...[
        ...cluster.deployments,
        ...cluster.replicaSets,
        ...cluster.statefulSets,
        ...cluster.daemonSets,
        ...cluster.jobs,
      ].map(workloadFromObject),
    ].filter((c) => !c.ok);
    expect(failures).toStrictEqual([]);
  });

  it('writes only valid label keys, values and budget selectors', () => {
    const labelErrors = cluster.pods.flatMap((p) =>
      Object.entries(p.metadata?.labels ?? {}).flatMap(([k, v]) => [
        ...qualifiedNameErrors(k),
        ...labelValueErrors(v),
      ]),
    );
    expect(labelErrors).toStrictEqual([]);
    const selectorErrors = [...cluster.pdbs, ...cluster.pubs].flatMap((b) =>
      validateLabelSelector(b.spec?.selector, 'spec.selector'),
    );
    expect(selectorErrors).toStrictEqual([]);
  });

  it('points every controller reference at an object that exists with that uid', () => {
    const owners = new Map<string, string>();
    for (const o of [
      ...cluster.replicaSets,
      ...cluster.deployments,
      ...cluster.statefulSets,
      ...cluster.daemonSets,
      ...cluster.jobs,
    ]) {
      owners.set(`${o.kind}/${key(o)}`, o.metadata?.uid ?? '');
    }
    const dangling = [...cluster.pods, ...cluster.replicaSets].flatMap((o) =>
      (o.metadata?.ownerReferences ?? []).filter(
        (r) => owners.get(`${r.kind}/${o.metadata?.namespace ?? ''}/${r.name}`) !== r.uid,
      ),
    );
    expect(dangling).toStrictEqual([]);
  });

  it('places every scheduled pod on an existing node', () => {
    const nodes = new Set(cluster.nodes.map((n) => n.metadata?.name));
    const orphans = cluster.pods.filter(
      (p) => p.spec?.nodeName !== undefined && !nodes.has(p.spec.nodeName),
    );
    expect(orphans).toStrictEqual([]);
  });

  it('has the mix the engine must handle: unready, pending, terminating, bare, Job and DaemonSet pods', () => {
    const views = cluster.pods.flatMap((p) => {
      const c = podFromObject(p);
      return c.ok ? [c.value] : [];
    });
    const count = (f: (p: (typeof views)[number]) => boolean): number => views.filter(f).length;
    expect(count((p) => p.phase === 'Running' && !p.ready)).toBeGreaterThan(0);
    expect(count((p) => p.phase === 'Pending')).toBeGreaterThan(0);
    expect(count((p) => p.deletionTimestamp !== undefined)).toBeGreaterThan(0);
    expect(count((p) => p.controller === undefined)).toBeGreaterThan(0);
    expect(count((p) => p.controller?.kind === 'Job')).toBeGreaterThan(0);
    expect(count((p) => p.controller?.kind === 'DaemonSet')).toBe(30);
    expect(count((p) => p.ready) / views.length).toBeGreaterThan(0.9);
  });

  it('makes most budgets select pods and some pods fall under two PDBs', () => {
    const podsByNs = new Map<string, typeof cluster.pods>();
    for (const p of cluster.pods) {
      const ns = p.metadata?.namespace ?? '';
      podsByNs.set(ns, [...(podsByNs.get(ns) ?? []), p]);
    }
    const selecting = cluster.pdbs.filter((b) =>
      (podsByNs.get(b.metadata?.namespace ?? '') ?? []).some((p) =>
        labelSelectorMatches(b.spec?.selector ?? null, p.metadata?.labels ?? {}),
      ),
    );
    expect(selecting.length / cluster.pdbs.length).toBeGreaterThan(0.9);
    const doubly = cluster.pods.filter(
      (p) =>
        cluster.pdbs.filter(
          (b) =>
            b.metadata?.namespace === p.metadata?.namespace &&
            labelSelectorMatches(b.spec?.selector ?? null, p.metadata?.labels ?? {}),
        ).length > 1,
    );
    expect(doubly.length).toBeGreaterThan(0);
  });

  it('uses integers and percentages for both limits', () => {
    const forms = new Set(
      cluster.pdbs.map((b) => {
        const field = b.spec?.minAvailable !== undefined ? 'min' : 'max';
        const value = b.spec?.minAvailable ?? b.spec?.maxUnavailable;
        return `${field}:${typeof value}`;
      }),
    );
    expect([...forms].sort()).toStrictEqual([
      'max:number',
      'max:string',
      'min:number',
      'min:string',
    ]);
  });

  it('handles tiny and empty clusters', () => {
    const empty = generateCluster({ seed: 1, nodes: 1, pods: 0, budgets: 3 });
    expect({
      pods: empty.pods.length,
      budgets: empty.pdbs.length + empty.pubs.length,
    }).toStrictEqual({ pods: 0, budgets: 3 });
    const small = generateCluster({ seed: 1 });
    expect(small.pods.length).toBe(300);
  });
});
