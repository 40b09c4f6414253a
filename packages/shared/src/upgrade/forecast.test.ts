import { describe, expect, it } from 'vitest';
import {
  NOW,
  deployment,
  labelPdb,
  labelPub,
  node,
  pod,
  statefulSet,
} from '../index/__fixtures__/objects.js';
import { applyChanges } from './changes.js';
import { forecastUpgrade, type ForecastUpgradeInput } from './forecast.js';
import type { UpgradeForecast } from './types.js';
import { clusterOf, KUBECTL_DEFAULTS, TIMINGS, type Parts } from './__fixtures__/cluster.js';

function forecast(
  parts: Parts,
  options: Partial<Omit<ForecastUpgradeInput, 'index' | 'now'>> = {},
): UpgradeForecast {
  return forecastUpgrade({
    index: clusterOf(parts),
    nodes: parts.nodes ?? ['node-a', 'node-b', 'node-c'],
    strategy: { maxUnavailable: 1, maxSurge: 0 },
    drain: KUBECTL_DEFAULTS,
    timings: TIMINGS,
    now: NOW,
    ...options,
  });
}

/** The forecast without decision bodies. */
function summary(f: UpgradeForecast) {
  return {
    verdict: f.verdict,
    steps: f.steps.map((s) => ({
      nodes: s.nodes.join(','),
      evicted: s.evicted.map((p) => p.name),
      from: s.startSeconds,
      to: s.endSeconds,
    })),
    stall: f.stall && {
      step: f.stall.step,
      node: f.stall.node,
      pods: f.stall.pods.map((p) => `${p.pod.name} ${p.reason} ${p.httpStatus}`),
      budgets: f.stall.budgets.map((b) => b.name),
    },
    duration: f.durationSeconds,
  };
}

const web = { app: 'web' };

