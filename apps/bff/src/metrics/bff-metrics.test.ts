import { pdbFromObject } from '@pdbscope/shared';
import { ClusterIndex } from '@pdbscope/shared/index';
import type { BudgetRow, NodeRow, SourceState } from '@pdbscope/shared/api';
import { noFlags, pdbRow, pubRow } from '@pdbscope/shared/testing';
import { ManualClock } from '@pdbscope/sim/clock';
import { describe, expect, it } from 'vitest';
import { analyze, type Analysis } from '../store/analysis.js';
import { zookeeper } from '../views/__fixtures__/zookeeper.js';
import { createBffMetrics, type BffMetricsInput } from './bff-metrics.js';

const NOW = new Date('2026-11-21T19:40:00Z');

const live: SourceState = {
  id: 'pods',
  resource: 'v1 pods',
  state: 'live',
  since: '2026-11-21T19:00:00.000Z',
  lastEventAt: '2026-11-21T19:39:57.500Z',
  objects: 3,
  forbiddenNamespaces: [],
};

function metricsOf(overrides: Partial<BffMetricsInput>) {
  return createBffMetrics({
    rows: () => [],
    analysis: () => undefined,
    sources: () => [],
    ready: () => true,
    sseClients: () => 0,
    analysisMs: () => undefined,
    clock: new ManualClock(NOW),
    processMetrics: false,
    ...overrides,
  });
}

/** The lines of one family (HELP, TYPE, samples) in the exposition. */
function family(text: string, name: string): string {
  return text
    .split('\n')
    .filter(
      (l) =>
        l.startsWith(`# HELP ${name} `) ||
        l.startsWith(`# TYPE ${name} `) ||
        l.startsWith(`${name}{`) ||
        l.startsWith(`${name} `),
    )
    .join('\n');
}

