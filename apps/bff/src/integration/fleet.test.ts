import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  BudgetListResponse,
  FleetBudgetsResponse,
  FleetCluster,
  FleetResponse,
  NodesResponse,
} from '@pdbscope/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { kubeConfigFromString } from '../kube/kubeconfig.js';
import { startBff, type Bff } from '../server.js';
import { ACTORS, nodeActorState } from '../metrics/node-metrics.js';
import { getJson, startHarness, type Harness } from './harness.js';
import { freePort, startPrometheus, type PrometheusServer } from './prometheus-server.js';

// Two simulated clusters, each with its BFF, scraped by one Prometheus that labels each target
// with its cluster; a third BFF reads the fleet from that Prometheus.
let eu: Harness;
let us: Harness;
let prometheus: PrometheusServer;
let fleet: Bff;
let usStopped = false;
const US_URL = 'https://pdbscope.us-1.example.com/';

beforeAll(async () => {
  [eu, us] = await Promise.all([
    startHarness(),
    startHarness({ namespaces: ['zookeeper', 'payments'], publicUrl: US_URL }),
  ]);
  await Promise.all([eu.bff.ready(), us.bff.ready()]);
  prometheus = await startPrometheus({
    targets: [
      { target: new URL(eu.bff.url).host, labels: { cluster: 'eu-1' } },
      { target: new URL(us.bff.url).host, labels: { cluster: 'us-1' } },
    ],
  });
  fleet = await startBff({
    source: { kind: 'cluster', cluster: kubeConfigFromString(eu.sim.kubeconfig()) },
    logger: pino({ level: 'silent' }),
    port: 0,
    fleet: {
      prometheus: prometheus.url,
      links: new Map([['eu-1', eu.bff.url]]),
      reuseMs: 0,
    },
  });
}, 90_000);
afterAll(async () => {
  await fleet?.close();
  await prometheus?.stop();
  await Promise.all([eu?.close(), usStopped ? us?.sim.close() : us?.close()]);
});

/** What a cluster's own BFF says, in the fleet's terms. */
async function ownFigures(bff: Bff) {
  const { body: budgets } = await getJson<BudgetListResponse>(bff, '/api/budgets');
  const { body: nodes } = await getJson<NodesResponse>(bff, '/api/nodes');
  const since = budgets.items
    .filter((r) => r.flags.blocking && r.blockingSince !== undefined)
    .map((r) => Date.parse(r.blockingSince ?? ''))
    .sort((a, b) => a - b)[0];
  // Each actor's count of its nodes by state, as the exporter splits pdbscope_nodes.
  const byState = new Map<string, number>();
  for (const node of nodes.items)
    for (const actor of ACTORS) {
      const state = nodeActorState(node, actor);
      if (state !== undefined)
        byState.set(`${actor} ${state}`, (byState.get(`${actor} ${state}`) ?? 0) + 1);
    }
  const states: Record<string, readonly string[]> = {
    'kubectl-drain': ['drainable', 'refused', 'stuck', 'unknown'],
    'cluster-autoscaler': ['removable', 'blocked', 'unknown'],
    karpenter: ['removable', 'blocked', 'unknown'],
  };
  return {
    budgets: budgets.summary.budgets,
    blocking: budgets.summary.blocking,
    blockingSince: since === undefined ? null : new Date(since).toISOString(),
    overlappingBudgets: budgets.summary.overlapping,
    podsWithMultipleBudgets: budgets.summary.podsWithMultipleBudgets,
    podsWithoutBudget: budgets.summary.podsWithoutBudget,
    nodes: ACTORS.flatMap((actor) =>
      (states[actor] ?? []).map(
        (state) => `${actor} ${state} ${byState.get(`${actor} ${state}`) ?? 0}`,
      ),
    ).sort(),
  };
}

function fleetFigures(c: FleetCluster | undefined) {
  return {
    budgets: c?.budgets,
    blocking: c?.blocking,
    blockingSince: c?.blockingSince,
    overlappingBudgets: c?.overlappingBudgets,
    podsWithMultipleBudgets: c?.podsWithMultipleBudgets,
    podsWithoutBudget: c?.podsWithoutBudget,
    nodes: c?.nodes?.map((n) => `${n.actor ?? '-'} ${n.drainableNow} ${n.nodes}`).sort(),
  };
}

const fleetNow = async () => (await getJson<FleetResponse>(fleet, '/api/fleet')).body;
const clusterIn = (answer: FleetResponse, name: string) =>
  answer.clusters.find((c) => c.cluster === name);

