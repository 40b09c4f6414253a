import { parseLabelSelectorQuery, selectorMatches } from '@pdbscope/shared';
import { ClusterIndex } from '@pdbscope/shared/index';
import { describe, expect, it } from 'vitest';
import { zookeeper } from './__fixtures__/zookeeper.js';
import { clusterViews, generateCluster } from '@pdbscope/shared/synthetic';
import { budgetRow } from './rows.js';
import { search } from './search.js';

const NOW = new Date('2026-11-21T19:40:00Z');

function zookeeperIndex() {
  const { sts, pods, pdb } = zookeeper({ reported: { currentHealthy: 3, disruptionsAllowed: 1 } });
  const index = new ClusterIndex({ now: NOW }, { pods, budgets: [pdb], workloads: [sts] });
  const evaluation = index.budget(pdb);
  if (!evaluation) throw new Error('the budget is evaluated');
  return { index, row: budgetRow(evaluation) };
}

describe('the global search', () => {
  it('finds budgets, pods, nodes and workloads by name, the exact name first', () => {
    const { index, row } = zookeeperIndex();
    const answer = search({
      index,
      budgets: [row],
      budgetContext: () => undefined,
      q: 'zookeeper-1',
      selector: undefined,
      limit: 8,
      eventId: 'e-3',
    });
    expect(answer).toStrictEqual({
      q: 'zookeeper-1',
      selector: false,
      budgets: { items: [], total: 0 },
      pods: {
        items: [
          {
            namespace: 'data',
            name: 'zookeeper-1',
            phase: 'Running',
            ready: true,
            nodeName: 'worker-1',
          },
        ],
        total: 1,
      },
      nodes: { items: [], total: 0 },
      workloads: { items: [], total: 0 },
      eventId: 'e-3',
    });
    const broad = search({
      index,
      budgets: [row],
      budgetContext: () => undefined,
      q: 'Zookeeper',
      selector: undefined,
      limit: 2,
      eventId: 'e-3',
    });
    expect({
      budgets: broad.budgets,
      pods: broad.pods.items.map((p) => p.name),
      podTotal: broad.pods.total,
      workloads: broad.workloads,
    }).toStrictEqual({
      budgets: {
        items: [
          {
            kind: 'PodDisruptionBudget',
            namespace: 'data',
            name: 'zookeeper',
            selectorText: 'app.kubernetes.io/name=zookeeper',
          },
        ],
        total: 1,
      },
      pods: ['zookeeper-0', 'zookeeper-1'],
      podTotal: 3,
      workloads: {
        items: [
          {
            apiVersion: 'apps/v1',
            kind: 'StatefulSet',
            namespace: 'data',
            name: 'zookeeper',
            selectorText: 'app.kubernetes.io/name=zookeeper',
            replicas: 3,
          },
        ],
        total: 1,
      },
    });
  });

  it('reads a selector as labels: the pods and nodes it matches, bounded, with their count', () => {
    const views = clusterViews(
      generateCluster({ seed: 7, pods: 900, nodes: 10, budgets: 40, namespaces: 6 }),
    );
    const index = new ClusterIndex({ now: NOW }, views);
    const [pod] = views.pods;
    const app = pod?.labels['app.kubernetes.io/name'];
    if (app === undefined) throw new Error('a generated pod has an app.kubernetes.io/name');
    const q = `app.kubernetes.io/name=${app}`;
    const parsed = parseLabelSelectorQuery(q);
    if (!parsed.ok) throw new Error(parsed.error);
    const answer = search({
      index,
      budgets: [],
      budgetContext: () => undefined,
      q,
      selector: parsed.value,
      limit: 3,
      eventId: 'e-1',
    });
    const matching = views.pods
      .filter((p) => selectorMatches(parsed.value, p.labels))
      .map((p) => `${p.namespace}/${p.name}`);
    expect({
      selector: answer.selector,
      total: answer.pods.total,
      shown: answer.pods.items.length,
      allMatch: answer.pods.items.every((p) => matching.includes(`${p.namespace}/${p.name}`)),
      nodes: answer.nodes.total,
    }).toStrictEqual({
      selector: true,
      total: matching.length,
      shown: Math.min(3, matching.length),
      allMatch: true,
      nodes: 0,
    });
  });
});
