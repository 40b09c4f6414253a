import { describe, expect, it } from 'vitest';
import { NOW, deployment, labelPdb } from '../index/__fixtures__/objects.js';
import { applyChanges } from './changes.js';
import { forecastUpgrade, type ForecastUpgradeInput } from './forecast.js';
import { clusterOf, KUBECTL_DEFAULTS, TIMINGS } from './__fixtures__/cluster.js';
import { COMBINATION_LIMITS } from './combination.js';
import { proposeFixes, type UpgradeFix } from './fixes.js';
import { planUpgrade } from './plan.js';

const web = { app: 'web' };

function input(
  parts: Parameters<typeof clusterOf>[0],
  strategy = { maxUnavailable: 1, maxSurge: 0 },
): ForecastUpgradeInput {
  return {
    index: clusterOf(parts),
    nodes: parts.nodes ?? ['node-a', 'node-b', 'node-c'],
    strategy,
    drain: KUBECTL_DEFAULTS,
    timings: TIMINGS,
    now: NOW,
  };
}

function fixesOf(i: ForecastUpgradeInput) {
  const stalled = forecastUpgrade(i);
  expect(stalled.verdict).toBe('stalls');
  return proposeFixes(i, stalled).map((f) => `${f.outcome}: ${f.title}`);
}

describe('proposeFixes', () => {
  it('lowers minAvailable or scales up when a budget allows no disruption, each checked by a new forecast', () => {
    const d = deployment({ name: 'web', replicas: 2, labels: web, nodes: ['node-a', 'node-b'] });
    const i = input({
      ...d,
      budgets: [labelPdb({ name: 'web', matchLabels: web, minAvailable: 2 })],
    });
    expect(fixesOf(i)).toStrictEqual([
      'completes: Scale Deployment default/web to 3 replicas',
      "completes: Lower PodDisruptionBudget default/web's minAvailable to 1",
    ]);
    const [scale, lower] = proposeFixes(i, forecastUpgrade(i));
    expect(lower?.steps).toStrictEqual([
      {
        title: "Lower PodDisruptionBudget default/web's minAvailable to 1",
        command: `kubectl patch pdb web -n default --type merge -p '{"spec":{"minAvailable":1,"maxUnavailable":null}}'`,
        yaml:
          '# a merge patch: kubectl patch pdb -n default --type merge --patch-file FILE\n' +
          'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: web\n  namespace: default\nspec:\n  minAvailable: 1\n  maxUnavailable: null\n',
      },
    ]);
    expect(scale?.script).toBe(
      '#!/usr/bin/env bash\n' +
        '# 1 change pdbscope forecast on a copy of the cluster; review before running.\n' +
        'set -euo pipefail\n\n' +
        '# 1. Scale Deployment default/web to 3 replicas\n' +
        'kubectl scale deployment web -n default --replicas=3\n',
    );
    expect(lower?.cost).toBe(
      'one more of its pods may be unavailable during the upgrade (1 of 2 must stay up)',
    );
  });

  it('removing one of two overlapping budgets helps only when the other one allows a disruption', () => {
    const d = deployment({
      name: 'web',
      replicas: 3,
      labels: web,
      nodes: ['node-a', 'node-b', 'node-c'],
    });
    const i = input({
      ...d,
      budgets: [
        labelPdb({ name: 'web', matchLabels: web, maxUnavailable: 0 }),
        labelPdb({ name: 'web-copy', matchLabels: web, maxUnavailable: 1 }),
      ],
    });
    expect(fixesOf(i)).toStrictEqual([
      'completes: Delete PodDisruptionBudget default/web (overlaps another)',
      'does-not-help: Delete PodDisruptionBudget default/web-copy (overlaps another)',
    ]);
  });

  it('adds surge capacity when a replacement has nowhere to go', () => {
    const d = deployment({ name: 'web', replicas: 2, labels: web, nodes: ['node-a', 'node-b'] });
    const i = input(
      {
        ...d,
        nodes: ['node-a', 'node-b'],
        budgets: [labelPdb({ name: 'web', matchLabels: web, maxUnavailable: 1 })],
      },
      { maxUnavailable: 2, maxSurge: 0 },
    );
    expect(fixesOf(i)[0]).toBe('completes: Surge 1 new node before draining');
  });
});

