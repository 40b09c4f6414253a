import type { Problem, WhatIfResponse } from '@pdbscope/shared/api';
import { ManualClock } from '@pdbscope/sim/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshList, getJson, startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  // The demo as seeded, held still (its Trino rollout would move pods between nodes).
  h = await startHarness({ sim: { clock: new ManualClock('2026-11-21T08:00:00Z') } });
  await h.bff.ready();
});
afterAll(async () => {
  await h.close();
});

const post = (body: unknown) =>
  getJson<unknown>(h.bff, '/api/what-if', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const paymentsApi = {
  kind: 'PodDisruptionBudget',
  namespace: 'payments',
  name: 'payments-api',
} as const;
const selector = 'selector:\n  matchLabels:\n    app.kubernetes.io/name: payments-api\n';
const drainOptions = { ignoreDaemonSets: true, deleteEmptyDirData: true };

describe('POST /api/what-if against the simulated demo cluster', () => {
  it('answers a budget spec edit: figures before → after, the payments nodes turned drainable, the forecast completing; nothing written', async () => {
    const before = await freshList(h.sim);
    const answer = await post({
      budgetSpecs: [{ budget: paymentsApi, spec: `minAvailable: 1\n${selector}` }],
      upgrade: { selector: 'pdbscope.dev/pool=payments', ...drainOptions },
    });
    expect(answer.status).toBe(200);
    const body = answer.body as WhatIfResponse;
    const figures = (minAvailable: number, desiredHealthy: number, allowed: number) => ({
      minAvailable,
      maxUnavailable: null,
      selected: 2,
      expected: 2,
      desiredHealthy,
      currentHealthy: 2,
      allowed,
    });
    expect({ effects: body.effects, budgets: body.budgets, worse: body.worse }).toStrictEqual({
      effects: [
        {
          action: 'replaced',
          object: paymentsApi,
          cause: 'applied from budgetSpecs[0].spec: document 1',
        },
      ],
      budgets: [
        {
          budget: paymentsApi,
          before: figures(2, 2, 0),
          after: figures(1, 1, 1),
          meanwhile: null,
          syncPending: true,
        },
      ],
      worse: [],
    });
    expect(body.nodes.map((n) => [n.node, n.before.state, n.after.state])).toStrictEqual([
      ['payments-1', 'stuck', 'drainable'],
      ['payments-2', 'stuck', 'drainable'],
    ]);
    expect(body.findings.removed.map((f) => f.id)).toStrictEqual([
      'never-allows-disruption:PodDisruptionBudget/payments/payments-api',
    ]);
    expect([body.forecast?.before.verdict, body.forecast?.after.verdict]).toStrictEqual([
      'stalls',
      'completes',
    ]);
    expect(await freshList(h.sim)).toStrictEqual(before);
  });

  it('names what gets worse: a budget turned to maxUnavailable 0 blocks and its nodes turn undrainable', async () => {
    const answer = await post({
      apply: [
        {
          name: 'render-farm-pdb.yaml',
          text: 'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: render-farm\nspec:\n  maxUnavailable: 0\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: render-farm\n',
        },
      ],
      namespace: 'render',
    });
    const body = answer.body as WhatIfResponse;
    expect({
      placed: body.placedInNamespace,
      allowed: body.budgets.map((b) => [b.budget.name, b.before?.allowed, b.after?.allowed]),
      nodes: body.nodes.map((n) => [n.node, n.before.state, n.after.state]),
      worse: body.worse.map((w) => w.replace(/render-farm-\w+-\w+/, 'POD')),
    }).toStrictEqual({
      placed: { namespace: 'render', count: 1 },
      allowed: [['render-farm', 1, 0]],
      nodes: [
        ['batch-1', 'drainable', 'stuck'],
        ['batch-2', 'drainable', 'stuck'],
        ['batch-3', 'drainable', 'stuck'],
      ],
      worse: [
        ...['batch-1', 'batch-2', 'batch-3'].map(
          (node) =>
            `node ${node} becomes undrainable: eviction of render/POD refused now, 429 (render-farm): Cannot evict pod as it would violate the pod's disruption budget.`,
        ),
        'PodDisruptionBudget render/render-farm starts blocking: it allows no disruption of its 3 pod(s)',
      ],
    });
  });

  it('refuses a spec the API server would refuse, with its message, naming the edit', async () => {
    const answer = await post({
      budgetSpecs: [
        { budget: paymentsApi, spec: `minAvailable: 1\nmaxUnavailable: 1\n${selector}` },
      ],
    });
    expect(answer.status).toBe(400);
    expect((answer.body as Problem).errors).toStrictEqual([
      {
        path: 'budgetSpecs[0].spec: document 1',
        message:
          'The PodDisruptionBudget "payments-api" is invalid: spec: Invalid value: {"selector":{"matchLabels":{"app.kubernetes.io/name":"payments-api"}},"minAvailable":1,"maxUnavailable":1}: minAvailable and maxUnavailable cannot be both set',
      },
    ]);
  });

  it('refuses a manifest that does not parse, naming its document and line', async () => {
    const answer = await post({
      apply: [{ name: 'pr.yaml', text: 'apiVersion: v1\nkind: ConfigMap\n---\nkind: [\n' }],
    });
    expect([answer.status, (answer.body as Problem).errors]).toStrictEqual([
      400,
      [
        {
          path: 'pr.yaml: document 2 (line 5)',
          message:
            'Flow sequence in block collection must be sufficiently indented and end with a ]',
        },
      ],
    ]);
  });

  it('refuses a budget or a workload the cluster does not have', async () => {
    const answer2 = await post({
      budgetSpecs: [{ budget: { ...paymentsApi, name: 'gone' }, spec: 'minAvailable: 1' }],
      scale: ['deploy/payments/nope=2'],
    });
    expect([answer2.status, (answer2.body as Problem).errors]).toStrictEqual([
      400,
      [{ path: 'budgetSpecs[0].budget', message: 'PodDisruptionBudget payments/gone not found' }],
    ]);
    const answer3 = await post({ scale: ['deploy/payments/nope=2'] });
    expect([answer3.status, (answer3.body as Problem).errors]).toStrictEqual([
      400,
      [
        {
          path: 'Deployment payments/nope',
          message: 'Deployment payments/nope is not in the snapshot',
        },
      ],
    ]);
  });
});