describe('the fleet view over a real Prometheus', () => {
  it("lists both clusters with the figures each one's own BFF answers", async () => {
    const own = { eu: await ownFigures(eu.bff), us: await ownFigures(us.bff) };
    // Both namespaces-limited and full: the two clusters' figures differ.
    expect(own.us.budgets).toBeLessThan(own.eu.budgets);
    await expect
      .poll(
        async () => {
          const answer = await fleetNow();
          return {
            eu: fleetFigures(clusterIn(answer, 'eu-1')),
            us: fleetFigures(clusterIn(answer, 'us-1')),
          };
        },
        { timeout: 30_000, interval: 500 },
      )
      .toStrictEqual(own);
    const answer = await fleetNow();
    expect({
      errors: answer.errors,
      warnings: answer.warnings,
      label: answer.label,
      clusters: answer.clusters.map((c) => [c.cluster, c.status, c.reason, c.url, c.urlFrom]),
    }).toStrictEqual({
      errors: [],
      warnings: [],
      label: 'cluster',
      clusters: [
        // The worst first: the full demo has more blocking budgets.
        ['eu-1', 'up', 'pdbscope_ready is 1: scraped now, synced', eu.bff.url, 'links'],
        ['us-1', 'up', 'pdbscope_ready is 1: scraped now, synced', US_URL, 'pdbscope_info'],
      ],
    });
    expect(own.eu.blocking).toBeGreaterThan(own.us.blocking);
    for (const c of answer.clusters) {
      expect(c.lastScrapeAgeSeconds).toBeGreaterThanOrEqual(0);
      expect(c.lastScrapeAgeSeconds).toBeLessThan(5);
    }
  });

  it("lists a cluster's budgets as its series say", async () => {
    const { body: own } = await getJson<BudgetListResponse>(us.bff, '/api/budgets');
    const { status, body } = await getJson<FleetBudgetsResponse>(
      fleet,
      '/api/fleet/clusters/us-1/budgets',
    );
    const expected = own.items
      .map((r) => ({
        kind: r.kind,
        namespace: r.namespace,
        name: r.name,
        ...(r.kind === 'PodDisruptionBudget'
          ? {
              disruptionsAllowed: r.disruptionsAllowed,
              currentHealthy: r.currentHealthy,
              desiredHealthy: r.desiredHealthy,
              expectedPods: r.expectedPods,
            }
          : {
              disruptionsAllowed: r.unavailableAllowed,
              currentHealthy: r.currentAvailable,
              desiredHealthy: r.desiredAvailable,
              expectedPods: r.totalReplicas,
            }),
        blocking: r.flags.blocking,
        blockingSince: r.flags.blocking ? (r.blockingSince ?? null) : null,
      }))
      .sort((a, b) => Number(b.blocking) - Number(a.blocking));
    expect(expected.length).toBeGreaterThan(0);
    expect([status, body.cluster, body.errors, body.budgets]).toStrictEqual([
      200,
      'us-1',
      [],
      expected.map((b) => ({
        ...b,
        blockingSince: b.blockingSince === null ? null : new Date(b.blockingSince).toISOString(),
      })),
    ]);
  });

  it("runs the Grafana dashboard's queries, its fleet row listing both clusters", async () => {
    const file = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../../deploy/monitoring/grafana-dashboard.json',
    );
    const dashboard = JSON.parse(await readFile(file, 'utf8')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const asGrafana = (expr: string) =>
      expr.replace(/\$(cluster|namespace|budget)\b/g, '.*').replace(/\$__rate_interval/g, '1m');
    const answers = await Promise.all(
      dashboard.panels.flatMap((panel) =>
        (panel.targets ?? []).map(async (t) => ({
          panel: panel.title,
          result: await prometheus.query(asGrafana(t.expr)),
        })),
      ),
    );
    expect(answers.length).toBeGreaterThan(20);
    const clusters = answers
      .filter((a) => a.panel === 'Clusters')
      .map((a) => a.result.map((r) => r.metric['cluster']).sort());
    expect(clusters).toStrictEqual(Array.from({ length: 5 }, () => ['eu-1', 'us-1']));
  });

  it('turns a stopped cluster absent once its scrape fails, and keeps listing it', async () => {
    await us.bff.close();
    usStopped = true;
    await expect
      .poll(
        async () => {
          const c = clusterIn(await fleetNow(), 'us-1');
          return c && [c.status, c.reason, c.blocking, c.budgets];
        },
        { timeout: 15_000, interval: 250 },
      )
      .toStrictEqual([
        'absent',
        'its scrape target fails (up is 0): no pdbscope_ready sample now',
        null,
        null,
      ]);
    const answer = await fleetNow();
    // Absent first: nobody watches that cluster now.
    expect(answer.clusters.map((c) => [c.cluster, c.status])).toStrictEqual([
      ['us-1', 'absent'],
      ['eu-1', 'up'],
    ]);
  });

  it('says so when Prometheus cannot be reached, guessing nothing', async () => {
    const port = await freePort();
    const blind = await startBff({
      source: { kind: 'cluster', cluster: kubeConfigFromString(eu.sim.kubeconfig()) },
      logger: pino({ level: 'silent' }),
      port: 0,
      fleet: { prometheus: `http://127.0.0.1:${port}/`, links: new Map([['eu-1', eu.bff.url]]) },
    });
    try {
      const { status, body } = await getJson<FleetResponse>(blind, '/api/fleet');
      expect(status).toBe(200);
      expect({
        clusters: body.clusters.map((c) => [c.cluster, c.status, c.budgets, c.url]),
        errorKinds: [...new Set(body.errors.map((e) => e.kind))],
        errors: body.errors.length,
        message: body.errors[0]?.message,
      }).toStrictEqual({
        clusters: [['eu-1', 'unknown', null, eu.bff.url]],
        errorKinds: ['unreachable'],
        errors: 15,
        message: `fetch failed: connect ECONNREFUSED 127.0.0.1:${port}`,
      });
    } finally {
      await blind.close();
    }
  });

  it('answers 404 where no fleet is configured, and says it is in /api/cluster', async () => {
    const { status, body } = await getJson<{ detail: string }>(eu.bff, '/api/fleet');
    const own = await getJson<{ fleetConfigured?: boolean }>(eu.bff, '/api/cluster');
    const fleets = await getJson<{ fleetConfigured?: boolean }>(fleet, '/api/cluster');
    expect([
      status,
      body.detail,
      own.body.fleetConfigured,
      fleets.body.fleetConfigured,
    ]).toStrictEqual([
      404,
      'the fleet view is not configured: start pdbscope with --fleet-prometheus URL (a Prometheus that scrapes every cluster)',
      false,
      true,
    ]);
  });
});