describe('forecastUpgrade', () => {
  it('completes one node at a time, waiting for replacements to be Ready before the next eviction', () => {
    const d = deployment({
      name: 'web',
      replicas: 3,
      labels: web,
      nodes: ['node-a', 'node-b', 'node-c'],
    });
    const f = forecast({
      ...d,
      budgets: [labelPdb({ name: 'web', matchLabels: web, maxUnavailable: 1 })],
    });
    expect(summary(f)).toStrictEqual({
      verdict: 'completes',
      steps: [
        // web-…bn moves to node-b (fewest pods, first by name), so node-b holds two pods.
        { nodes: 'node-a', evicted: ['web-6d4f8c7b9-bnx2k'], from: 0, to: 90 },
        // The first goes at once, the second waits for its replacement (Ready at 120, a retry at 120).
        {
          nodes: 'node-b',
          evicted: ['web-6d4f8c7b9-cnx2k', 'web-6d4f8c7b9-bnx2k-r1'],
          from: 90,
          to: 210,
        },
        { nodes: 'node-c', evicted: ['web-6d4f8c7b9-dnx2k'], from: 210, to: 300 },
      ],
      stall: undefined,
      duration: 300,
    });
    expect(f.steps.every((s) => s.completed)).toBe(true);
  });

  it('stalls on the first node when a budget allows no disruption (minAvailable = replicas)', () => {
    const d = deployment({ name: 'web', replicas: 2, labels: web, nodes: ['node-a', 'node-b'] });
    const f = forecast({
      ...d,
      budgets: [labelPdb({ name: 'web', matchLabels: web, minAvailable: 2 })],
    });
    expect(summary(f)).toStrictEqual({
      verdict: 'stalls',
      steps: [{ nodes: 'node-a', evicted: [], from: 0, to: 0 }],
      stall: {
        step: 1,
        node: 'node-a',
        pods: ['web-6d4f8c7b9-bnx2k no-disruption-allowed 429'],
        budgets: ['web'],
      },
      duration: 0,
    });
    expect(f.stall?.summary).toBe(
      'Step 1 stalls on node-a: 1 pod (default/web-6d4f8c7b9-bnx2k) cannot leave, because of a budget that allows no disruption.',
    );
  });

  it('stalls at once on a pod under two PodDisruptionBudgets (500 is not retried)', () => {
    const d = deployment({
      name: 'web',
      replicas: 3,
      labels: web,
      nodes: ['node-b', 'node-a', 'node-c'],
    });
    const f = forecast({
      ...d,
      budgets: [
        labelPdb({ name: 'web', matchLabels: web, maxUnavailable: 1 }),
        labelPdb({ name: 'web-copy', matchLabels: web, maxUnavailable: 1 }),
      ],
    });
    expect(summary(f).stall).toStrictEqual({
      step: 1,
      node: 'node-a',
      pods: ['web-6d4f8c7b9-cnx2k multiple-budgets 500'],
      budgets: ['web', 'web-copy'],
    });
  });

  it("stalls on OpenKruise's 403 (not retried)", () => {
    const labels = { app: 'room' };
    const s = statefulSet({ name: 'room', replicas: 2, labels, nodes: ['node-a', 'node-b'] });
    const pods = s.pods.map((p) => ({ ...p, annotations: { 'kruise.io/related-pub': 'room' } }));
    const f = forecast({
      ...s,
      pods,
      budgets: [labelPub({ name: 'room', matchLabels: labels, maxUnavailable: 0 })],
    });
    expect(summary(f).stall).toStrictEqual({
      step: 1,
      node: 'node-a',
      pods: [`room-0 webhook-denied ${f.stall?.pods[0]?.httpStatus ?? 0}`],
      budgets: ['room'],
    });
    expect(f.stall?.pods[0]?.httpStatus).not.toBe(429);
  });

  it('completes once the annotated PUB is removed as a what-if (the webhook finds no PUB)', () => {
    const labels = { app: 'room' };
    const s = statefulSet({ name: 'room', replicas: 2, labels, nodes: ['node-a', 'node-b'] });
    const pods = s.pods.map((p) => ({ ...p, annotations: { 'kruise.io/related-pub': 'room' } }));
    const f = forecast(
      { ...s, pods, budgets: [labelPub({ name: 'room', matchLabels: labels, maxUnavailable: 0 })] },
      { overrides: { removedBudgets: new Set(['PodUnavailableBudget/default/room']) } },
    );
    // room-0's replacement lands on node-c, which the third step drains again.
    expect({
      verdict: f.verdict,
      evicted: f.steps.map((x) => x.evicted.map((p) => p.name)),
    }).toStrictEqual({ verdict: 'completes', evicted: [['room-0'], ['room-1'], ['room-0']] });
  });

  it('stalls when the replacement has nowhere to go, and completes with one surge node', () => {
    const d = deployment({ name: 'web', replicas: 2, labels: web, nodes: ['node-a', 'node-b'] });
    const parts = {
      ...d,
      nodes: ['node-a', 'node-b'],
      budgets: [labelPdb({ name: 'web', matchLabels: web, maxUnavailable: 1 })],
    };
    const noSurge = forecast(parts, { strategy: { maxUnavailable: 2, maxSurge: 0 } });
    expect(summary(noSurge).stall).toStrictEqual({
      step: 1,
      node: 'node-b',
      pods: ['web-6d4f8c7b9-cnx2k replacement-unschedulable 429'],
      budgets: ['web'],
    });
    expect(noSurge.stall?.pods[0]?.pendingReplacements).toStrictEqual([
      { kind: 'Pod', namespace: 'default', name: 'web-6d4f8c7b9-bnx2k-r1' },
    ]);
    const surge = forecast(parts, { strategy: { maxUnavailable: 2, maxSurge: 1 } });
    expect(summary(surge)).toMatchObject({
      verdict: 'completes',
      steps: [{ nodes: 'node-a,node-b', from: 0, to: 30 + 90 }],
    });
    expect(surge.surgeNodes).toStrictEqual(['node-a-surge-1']);
  });

  it("keeps replacements in their pool: a nodeSelector and the pool's taint leave them Pending when the whole pool drains", () => {
    const pool = {
      labels: { pool: 'gpu' },
      spec: { taints: [{ key: 'pool', value: 'gpu', effect: 'NoSchedule' }] },
    };
    const nodeViews = [node('gpu-1', true, pool), node('gpu-2', true, pool), node('general-1')];
    const d = deployment({
      name: 'web',
      replicas: 2,
      labels: web,
      nodes: ['gpu-1', 'gpu-2'],
      template: {
        spec: {
          nodeSelector: { pool: 'gpu' },
          tolerations: [{ key: 'pool', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }],
        },
      },
    });
    const parts = {
      ...d,
      nodeViews,
      budgets: [labelPdb({ name: 'web', matchLabels: web, maxUnavailable: 1 })],
    };
    const whole = forecast(parts, {
      nodes: ['gpu-1', 'gpu-2'],
      strategy: { maxUnavailable: 2, maxSurge: 0 },
    });
    expect(whole.stall?.reasons).toStrictEqual(['replacement-unschedulable']);
    expect(whole.steps[0]?.replacements).toStrictEqual([
      {
        pod: { kind: 'Pod', namespace: 'default', name: 'web-6d4f8c7b9-bnx2k-r1' },
        readySeconds: 0,
      },
    ]);
    // One node at a time, the replacement goes to the other gpu node, never to general-1.
    const oneByOne = forecast(parts, { nodes: ['gpu-1', 'gpu-2'] });
    expect(oneByOne.verdict).toBe('completes');
    expect(oneByOne.steps[0]?.replacements.map((r) => r.node)).toStrictEqual(['gpu-2']);
    // A surge node is shaped like the pool's (labels, taint), so it takes the replacement.
    const surge = forecast(parts, {
      nodes: ['gpu-1', 'gpu-2'],
      strategy: { maxUnavailable: 2, maxSurge: 1 },
    });
    expect(surge.verdict).toBe('completes');
    expect(surge.steps[0]?.replacements.map((r) => r.node)).toStrictEqual([
      'gpu-1-surge-1',
      'gpu-1-surge-1',
    ]);
  });

  it('keeps a scaled-up pod no node has room for Pending, healthy for no budget, until a surge node takes it', () => {
    const d = deployment({ name: 'web', replicas: 2, labels: web, nodes: ['node-a', 'node-b'] });
    const full = { allocatable: { pods: '1' } };
    const parts = {
      ...d,
      nodes: ['node-a', 'node-b'],
      nodeViews: [node('node-a', true, full), node('node-b', true, full)],
      budgets: [labelPdb({ name: 'web', matchLabels: web, minAvailable: 2 })],
    };
    const scaled = (maxSurge: number) =>
      applyChanges(
        {
          index: clusterOf(parts),
          nodes: ['node-a', 'node-b'],
          strategy: { maxUnavailable: 1, maxSurge },
          drain: KUBECTL_DEFAULTS,
          timings: TIMINGS,
          now: NOW,
        },
        [
          {
            kind: 'scale',
            workload: { kind: 'Deployment', namespace: 'default', name: 'web' },
            replicas: 3,
            template: { kind: 'Pod', namespace: 'default', name: 'web-6d4f8c7b9-bnx2k' },
          },
        ],
      );
    // Counted Ready where it runs nowhere, it would let the budget allow an eviction at once.
    const noRoom = forecastUpgrade(scaled(0));
    expect({
      stall: summary(noRoom).stall,
      steps: summary(noRoom).steps,
      pending: noRoom.stall?.pods[0]?.pendingReplacements,
      explanation: noRoom.stall?.pods[0]?.explanation,
    }).toStrictEqual({
      stall: {
        step: 1,
        node: 'node-a',
        pods: ['web-6d4f8c7b9-bnx2k replacement-unschedulable 429'],
        budgets: ['web'],
      },
      steps: [{ nodes: 'node-a', evicted: [], from: 0, to: 0 }],
      pending: [{ kind: 'Pod', namespace: 'default', name: 'web-6d4f8c7b9-bnx2k-scaled-1' }],
      explanation:
        'No schedulable node can take web-6d4f8c7b9-bnx2k-scaled-1, so it never becomes Ready and web refuses this pod (429) for ever.',
    });
    // A surge node takes it at once; Ready 30 s later, it lets the first eviction through.
    const surge = forecastUpgrade(scaled(1));
    expect({ verdict: surge.verdict, first: summary(surge).steps[0] }).toStrictEqual({
      verdict: 'completes',
      first: { nodes: 'node-a', evicted: ['web-6d4f8c7b9-bnx2k'], from: 0, to: 30 + 90 },
    });
  });

  it('refuses a node with a bare pod unless --force, as kubectl does', () => {
    const bare = pod({ name: 'debug', labels: { run: 'debug' }, node: 'node-b' });
    const refused = forecast({ pods: [bare] });
    expect(summary(refused)).toStrictEqual({
      verdict: 'stalls',
      steps: [
        { nodes: 'node-a', evicted: [], from: 0, to: 90 },
        { nodes: 'node-b', evicted: [], from: 90, to: 90 },
      ],
      stall: { step: 2, node: 'node-b', pods: ['debug kubectl-refuses 0'], budgets: [] },
      duration: 90,
    });
    const forced = forecast({ pods: [bare] }, { drain: { ...KUBECTL_DEFAULTS, force: true } });
    expect(forced.verdict).toBe('completes');
    expect(forced.steps[1]?.evicted.map((p) => p.name)).toStrictEqual(['debug']);
  });

  it('drains in the order given and counts a step per batch', () => {
    const d = deployment({
      name: 'web',
      replicas: 4,
      labels: web,
      nodes: ['node-a', 'node-b', 'node-c', 'node-d'],
    });
    const f = forecast(
      { ...d, nodes: ['node-a', 'node-b', 'node-c', 'node-d'] },
      {
        nodes: ['node-d', 'node-b', 'node-c', 'node-a'],
        strategy: { maxUnavailable: 2, maxSurge: 0 },
      },
    );
    expect(f.steps.map((s) => s.nodes)).toStrictEqual([
      ['node-d', 'node-b'],
      ['node-c', 'node-a'],
    ]);
    expect(f.verdict).toBe('completes');
  });
});
