import { makeVisibility } from '@pdbscope/shared';
import { ClusterIndex } from '@pdbscope/shared/index';
import { describe, expect, it } from 'vitest';
import { pdbStatusNumbers } from '@pdbscope/shared/testing';
import { zookeeper } from './__fixtures__/zookeeper.js';
import { budgetRow, selectorText, statusDifferences } from './rows.js';

const now = new Date('2026-11-21T19:40:00Z');

function evaluate(options: Parameters<typeof zookeeper>[0]) {
  const { sts, pods, pdb } = zookeeper(options);
  const index = new ClusterIndex({ now }, { pods, budgets: [pdb], workloads: [sts] });
  const evaluation = index.budget({
    kind: 'PodDisruptionBudget',
    namespace: 'data',
    name: 'zookeeper',
  });
  if (!evaluation) throw new Error('not indexed');
  return evaluation;
}

describe('budgetRow', () => {
  it('says since when a blocking budget allows no disruption, from its DisruptionAllowed condition', () => {
    const blocking = budgetRow(
      evaluate({
        unready: ['zookeeper-1'],
        reported: { currentHealthy: 2, disruptionsAllowed: 0 },
      }),
    );
    expect({ blocking: blocking.flags.blocking, since: blocking.blockingSince }).toStrictEqual({
      blocking: true,
      since: '2026-11-21T19:10:03Z',
    });
    expect('blockingSince' in budgetRow(evaluate({}))).toBe(false);
  });

  it('carries the reported status and flags a recomputed status that differs', () => {
    const row = budgetRow(evaluate({ unready: ['zookeeper-1'] }), {
      overlapping: new Set(),
      findings: new Map([['PodDisruptionBudget/data/zookeeper', 2]]),
      blocked: new Map(),
    });
    expect(row).toStrictEqual({
      kind: 'PodDisruptionBudget',
      apiVersion: 'policy/v1',
      uid: 'pdb-uid',
      namespace: 'data',
      name: 'zookeeper',
      generation: 1,
      observedGeneration: 1,
      matchedPods: 3,
      flags: {
        overlap: false,
        findings: 2,
        stale: false,
        blocking: false,
        blockingReason: null,
        mismatch: true,
        error: null,
      },
      creationTimestamp: '2026-11-20T08:00:00Z',
      maxUnavailable: 1,
      selector: { matchLabels: { 'app.kubernetes.io/name': 'zookeeper' } },
      selectorText: 'app.kubernetes.io/name=zookeeper',
      expectedPods: 3,
      desiredHealthy: 2,
      currentHealthy: 3,
      disruptionsAllowed: 1,
    });
  });

  it('marks a budget that allows no disruption as blocking, with 0 kept as a number', () => {
    const row = budgetRow(
      evaluate({
        unready: ['zookeeper-1'],
        reported: { currentHealthy: 2, disruptionsAllowed: 0 },
      }),
    );
    expect([
      row.kind === 'PodDisruptionBudget' && row.disruptionsAllowed,
      row.flags.blocking,
      row.flags.mismatch,
    ]).toStrictEqual([0, true, false]);
  });
});

describe('budgetRow of a budget whose pods are not visible', () => {
  it('keeps the reported status, knows no matched pod, raises no flag drawn from pods, says why', () => {
    const { sts, pdb } = zookeeper({});
    const visibility = makeVisibility({
      refusals: [{ kind: 'pods', namespace: 'data', reason: 'no permission to list pods in data' }],
    });
    const index = new ClusterIndex({ now, visibility }, { budgets: [pdb], workloads: [sts] });
    const evaluation = index.budget({
      kind: 'PodDisruptionBudget',
      namespace: 'data',
      name: 'zookeeper',
    });
    if (!evaluation) throw new Error('not indexed');
    const hidden = 'pods not visible: no permission to list pods in data';
    expect(budgetRow(evaluation)).toStrictEqual({
      kind: 'PodDisruptionBudget',
      apiVersion: 'policy/v1',
      uid: 'pdb-uid',
      namespace: 'data',
      name: 'zookeeper',
      generation: 1,
      observedGeneration: 1,
      matchedPods: null,
      flags: {
        overlap: false,
        findings: 0,
        stale: false,
        blocking: false,
        blockingReason: null,
        mismatch: false,
        error: null,
      },
      creationTimestamp: '2026-11-20T08:00:00Z',
      maxUnavailable: 1,
      notVisible: { pods: hidden, recomputed: hidden },
      selector: { matchLabels: { 'app.kubernetes.io/name': 'zookeeper' } },
      selectorText: 'app.kubernetes.io/name=zookeeper',
      expectedPods: 3,
      desiredHealthy: 2,
      currentHealthy: 3,
      disruptionsAllowed: 1,
    });
  });
});

describe('selectorText and statusDifferences', () => {
  it('renders selectors as kubectl does', () => {
    expect([
      selectorText(null),
      selectorText({}),
      selectorText({ matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] }),
      selectorText({ matchExpressions: [{ key: 'tier', operator: 'Near' }] }).startsWith(
        '<invalid: ',
      ),
    ]).toStrictEqual(['<none>', '<all>', 'tier in (a,b)', true]);
  });
  it('names the counters that differ', () => {
    const base = pdbStatusNumbers();
    expect(
      statusDifferences(base, {
        ...base,
        currentHealthy: 2,
        disruptionsAllowed: 0,
        disruptedPods: { a: 'x' },
      }),
    ).toStrictEqual(['disruptionsAllowed', 'currentHealthy']);
  });
});
