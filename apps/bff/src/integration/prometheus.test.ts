import type {
  BudgetDetailResponse,
  BudgetHistoryResponse,
  BudgetListResponse,
  PdbRow,
} from '@pdbscope/shared/api';
import { budgetHistoryPath, budgetPath } from '@pdbscope/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { kubeConfigFromString } from '../kube/kubeconfig.js';
import { startBff } from '../server.js';
import { getJson, simControl, startHarness, type Harness } from './harness.js';
import { freePort, startPrometheus, type PrometheusServer } from './prometheus-server.js';

let h: Harness;
let prometheus: PrometheusServer;

beforeAll(async () => {
  h = await startHarness();
  await h.bff.ready();
  prometheus = await startPrometheus({ target: new URL(h.bff.url).host });
}, 60_000);
afterAll(async () => {
  await prometheus?.stop();
  await h?.close();
});

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('a real Prometheus scraping the BFF on the simulated cluster', () => {
  it('sees a budget allow fewer disruptions after one of its pods is made unready', async () => {
    const { body: list } = await getJson<BudgetListResponse>(h.bff, '/api/budgets');
    const row = list.items.find(
      (r): r is PdbRow =>
        r.kind === 'PodDisruptionBudget' && r.disruptionsAllowed > 0 && !r.flags.overlap,
    );
    if (!row) throw new Error('the demo has no PDB allowing a disruption');
    const { body: detail } = await getJson<BudgetDetailResponse>(h.bff, budgetPath(row));
    const pod = detail.lanes.available[0];
    if (!pod) throw new Error(`${row.name} has no available pod`);
    const series = `pdbscope_budget_disruptions_allowed{kind="PodDisruptionBudget",namespace="${row.namespace}",name="${row.name}"}`;
    const before = await until('the first scrape', async () => {
      const [sample] = await prometheus.query(series);
      return sample?.value;
    });
    expect(before).toBe(row.disruptionsAllowed);

    expect(
      await simControl(h.sim, `/_sim/pods/${pod.namespace}/${pod.name}/ready`, { ready: false }),
    ).toBe(200);

    const after = await until('the lower value in Prometheus', async () => {
      const [sample] = await prometheus.query(series);
      return sample && sample.value < before ? sample.value : undefined;
    });
    expect(after).toBe(before - 1);
    // Its history in the BFF's memory: the change, and the pod that became unready.
    const { body: history } = await getJson<BudgetHistoryResponse>(h.bff, budgetHistoryPath(row));
    expect({
      source: history.source,
      allowed: history.points.map((p) => p.disruptionsAllowed),
      marks: history.marks.map((m) => [m.type, m.pod]),
    }).toStrictEqual({
      source: 'memory',
      allowed: [before, before - 1],
      marks: [['unready', `${pod.namespace}/${pod.name}`]],
    });

    // A BFF started with --prometheus reads the same change back through range queries.
    const reading = await startBff({
      source: { kind: 'cluster', cluster: kubeConfigFromString(h.sim.kubeconfig()) },
      logger: pino({ level: 'silent' }),
      port: 0,
      prometheusUrl: prometheus.url,
      prometheusRangeMs: 5 * 60_000,
    });
    try {
      await reading.ready();
      const { body: timeline } = await getJson<BudgetHistoryResponse>(
        reading,
        budgetHistoryPath(row),
      );
      expect({
        source: timeline.source,
        allowed: timeline.points.map((p) => p.disruptionsAllowed),
        error: timeline.prometheusError,
      }).toStrictEqual({ source: 'prometheus', allowed: [before, before - 1], error: undefined });
      expect(Date.now() - Date.parse(timeline.from)).toBeGreaterThanOrEqual(5 * 60_000);
    } finally {
      await reading.close();
    }
  });

  it('says so when the --prometheus server cannot be reached, and answers from memory', async () => {
    const port = await freePort();
    const closed = await startBff({
      source: { kind: 'cluster', cluster: kubeConfigFromString(h.sim.kubeconfig()) },
      logger: pino({ level: 'silent' }),
      port: 0,
      prometheusUrl: `http://127.0.0.1:${port}/`,
    });
    try {
      await closed.ready();
      const { body: list } = await getJson<BudgetListResponse>(closed, '/api/budgets');
      const row = list.items[0];
      if (!row) throw new Error('no budget');
      const { body } = await getJson<BudgetHistoryResponse>(closed, budgetHistoryPath(row));
      expect({
        source: body.source,
        points: body.points.length,
        error: body.prometheusError,
      }).toStrictEqual({
        source: 'memory',
        points: 1,
        error: `Prometheus at http://127.0.0.1:${port}/ could not be read (fetch failed: connect ECONNREFUSED 127.0.0.1:${port})`,
      });
    } finally {
      await closed.close();
    }
  });

  it('answers 404 for the history of a budget the cluster does not have', async () => {
    const missing = await getJson<{ detail: string }>(
      h.bff,
      budgetHistoryPath({ kind: 'PodDisruptionBudget', namespace: 'data', name: 'nope' }),
    );
    const badKind = await getJson<{ detail: string }>(
      h.bff,
      '/api/budgets/Deployment/data/x/history',
    );
    expect([missing, badKind]).toStrictEqual([
      {
        status: 404,
        body: expect.objectContaining({ detail: 'PodDisruptionBudget data/nope not found' }),
      },
      {
        status: 404,
        body: expect.objectContaining({
          detail: 'no such budget kind "Deployment" (PodDisruptionBudget or PodUnavailableBudget)',
        }),
      },
    ]);
  });
});