describe('GET /metrics families', () => {
  it('exposes each budget under kind, namespace and name, a PUB under the PDB names', async () => {
    const rows: BudgetRow[] = [
      pdbRow('data', 'zookeeper', {
        currentHealthy: 2,
        disruptionsAllowed: 0,
        flags: { ...noFlags, blocking: true, mismatch: true },
      }),
      pubRow('shop', 'cart', { flags: { ...noFlags, stale: true } }),
    ];
    const { exposition: registry } = metricsOf({ rows: () => rows });
    const text = await registry.metrics();
    expect(family(text, 'pdbscope_budget_disruptions_allowed')).toBe(
      [
        '# HELP pdbscope_budget_disruptions_allowed Pod disruptions the budget allows now, as its status reports (a PUB: unavailableAllowed).',
        '# TYPE pdbscope_budget_disruptions_allowed gauge',
        'pdbscope_budget_disruptions_allowed{kind="PodDisruptionBudget",namespace="data",name="zookeeper"} 0',
        'pdbscope_budget_disruptions_allowed{kind="PodUnavailableBudget",namespace="shop",name="cart"} 1',
      ].join('\n'),
    );
    const samples = (name: string) =>
      family(text, name)
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .map((l) => l.replace(/\{.*name="([^"]+)"\}/, ' $1'));
    expect({
      current: samples('pdbscope_budget_current_healthy_pods'),
      desired: samples('pdbscope_budget_desired_healthy_pods'),
      expected: samples('pdbscope_budget_expected_pods'),
      blocking: samples('pdbscope_budget_blocking'),
      stale: samples('pdbscope_budget_status_stale'),
      differs: samples('pdbscope_budget_status_differs'),
    }).toStrictEqual({
      current: [
        'pdbscope_budget_current_healthy_pods zookeeper 2',
        'pdbscope_budget_current_healthy_pods cart 4',
      ],
      desired: [
        'pdbscope_budget_desired_healthy_pods zookeeper 2',
        'pdbscope_budget_desired_healthy_pods cart 3',
      ],
      expected: [
        'pdbscope_budget_expected_pods zookeeper 3',
        'pdbscope_budget_expected_pods cart 4',
      ],
      blocking: ['pdbscope_budget_blocking zookeeper 1', 'pdbscope_budget_blocking cart 0'],
      stale: ['pdbscope_budget_status_stale zookeeper 0', 'pdbscope_budget_status_stale cart 1'],
      differs: [
        'pdbscope_budget_status_differs zookeeper 1',
        'pdbscope_budget_status_differs cart 0',
      ],
    });
  });

  it('has no sample for what it cannot know of a budget whose pods are not visible', async () => {
    const hidden = 'pods not visible: no permission to list pods in data';
    const rows: BudgetRow[] = [
      pdbRow('data', 'zookeeper', { notVisible: { pods: hidden, recomputed: hidden } }),
      pdbRow('data', 'kafka', {
        disruptionsAllowed: 0,
        flags: { ...noFlags, blocking: true },
        notVisible: { pods: hidden, recomputed: hidden },
      }),
      pdbRow('shop', 'web'),
    ];
    const text = await metricsOf({ rows: () => rows }).exposition.metrics();
    expect(
      [
        'pdbscope_budget_pods_visible',
        'pdbscope_budget_blocking',
        'pdbscope_budget_status_differs',
        'pdbscope_budget_disruptions_allowed',
      ].map((name) => family(text, name).split('\n').slice(1)),
    ).toStrictEqual([
      [
        '# TYPE pdbscope_budget_pods_visible gauge',
        'pdbscope_budget_pods_visible{kind="PodDisruptionBudget",namespace="data",name="zookeeper"} 0',
        'pdbscope_budget_pods_visible{kind="PodDisruptionBudget",namespace="data",name="kafka"} 0',
        'pdbscope_budget_pods_visible{kind="PodDisruptionBudget",namespace="shop",name="web"} 1',
      ],
      [
        '# TYPE pdbscope_budget_blocking gauge',
        // Blocking by its reported status is known; not blocking is not, without its pods.
        'pdbscope_budget_blocking{kind="PodDisruptionBudget",namespace="data",name="kafka"} 1',
        'pdbscope_budget_blocking{kind="PodDisruptionBudget",namespace="shop",name="web"} 0',
      ],
      [
        '# TYPE pdbscope_budget_status_differs gauge',
        'pdbscope_budget_status_differs{kind="PodDisruptionBudget",namespace="shop",name="web"} 0',
      ],
      [
        '# TYPE pdbscope_budget_disruptions_allowed gauge',
        'pdbscope_budget_disruptions_allowed{kind="PodDisruptionBudget",namespace="data",name="zookeeper"} 1',
        'pdbscope_budget_disruptions_allowed{kind="PodDisruptionBudget",namespace="data",name="kafka"} 0',
        'pdbscope_budget_disruptions_allowed{kind="PodDisruptionBudget",namespace="shop",name="web"} 1',
      ],
    ]);
  });

  it('escapes label values as the text format wants', async () => {
    const { registry } = metricsOf({
      sources: () => [{ ...live, id: 'pods@we"ird\\ns' }],
    });
    expect(family(await registry.metrics(), 'pdbscope_source_objects')).toContain(
      'pdbscope_source_objects{source="pods@we\\"ird\\\\ns"} 3',
    );
  });

  it('counts overlapping budgets, pods under several budgets and findings from the analysis', async () => {
    const { sts, pods, pdb } = zookeeper();
    const second = pdbFromObject({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'zookeeper-all', namespace: 'data', uid: 'pdb-2', generation: 1 },
      spec: {
        minAvailable: 1,
        selector: { matchLabels: { 'app.kubernetes.io/name': 'zookeeper' } },
      },
      status: {
        observedGeneration: 1,
        expectedPods: 3,
        desiredHealthy: 1,
        currentHealthy: 3,
        disruptionsAllowed: 2,
      },
    });
    if (!second.ok) throw new Error(second.error);
    const index = new ClusterIndex(
      { now: NOW },
      { pods, nodes: [], workloads: [sts], budgets: [pdb, second.value] },
    );
    const analysis: Analysis = analyze({ index, namespaces: ['data'], now: NOW });
    const { registry } = metricsOf({ analysis: () => analysis });
    const text = await registry.metrics();
    expect(
      [
        'pdbscope_overlapping_budgets',
        'pdbscope_pods_with_multiple_budgets',
        'pdbscope_pods_without_budget',
      ]
        .map((n) => family(text, n))
        .join('\n'),
    ).toBe(
      [
        '# HELP pdbscope_overlapping_budgets Budgets that share live pods with another (overlap="live": evicting those pods fails) or whose selectors could share one (overlap="potential").',
        '# TYPE pdbscope_overlapping_budgets gauge',
        'pdbscope_overlapping_budgets{overlap="live"} 2',
        'pdbscope_overlapping_budgets{overlap="potential"} 0',
        '# HELP pdbscope_pods_with_multiple_budgets Pods selected by more than one budget (their eviction fails with a 500).',
        '# TYPE pdbscope_pods_with_multiple_budgets gauge',
        'pdbscope_pods_with_multiple_budgets 3',
        '# HELP pdbscope_pods_without_budget Pods of replicated workloads that no budget selects.',
        '# TYPE pdbscope_pods_without_budget gauge',
        'pdbscope_pods_without_budget 0',
      ].join('\n'),
    );
    expect(family(text, 'pdbscope_findings')).toBe(
      [
        '# HELP pdbscope_findings Findings of the catalogue, by rule and severity.',
        '# TYPE pdbscope_findings gauge',
        'pdbscope_findings{rule="pods-under-multiple-budgets",severity="error"} 1',
      ].join('\n'),
    );
  });

  it('has no cluster-wide sample before the first analysis (absent, not 0)', async () => {
    const text = await metricsOf({}).registry.metrics();
    expect(text).toContain('# TYPE pdbscope_pods_with_multiple_budgets gauge');
    expect(text).not.toMatch(/^pdbscope_(overlapping|pods_|findings)/m);
  });

  it('counts nodes by actor and drainable now, every state named, none before the first sync', async () => {
    const node = (
      name: string,
      state: NodeRow['drainableNow']['state'],
      blockedFor: NodeRow['blockedFor'],
      labels: NodeRow['labels'] = {},
    ): NodeRow => ({
      name,
      known: true,
      ready: true,
      unschedulable: false,
      labels,
      taints: [],
      pods: 3,
      budgetedPods: 2,
      drainableNow: { state, pods: [], podCount: 0, budgets: [], budgetCount: 0, reason: '' },
      blockedFor,
    });
    const rows = [
      node('worker-1', 'stuck', ['kubectl-drain', 'cluster-autoscaler']),
      node('worker-2', 'stuck', ['kubectl-drain']),
      node('worker-3', 'drainable', ['cluster-autoscaler']),
      // Karpenter's: counted for it, blocked or not; the others are not its nodes.
      node('flex-1', 'drainable', ['karpenter'], { 'karpenter.sh/nodepool': 'flex' }),
      node('flex-2', 'drainable', [], { 'karpenter.sh/nodepool': 'flex' }),
      node('worker-4', 'unknown', []),
    ];
    const text = await metricsOf({ nodes: () => rows }).registry.metrics();
    expect(family(text, 'pdbscope_nodes')).toBe(
      [
        '# HELP pdbscope_nodes Nodes by actor and what it would do now: kubectl drain would finish (drainable), be refused by its filters (refused), leave pods whose eviction is refused (stuck), or is not known because pods or budgets are not visible (unknown); cluster-autoscaler and karpenter (on the nodes it manages) would remove the node (removable) or not (blocked), or not known (unknown).',
        '# TYPE pdbscope_nodes gauge',
        'pdbscope_nodes{actor="kubectl-drain",drainable_now="drainable"} 3',
        'pdbscope_nodes{actor="kubectl-drain",drainable_now="refused"} 0',
        'pdbscope_nodes{actor="kubectl-drain",drainable_now="stuck"} 2',
        'pdbscope_nodes{actor="kubectl-drain",drainable_now="unknown"} 1',
        'pdbscope_nodes{actor="cluster-autoscaler",drainable_now="removable"} 3',
        'pdbscope_nodes{actor="cluster-autoscaler",drainable_now="blocked"} 2',
        'pdbscope_nodes{actor="cluster-autoscaler",drainable_now="unknown"} 1',
        'pdbscope_nodes{actor="karpenter",drainable_now="removable"} 1',
        'pdbscope_nodes{actor="karpenter",drainable_now="blocked"} 1',
        'pdbscope_nodes{actor="karpenter",drainable_now="unknown"} 0',
      ].join('\n'),
    );
    const before = await metricsOf({ nodes: () => undefined }).registry.metrics();
    expect(before).not.toMatch(/^pdbscope_nodes\{/m);
  });

  it("reports the BFF's health: sources, watch counters, clients, analysis time", async () => {
    const degraded: SourceState = {
      ...live,
      id: 'poddisruptionbudgets.policy',
      state: 'degraded',
      reason: 'connection refused',
      lastEventAt: '2026-11-21T19:38:00.000Z',
    };
    const { registry, telemetry } = metricsOf({
      sources: () => [
        live,
        degraded,
        { ...live, id: 'nodes', state: 'syncing', lastEventAt: undefined } as SourceState,
      ],
      sseClients: () => 2,
      analysisMs: () => 42,
      ready: () => false,
    });
    telemetry.handled('pods', 'upsert');
    telemetry.handled('pods', 'upsert');
    telemetry.handled('pods', 'delete');
    telemetry.restarted('poddisruptionbudgets.policy');
    const text = await registry.metrics();
    expect(
      [
        'pdbscope_ready',
        'pdbscope_source_state',
        'pdbscope_source_last_event_age_seconds',
        'pdbscope_sse_clients',
        'pdbscope_analysis_duration_seconds',
        'pdbscope_watch_restarts_total',
        'pdbscope_watch_events_total',
      ]
        .map((n) =>
          family(text, n)
            .split('\n')
            .filter((l) => !l.startsWith('# HELP'))
            .join('\n'),
        )
        .join('\n'),
    ).toBe(
      [
        '# TYPE pdbscope_ready gauge',
        'pdbscope_ready 0',
        '# TYPE pdbscope_source_state gauge',
        'pdbscope_source_state{source="pods",state="syncing"} 0',
        'pdbscope_source_state{source="pods",state="live"} 1',
        'pdbscope_source_state{source="pods",state="degraded"} 0',
        'pdbscope_source_state{source="pods",state="credentials"} 0',
        'pdbscope_source_state{source="pods",state="refused"} 0',
        'pdbscope_source_state{source="pods",state="absent"} 0',
        'pdbscope_source_state{source="poddisruptionbudgets.policy",state="syncing"} 0',
        'pdbscope_source_state{source="poddisruptionbudgets.policy",state="live"} 0',
        'pdbscope_source_state{source="poddisruptionbudgets.policy",state="degraded"} 1',
        'pdbscope_source_state{source="poddisruptionbudgets.policy",state="credentials"} 0',
        'pdbscope_source_state{source="poddisruptionbudgets.policy",state="refused"} 0',
        'pdbscope_source_state{source="poddisruptionbudgets.policy",state="absent"} 0',
        'pdbscope_source_state{source="nodes",state="syncing"} 1',
        'pdbscope_source_state{source="nodes",state="live"} 0',
        'pdbscope_source_state{source="nodes",state="degraded"} 0',
        'pdbscope_source_state{source="nodes",state="credentials"} 0',
        'pdbscope_source_state{source="nodes",state="refused"} 0',
        'pdbscope_source_state{source="nodes",state="absent"} 0',
        '# TYPE pdbscope_source_last_event_age_seconds gauge',
        'pdbscope_source_last_event_age_seconds{source="pods"} 2.5',
        'pdbscope_source_last_event_age_seconds{source="poddisruptionbudgets.policy"} 120',
        '# TYPE pdbscope_sse_clients gauge',
        'pdbscope_sse_clients 2',
        '# TYPE pdbscope_analysis_duration_seconds gauge',
        'pdbscope_analysis_duration_seconds 0.042',
        '# TYPE pdbscope_watch_restarts_total counter',
        'pdbscope_watch_restarts_total{source="poddisruptionbudgets.policy"} 1',
        '# TYPE pdbscope_watch_events_total counter',
        'pdbscope_watch_events_total{source="pods",type="upsert"} 2',
        'pdbscope_watch_events_total{source="pods",type="delete"} 1',
      ].join('\n'),
    );
  });

  it('adds the process metrics of prom-client when asked', async () => {
    const text = await metricsOf({ processMetrics: true }).registry.metrics();
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });
});
