import { describe, expect, it } from 'vitest';
import { NOW, deployment, labelPdb, node } from '../index/__fixtures__/objects.js';
import type { Budget } from '../model/budget.js';
import { clusterOf, KUBECTL_DEFAULTS, TIMINGS } from './__fixtures__/cluster.js';
import { applyChanges } from './changes.js';
import { COMBINATION_LIMITS } from './combination.js';
import { proposeFixes } from './fixes.js';
import { forecastUpgrade, type ForecastUpgradeInput } from './forecast.js';

const NODES = ['node-a', 'node-b', 'node-c'];

/** Deployments over the three nodes (each holding at most `podsPerNode` pods), the first pod unready. */
function cluster(input: {
  podsPerNode: number;
  apps: { name: string; replicas: number; unready: number; nodes: string[] }[];
  budgets: Budget[];
}): ForecastUpgradeInput {
  const apps = input.apps.map((a) => deployment({ ...a, labels: { app: a.name } }));
  return {
    index: clusterOf({
      pods: apps.flatMap((a) => a.pods),
      workloads: apps.flatMap((a) => a.workloads),
      budgets: input.budgets,
      nodeViews: NODES.map((n) => node(n, true, { allocatable: { pods: `${input.podsPerNode}` } })),
    }),
    nodes: NODES,
    strategy: { maxUnavailable: 1, maxSurge: 0 },
    drain: KUBECTL_DEFAULTS,
    timings: TIMINGS,
    now: NOW,
  };
}

function combinationOf(i: ForecastUpgradeInput) {
  const stalled = forecastUpgrade(i);
  expect(stalled.verdict).toBe('stalls');
  const fix = proposeFixes(i, stalled).find((f) => f.parts !== undefined);
  // "Forecast with this fix" applies its changes: the verdict is the one the fix promises.
  expect(forecastUpgrade(applyChanges(i, fix?.changes ?? [])).verdict).toBe(fix?.forecast.verdict);
  return fix && { title: fix.title, outcome: fix.outcome, search: fix.search };
}

describe('the smallest combination', () => {
  // Cases where the greedy search (the best single fix, then each next stall's cheapest change)
  // was not minimal, found by comparing it with this search on generated clusters.
  it('is found where the best single fix first leads to a larger one', () => {
    const i = cluster({
      podsPerNode: 2,
      apps: [
        { name: 'app0', replicas: 4, unready: 1, nodes: NODES },
        { name: 'app1', replicas: 2, unready: 0, nodes: ['node-c', 'node-a'] },
        { name: 'app2', replicas: 4, unready: 1, nodes: NODES },
      ],
      budgets: [
        labelPdb({ name: 'app1', matchLabels: { app: 'app1' }, maxUnavailable: 1 }),
        labelPdb({ name: 'app1-copy', matchLabels: { app: 'app1' }, maxUnavailable: 1 }),
        labelPdb({ name: 'app2', matchLabels: { app: 'app2' }, maxUnavailable: 1 }),
      ],
    });
    // Greedy: raise app2's maxUnavailable to 2, delete app1, surge 1 node (3 changes).
    expect(combinationOf(i)).toStrictEqual({
      title:
        'Combine 2 changes: Surge 2 new nodes before draining; Delete PodDisruptionBudget default/app1 (overlaps another)',
      outcome: 'completes',
      search: {
        fewestChanges: true,
        exhaustive: true,
        forecasts: 6,
        maxChanges: COMBINATION_LIMITS.maxChanges,
      },
    });
  });

  it('is found where letting only the not-Ready pods go completes and letting one more does not', () => {
    // Two nodes at a time. app1's budget refuses its crash-looping pod (1 healthy of 2 desired).
    // With app0's overlap removed, raising it to 2 (a healthy pod may go too) still stalls; to 1
    // (only the crash-looping pod may go; the other waits for its replacement) it completes. Only
    // 2 was proposed before, and the search answered with 3 changes (a surge node besides).
    const i = {
      ...cluster({
        podsPerNode: 6,
        apps: [
          { name: 'app0', replicas: 4, unready: 0, nodes: NODES },
          { name: 'app1', replicas: 2, unready: 1, nodes: NODES },
          { name: 'app2', replicas: 2, unready: 0, nodes: NODES },
        ],
        budgets: [
          labelPdb({ name: 'app0', matchLabels: { app: 'app0' }, maxUnavailable: 0 }),
          labelPdb({ name: 'app0-copy', matchLabels: { app: 'app0' }, maxUnavailable: 1 }),
          labelPdb({ name: 'app1', matchLabels: { app: 'app1' }, maxUnavailable: 0 }),
        ],
      }),
      strategy: { maxUnavailable: 2, maxSurge: 0 },
    };
    expect(combinationOf(i)).toStrictEqual({
      title:
        "Combine 2 changes: Raise PodDisruptionBudget default/app1's maxUnavailable to 1; Delete PodDisruptionBudget default/app0 (overlaps another)",
      outcome: 'completes',
      search: {
        fewestChanges: true,
        exhaustive: true,
        forecasts: 2,
        maxChanges: COMBINATION_LIMITS.maxChanges,
      },
    });
  });

  it('is found where no single change gets further (a 500 that becomes a 429)', () => {
    // app0's one Ready pod is under two budgets: deleting either leaves the other refusing (429),
    // which the greedy search counted as no help, and so found nothing.
    const i = cluster({
      podsPerNode: 2,
      apps: [{ name: 'app0', replicas: 2, unready: 1, nodes: ['node-c', 'node-a'] }],
      budgets: [
        labelPdb({ name: 'app0', matchLabels: { app: 'app0' }, minAvailable: 1 }),
        labelPdb({ name: 'app0-copy', matchLabels: { app: 'app0' }, maxUnavailable: 1 }),
      ],
    });
    expect(combinationOf(i)).toStrictEqual({
      title:
        'Combine 2 changes: Scale Deployment default/app0 to 3 replicas; Delete PodDisruptionBudget default/app0-copy (overlaps another)',
      outcome: 'completes',
      search: {
        fewestChanges: true,
        exhaustive: true,
        forecasts: 3,
        maxChanges: COMBINATION_LIMITS.maxChanges,
      },
    });
  });
});