describe('proposeFixes with no single change that completes', () => {
  // Two budgets each allowing no disruption, both with a pod on node-a: freeing one still leaves
  // the other pod stuck there.
  function twoBlockingBudgets(): ForecastUpgradeInput {
    const api = { app: 'api' };
    const w = deployment({ name: 'web', replicas: 2, labels: web, nodes: ['node-a', 'node-b'] });
    const a = deployment({ name: 'api', replicas: 2, labels: api, nodes: ['node-a', 'node-b'] });
    return {
      ...input({
        pods: [...w.pods, ...a.pods],
        workloads: [...w.workloads, ...a.workloads],
        budgets: [
          labelPdb({ name: 'web', matchLabels: web, minAvailable: 2 }),
          labelPdb({ name: 'api', matchLabels: api, maxUnavailable: 0 }),
        ],
      }),
      nodes: ['node-a', 'node-b'],
    };
  }

  it('proposes the smallest combination that completes first, then the single fixes that get further', () => {
    const i = twoBlockingBudgets();
    const fixes = proposeFixes(i, forecastUpgrade(i));
    expect(fixes.map((f) => `${f.outcome}: ${f.title}`)).toStrictEqual([
      "completes: Combine 2 changes: Scale Deployment default/web to 3 replicas; Raise PodDisruptionBudget default/api's maxUnavailable to 1",
      'gets-further: Scale Deployment default/web to 3 replicas',
      "gets-further: Raise PodDisruptionBudget default/api's maxUnavailable to 1",
      "gets-further: Lower PodDisruptionBudget default/web's minAvailable to 1",
      // maxUnavailable 0 allows nothing however many replicas there are.
      'does-not-help: Scale Deployment default/api to 3 replicas',
    ]);
    const [combined] = fixes;
    expect({
      id: combined?.id,
      changes: combined?.changes.map((c) =>
        c.kind === 'scale'
          ? [c.workload.name, c.replicas]
          : c.kind === 'budget-spec' && [c.budget.name, c.field, c.value],
      ),
      cost: combined?.cost,
      parts: combined?.parts?.map((p) => p.title),
      forecast: combined?.forecast,
    }).toStrictEqual({
      id: 'fix-1',
      changes: [
        ['web', 3],
        ['api', 'maxUnavailable', 1],
      ],
      cost: "one more pod's resources (3 replicas instead of 2); 1 of its 2 pods may be unavailable at once during the upgrade",
      parts: [
        'Scale Deployment default/web to 3 replicas',
        "Raise PodDisruptionBudget default/api's maxUnavailable to 1",
      ],
      forecast: { verdict: 'completes', steps: 2, durationSeconds: 210 },
    });
    expect(combined?.steps.map((s) => [s.title, s.command])).toStrictEqual([
      [
        'Scale Deployment default/web to 3 replicas',
        'kubectl scale deployment web -n default --replicas=3',
      ],
      [
        "Raise PodDisruptionBudget default/api's maxUnavailable to 1",
        `kubectl patch pdb api -n default --type merge -p '{"spec":{"maxUnavailable":1,"minAvailable":null}}'`,
      ],
    ]);
    // One YAML document per change, each headed by its title.
    expect(combined?.yaml.split('---\n').map((doc) => doc.split('\n')[0])).toStrictEqual([
      '# 1. Scale Deployment default/web to 3 replicas',
      "# 2. Raise PodDisruptionBudget default/api's maxUnavailable to 1",
    ]);
    // Applying all its changes is what "Forecast with this fix" does.
    expect(forecastUpgrade(applyChanges(i, combined?.changes ?? [])).verdict).toBe('completes');
  });

  const limits = (l: Partial<typeof COMBINATION_LIMITS>) => ({
    combination: { ...COMBINATION_LIMITS, ...l },
  });
  const combinationOf = (fixes: readonly UpgradeFix[]) => {
    const c = fixes.find((f) => f.parts !== undefined);
    return c && { outcome: c.outcome, parts: c.parts?.length, search: c.search };
  };

  it('needs one change per budget blocking the node; beyond maxChanges, found a stall at a time', () => {
    const apps = ['web', 'api', 'db'].map((name) =>
      deployment({ name, replicas: 2, labels: { app: name }, nodes: ['node-a', 'node-b'] }),
    );
    const i = {
      ...input({
        pods: apps.flatMap((a) => a.pods),
        workloads: apps.flatMap((a) => a.workloads),
        budgets: ['web', 'api', 'db'].map((name) =>
          labelPdb({ name, matchLabels: { app: name }, maxUnavailable: 0 }),
        ),
      }),
      nodes: ['node-a', 'node-b'],
    };
    const stalled = forecastUpgrade(i);
    expect(combinationOf(proposeFixes(i, stalled))).toStrictEqual({
      outcome: 'completes',
      parts: 3,
      search: { fewestChanges: true, exhaustive: true, forecasts: 13, maxChanges: 4 },
    });
    // Three budgets stuck at step 1 need three changes: with at most two, nothing is searched.
    const two = proposeFixes(i, stalled, limits({ maxChanges: 2 }));
    expect(combinationOf(two)).toBeUndefined();
  });

  it('stays within its forecast budget and finds nothing when it may not forecast', () => {
    const i = twoBlockingBudgets();
    const stalled = forecastUpgrade(i);
    const none = proposeFixes(i, stalled, limits({ maxForecasts: 0, maxFurthestForecasts: 0 }));
    expect(none.map((f) => f.outcome)).toStrictEqual([
      'gets-further',
      'gets-further',
      'gets-further',
      'does-not-help',
    ]);
    // One forecast does not finish the smallest search; growing the furthest fix a stall at a
    // time does, and two changes are as few as the stall needs.
    expect(combinationOf(proposeFixes(i, stalled, limits({ maxForecasts: 1 })))).toStrictEqual({
      outcome: 'completes',
      parts: 2,
      search: { fewestChanges: true, exhaustive: false, forecasts: 2, maxChanges: 4 },
    });
  });
});

