import { describe, expect, it } from 'vitest';
import {
  hiddenWorld,
  withoutZookeeperPods,
  ZOOKEEPER_PODS_REFUSED,
} from '../index/__fixtures__/hidden.js';
import { NOW } from '../index/__fixtures__/objects.js';
import { ClusterIndex } from '../index/cluster-index.js';
import type { OverlapGroupReport } from '../overlaps/groups.js';
import { makeVisibility } from '../visibility/visibility.js';
import { budgetFactsFromEvaluations } from './from-evaluations.js';
import { evaluateFindings } from './table.js';
import type { Finding } from './types.js';

const NO_OVERLAPS: OverlapGroupReport = {
  groups: [],
  podsWithMultipleBudgets: [],
  invalidSelectors: [],
  staticTruncated: false,
};

const brief = (findings: readonly Finding[]) =>
  findings.map((f) => `${f.kind} ${f.object.namespace}/${f.object.name}`);

function findingsOf(index: ClusterIndex): Finding[] {
  return evaluateFindings({
    now: NOW,
    budgets: budgetFactsFromEvaluations(index.budgets()),
    pods: [...index.podNamespaces()].flatMap((ns) => [...index.podsInNamespace(ns)]),
    workloads: [...index.workloads()],
    overlaps: NO_OVERLAPS,
    visibility: index.visibility,
  });
}

describe('findings under a visibility', () => {
  it('draws no finding from pods that are not visible', () => {
    const world = withoutZookeeperPods(hiddenWorld());
    const blind = new ClusterIndex({ now: NOW }, world);
    const seeing = new ClusterIndex({ now: NOW, visibility: ZOOKEEPER_PODS_REFUSED }, world);
    expect([brief(findingsOf(blind)), findingsOf(seeing)]).toStrictEqual([
      ['selector-matches-no-pod zookeeper/zookeeper', 'status-differs zookeeper/zookeeper'],
      [],
    ]);
  });

  it('says no workload is without a budget where the budgets are not visible', () => {
    const world = hiddenWorld();
    const budgetsRefused = makeVisibility({
      refusals: [
        {
          kind: 'budgets',
          namespace: 'shop',
          reason: 'no permission to list poddisruptionbudgets in shop',
        },
      ],
    });
    const withoutShopBudgets = {
      ...world,
      budgets: world.budgets.filter((b) => b.namespace !== 'shop'),
    };
    const blind = new ClusterIndex({ now: NOW }, withoutShopBudgets);
    const seeing = new ClusterIndex({ now: NOW, visibility: budgetsRefused }, withoutShopBudgets);
    expect([brief(findingsOf(blind)), brief(findingsOf(seeing))]).toStrictEqual([
      ['workload-without-budget shop/web'],
      [],
    ]);
  });
});
