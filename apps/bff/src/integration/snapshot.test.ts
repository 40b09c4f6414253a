import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  BudgetDetailResponse,
  BudgetListResponse,
  ClusterResponse,
  SimulateDrainResponse,
  NodesResponse,
} from '@pdbscope/shared/api';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBff, type Bff } from '../server.js';
import { getJson } from './harness.js';

// The shared snapshot reader's own fixture: a kubectl List of a small cluster.
const SNAPSHOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/shared/src/snapshot/__fixtures__/cluster.yaml',
);

let bff: Bff;
beforeAll(async () => {
  bff = await startBff({
    source: { kind: 'snapshot', file: SNAPSHOT },
    logger: pino({ level: 'silent' }),
    port: 0,
  });
  await bff.ready();
});
afterAll(async () => {
  await bff.close();
});

describe('a snapshot file as the source', () => {
  it('has analysed overlaps and findings by the time the first answers are read', async () => {
    const { summary } = (await getJson<BudgetListResponse>(bff, '/api/budgets')).body;
    expect([summary.overlapping, summary.podsWithMultipleBudgets]).toStrictEqual([2, 2]);
  });

  it('serves its budgets, each with a detail and YAML, and says where they come from', async () => {
    const cluster = (await getJson<ClusterResponse>(bff, '/api/cluster')).body;
    expect([
      cluster.source,
      cluster.ready,
      cluster.sources.map((s) => [s.id, s.state]),
    ]).toStrictEqual(['snapshot', true, [['snapshot', 'live']]]);
    const list = (await getJson<BudgetListResponse>(bff, '/api/budgets')).body.items;
    const first = list.find((b) => b.kind === 'PodDisruptionBudget');
    if (!first) throw new Error('no PDB in the snapshot');
    const detail = (
      await getJson<BudgetDetailResponse>(
        bff,
        `/api/budgets/PodDisruptionBudget/${first.namespace}/${first.name}`,
      )
    ).body;
    expect([
      detail.budget,
      detail.yaml.includes(`name: ${first.name}`),
      detail.yaml.startsWith('apiVersion: policy/'),
    ]).toStrictEqual([first, true, true]);
  });

  it('lists and drains the nodes its pods name although it holds no Node objects', async () => {
    const nodes = (await getJson<NodesResponse>(bff, '/api/nodes')).body.items;
    expect(nodes.map((n) => [n.name, n.known, n.pods])).toStrictEqual([
      ['kind-worker', false, 4],
      ['kind-worker2', false, 3],
      ['kind-worker3', false, 2],
    ]);
    const drain = await getJson<SimulateDrainResponse>(bff, '/api/simulate/drain', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ node: 'kind-worker' }),
    });
    expect([
      drain.status,
      drain.body.node,
      drain.body.verdict,
      drain.body.schedulingChecked,
    ]).toStrictEqual([200, 'kind-worker', 'stuck', false]);
    const unknown = await getJson<unknown>(bff, '/api/simulate/drain', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ node: 'kind-worker9' }),
    });
    expect(unknown.status).toBe(404);
  });
});