describe('planUpgrade', () => {
  it('says what is wrong with a request: unknown nodes, a selector matching nothing, bad counts', () => {
    const d = deployment({ name: 'web', replicas: 2, labels: web, nodes: ['node-a', 'node-b'] });
    const index = clusterOf(d);
    expect(planUpgrade(index, { nodes: ['node-a', 'node-x'] }, NOW)).toStrictEqual({
      ok: false,
      error: 'unknown node: node-x',
    });
    expect(planUpgrade(index, { selector: 'pool=none' }, NOW)).toStrictEqual({
      ok: false,
      error: 'node selector "pool=none" matches no node',
    });
    expect(planUpgrade(index, { selector: 'pool' }, NOW)).toStrictEqual({
      ok: false,
      error: 'node selector "pool" is not KEY=VALUE[,KEY=VALUE…]',
    });
    expect(planUpgrade(index, { nodes: ['node-a'], maxSurge: -1 }, NOW)).toStrictEqual({
      ok: false,
      error: 'maxSurge must be a whole number ≥ 0, not -1',
    });
    const plan = planUpgrade(index, { selector: 'kubernetes.io/hostname!=node-c' }, NOW);
    expect(plan.ok && plan.value.forecast.nodes).toStrictEqual(['node-a', 'node-b']);
  });

  it('forecasts with a fix applied when its changes are given back', () => {
    const d = deployment({ name: 'web', replicas: 2, labels: web, nodes: ['node-a', 'node-b'] });
    const index = clusterOf({
      ...d,
      budgets: [labelPdb({ name: 'web', matchLabels: web, minAvailable: 2 })],
    });
    const stalled = planUpgrade(index, { nodes: ['node-a', 'node-b'] }, NOW);
    if (!stalled.ok) throw new Error(stalled.error);
    expect(stalled.value.forecast.verdict).toBe('stalls');
    const fix = stalled.value.fixes[0];
    const fixed = planUpgrade(
      index,
      { nodes: ['node-a', 'node-b'], changes: fix?.changes ?? [] },
      NOW,
    );
    expect(fixed.ok && fixed.value.forecast.verdict).toBe('completes');
    expect(fixed.ok && fixed.value.fixes).toStrictEqual([]);
  });
});
