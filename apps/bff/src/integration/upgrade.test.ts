import type { SimulateUpgradeResponse } from '@pdbscope/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.bff.ready();
});
afterAll(async () => {
  await h.close();
});

const post = (body: unknown) =>
  getJson<unknown>(h.bff, '/api/simulate/upgrade', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const options = { ignoreDaemonSets: true, deleteEmptyDirData: true };

describe('POST /api/simulate/upgrade against the simulated demo cluster', () => {
  it('forecasts the payments pool stalling on payments-1, and a fix that lets it complete', async () => {
    const answer = await post({ selector: 'pdbscope.dev/pool=payments', ...options });
    expect(answer.status).toBe(200);
    const { forecast, fixes } = answer.body as SimulateUpgradeResponse;
    expect({
      verdict: forecast.verdict,
      nodes: forecast.nodes,
      node: forecast.stall?.node,
      reasons: forecast.stall?.reasons,
      budgets: forecast.stall?.budgets,
      stuck: forecast.stall?.pods.map((p) => [
        p.pod.split('-').slice(0, 2).join('-'),
        p.httpStatus,
      ]),
    }).toStrictEqual({
      verdict: 'stalls',
      nodes: ['payments-1', 'payments-2'],
      node: 'payments-1',
      reasons: ['no-disruption-allowed'],
      budgets: [{ kind: 'PodDisruptionBudget', namespace: 'payments', name: 'payments-api' }],
      stuck: [['payments/payments-api', 429]],
    });
    expect(fixes.map((f) => `${f.outcome}: ${f.title}`)).toStrictEqual([
      'completes: Scale Deployment payments/payments-api to 3 replicas',
      "completes: Lower PodDisruptionBudget payments/payments-api's minAvailable to 1",
    ]);
    const fixed = await post({
      selector: 'pdbscope.dev/pool=payments',
      ...options,
      changes: fixes[1]?.changes,
    });
    const again = (fixed.body as SimulateUpgradeResponse).forecast;
    expect([again.verdict, again.steps.length]).toStrictEqual(['completes', 2]);
  });

  it('forecasts the batch pool completing one node at a time', async () => {
    const answer = await post({ selector: 'pdbscope.dev/pool=batch', ...options });
    const { forecast, fixes } = answer.body as SimulateUpgradeResponse;
    expect({
      verdict: forecast.verdict,
      steps: forecast.steps.map((s) => [s.nodes, s.evicted.length, s.completed]),
      fixes,
    }).toStrictEqual({
      verdict: 'completes',
      steps: [
        [['batch-1'], 1, true],
        [['batch-2'], 2, true],
        [['batch-3'], 1, true],
      ],
      fixes: [],
    });
  });

  it('answers 400 saying what is wrong: unknown nodes, a selector matching nothing, negative counts', async () => {
    const answers = await Promise.all([
      post({ nodes: ['worker-1', 'no-such-node'] }),
      post({ selector: 'pdbscope.dev/pool=none' }),
      post({ selector: 'pdbscope.dev/pool=batch', maxSurge: -1 }),
      post({ maxSurge: 1 }),
    ]);
    expect(answers.map((a) => a.status)).toStrictEqual([400, 400, 400, 400]);
    const details = answers.map((a) => JSON.stringify(a.body));
    expect(details[0]).toContain('unknown node: no-such-node');
    expect(details[1]).toContain('node selector \\"pdbscope.dev/pool=none\\" matches no node');
    expect(details[2]).toContain('maxSurge');
    expect(details[3]).toContain('give either selector or nodes');
  });
});
