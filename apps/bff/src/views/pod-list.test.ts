import {
  decidePodNow,
  parseLabelSelectorQuery,
  refKey,
  type PodView,
  type Selector,
} from '@pdbscope/shared';
import { ClusterIndex } from '@pdbscope/shared/index';
import type { PodListQuery } from '@pdbscope/shared/api';
import { clusterViews, generateCluster } from '@pdbscope/shared/synthetic';
import { describe, expect, it } from 'vitest';
import { analyze } from '../store/analysis.js';
import { zookeeper } from './__fixtures__/zookeeper.js';
import { podList } from './pod-list.js';

const NOW = new Date('2024-05-01T12:05:00Z');
const EVERYTHING: Selector = { kind: 'everything' };

function generated() {
  const views = clusterViews(
    generateCluster({ seed: 7, pods: 900, nodes: 10, budgets: 40, namespaces: 6 }),
  );
  const index = new ClusterIndex({ now: NOW }, views);
  const namespaces = [...new Set(views.pods.map((p) => p.namespace))];
  return { index, views, analysis: analyze({ index, namespaces, now: NOW }) };
}

function list(index: ClusterIndex, query: PodListQuery, selector: Selector = EVERYTHING) {
  return podList({ index, query, selector, now: NOW, eventId: 'e-1' });
}

const keyOf = (p: { namespace: string; name: string }) => `${p.namespace}/${p.name}`;

/** Every pod of the list, page after page. */
function allPages(index: ClusterIndex, query: PodListQuery, selector?: Selector) {
  const keys: string[] = [];
  for (let offset = 0; ; offset += 250) {
    const page = list(index, { ...query, offset, limit: 250 }, selector);
    keys.push(...page.items.map(keyOf));
    if (offset + 250 >= page.total) return { keys, total: page.total };
  }
}

describe('the pods list', () => {
  it('lists every pod once, in namespace/name order, a page at a time', () => {
    const { index, views } = generated();
    const { keys, total } = allPages(index, {});
    expect({ keys, total }).toStrictEqual({
      keys: views.pods.map(keyOf).sort(),
      total: views.pods.length,
    });
  });

  it('counts as the summary counts: several budgets and no budget match its figures', () => {
    const { index, analysis } = generated();
    const several = allPages(index, { budgets: 'several' });
    const none = allPages(index, { budgets: 'none' });
    expect({ several: several.keys, none: none.total }).toStrictEqual({
      several: analysis.overlaps.podsWithMultipleBudgets.map((p) => keyOf(p.pod)).sort(),
      none: analysis.podsWithoutBudget,
    });
    expect([several.total, none.total].every((n) => n > 0)).toBe(true);
  });

  it('decides each pod as the engine does, and filters on that decision', () => {
    const { index, views } = generated();
    const decided = (pod: PodView) => decidePodNow(pod, index.budgetsForPod(pod), NOW);
    const refused = views.pods
      .filter((pod) => !decided(pod).allowed)
      .map(keyOf)
      .sort();
    expect(allPages(index, { evictable: 'no' }).keys).toStrictEqual(refused);
    expect(refused.length).toBeGreaterThan(0);
    const page = list(index, { evictable: 'no', limit: 5 });
    expect(page.items.map((row) => [keyOf(row), row.evictableNow.rule])).toStrictEqual(
      refused.slice(0, 5).map((key) => {
        const [namespace = '', name = ''] = key.split('/');
        const pod = index.pod({ namespace, name });
        if (!pod) throw new Error(key);
        return [key, decided(pod).rule];
      }),
    );
  });

  it("filters by namespace, node, labels and an overlap group's budgets", () => {
    const { index, views, analysis } = generated();
    const [namespace = ''] = [...new Set(views.pods.map((p) => p.namespace))].sort();
    const node = views.pods.find((p) => p.nodeName !== undefined)?.nodeName ?? '';
    const selector = parseLabelSelectorQuery('app.kubernetes.io/component');
    if (!selector.ok) throw new Error(selector.error);
    const group = analysis.overlaps.groups.find((g) => g.sharedPods.length > 0);
    if (!group) throw new Error('the generated cluster has no live overlap');
    const members = new Set(group.budgets.map(refKey));
    const expected = (keep: (pod: PodView) => boolean) => views.pods.filter(keep).map(keyOf).sort();
    expect({
      namespace: allPages(index, { namespace }).keys,
      node: allPages(index, { node, budgets: 'any' }).keys,
      labels: allPages(index, {}, selector.value).keys,
    }).toStrictEqual({
      namespace: expected((p) => p.namespace === namespace),
      node: expected((p) => p.nodeName === node && index.coveringBudgets(p).length > 0),
      labels: expected((p) => p.labels['app.kubernetes.io/component'] !== undefined),
    });
    // The group's own filter: its shared pods are the pods of its budgets that several select.
    const grouped = podList({
      index,
      query: { budgets: 'several', limit: 500 },
      selector: EVERYTHING,
      group: group.budgets,
      now: NOW,
      eventId: 'e-1',
    });
    expect(grouped.items.map(keyOf)).toStrictEqual(group.sharedPods.map(keyOf).sort());
    expect(grouped.items.every((row) => row.budgets.some((b) => members.has(refKey(b))))).toBe(
      true,
    );
  });

  it('answers a row with where the pod runs, who owns it, its budgets and its eviction now', () => {
    const { sts, pods, pdb } = zookeeper({
      reported: { currentHealthy: 2, disruptionsAllowed: 0 },
      unready: ['zookeeper-2'],
    });
    const index = new ClusterIndex(
      { now: new Date('2026-11-21T19:40:00Z') },
      { pods, budgets: [pdb], workloads: [sts] },
    );
    const answer = podList({
      index,
      query: { text: 'KEEPER-1' },
      selector: EVERYTHING,
      now: new Date('2026-11-21T19:40:00Z'),
      eventId: 'e-7',
    });
    expect(answer).toStrictEqual({
      items: [
        {
          namespace: 'data',
          name: 'zookeeper-1',
          phase: 'Running',
          ready: true,
          nodeName: 'worker-1',
          owner: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'zookeeper' },
          budgets: [{ kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' }],
          evictableNow: {
            allowed: false,
            rule: 'budget-exhausted',
            summary: 'the budget allows no disruption',
            code: 429,
          },
        },
      ],
      total: 1,
      offset: 0,
      limit: 100,
      eventId: 'e-7',
    });
  });
});
