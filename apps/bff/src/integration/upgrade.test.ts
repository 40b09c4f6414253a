import type { SimulateUpgradeResponse } from '@pdbscope/shared/api';
import { ManualClock } from '@pdbscope/sim/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  // The demo as seeded, held still: on the wall clock its Trino rollout ends about a second in,
  // when the old workers leave worker-1, -4 and -6, and that moves where the general pool's
  // forecast would put a scaled-up pod, so which change it finds for orders-api.
  h = await startHarness({ sim: { clock: new ManualClock('2026-11-21T08:00:00Z') } });
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

  it('forecasts the gpu pool stalling on gpu-2: the first replacement is pinned to a node that is gone', async () => {
    const answer = await post({ selector: 'pdbscope.dev/pool=gpu', ...options });
    const { forecast, fixes } = answer.body as SimulateUpgradeResponse;
    const stuck = forecast.stall?.pods.map((p) => ({
      reason: p.reason,
      httpStatus: p.httpStatus,
      pending: p.pendingReplacements.length,
      budgets: p.budgets.map((b) => b.name),
    }));
    expect({
      steps: forecast.steps.map((s) => [s.nodes, s.evicted.length, s.completed]),
      node: forecast.stall?.node,
      stuck,
    }).toStrictEqual({
      steps: [
        [['gpu-1'], 1, true],
        [['gpu-2'], 0, false],
      ],
      node: 'gpu-2',
      stuck: [
        { reason: 'replacement-unschedulable', httpStatus: 429, pending: 1, budgets: ['denoiser'] },
      ],
    });
    // A surge node's name is new too, so only a budget letting both pods go completes.
    expect(fixes.map((f) => `${f.outcome}: ${f.title}`)).toStrictEqual([
      "completes: Raise PodDisruptionBudget render/denoiser's maxUnavailable to 2",
      'does-not-help: Surge 1 new node before draining',
      'does-not-help: Scale Deployment render/denoiser to 3 replicas',
    ]);
  });

  it('forecasts the edge pool stalling on a 500 and a 403, fixed only by two changes together', async () => {
    const answer = await post({ selector: 'pdbscope.dev/pool=edge', ...options });
    const { forecast, fixes } = answer.body as SimulateUpgradeResponse;
    expect({
      node: forecast.stall?.node,
      reasons: forecast.stall?.reasons,
      stuck: forecast.stall?.pods.map((p) => [p.pod.split('-')[0], p.httpStatus]),
    }).toStrictEqual({
      node: 'edge-1',
      reasons: ['webhook-denied', 'multiple-budgets'],
      stuck: [
        ['games/lobby', 403],
        ['shop/edge', 500],
      ],
    });
    const [combined, ...singles] = fixes;
    expect({
      outcome: combined?.outcome,
      search: combined?.search,
      parts: combined?.parts.map((p) => p.title),
      changes: combined?.changes.map((c) => c.kind),
      singles: singles.map((f) => [f.outcome, f.search]),
    }).toStrictEqual({
      outcome: 'completes',
      // Two changes at least: the 500's and the 403's pods have nothing to act on in common.
      search: { fewestChanges: true, exhaustive: true, forecasts: 3, maxChanges: 4 },
      parts: [
        "Lower PodUnavailableBudget games/lobby's minAvailable to 0",
        'Delete PodDisruptionBudget shop/edge-proxy (overlaps another)',
      ],
      changes: ['budget-spec', 'remove-budget'],
      singles: [
        ['gets-further', null],
        ['gets-further', null],
        ['gets-further', null],
        ['does-not-help', null],
      ],
    });
    expect(combined?.script).toContain('kubectl delete pdb edge-proxy -n shop');
    expect(combined?.yaml).toContain('kind: PodUnavailableBudget');
    const fixed = await post({
      selector: 'pdbscope.dev/pool=edge',
      ...options,
      changes: combined?.changes,
    });
    const again = fixed.body as SimulateUpgradeResponse;
    expect([again.forecast.verdict, again.fixes]).toStrictEqual(['completes', []]);
  });

  it('finds the changes that let the general pool complete: nine, one stall after another', async () => {
    const answer = await post({ selector: 'pdbscope.dev/pool=general', ...options });
    const { forecast, fixes } = answer.body as SimulateUpgradeResponse;
    expect(forecast.stall?.summary).toBe(
      'Step 1 stalls on worker-1: 1 pod (databases/postgres-0) cannot leave, because of a budget that allows no disruption.',
    );
    const [combined] = fixes;
    // Postgres' budget at maxUnavailable 0; on worker-2 a pod under three PDBs (500), one under two
    // and a crash-looping budget; bare pods (kubectl refuses, then a percentage budget that counts
    // none); orders-api crash-looping; a PodUnavailableBudget. No four changes do it (the search
    // for the smallest is exhaustive); growing the furthest a stall at a time finds nine, the nine
    // `pdbscope upgrade` finds on a snapshot of the same demo (sim's fixes-on-demo.test.ts).
    expect({
      outcome: combined?.outcome,
      search: combined?.search,
      parts: combined?.parts.map((p) => p.title),
    }).toStrictEqual({
      outcome: 'completes',
      search: { fewestChanges: false, exhaustive: true, forecasts: 15, maxChanges: 4 },
      parts: [
        "Raise PodDisruptionBudget databases/postgres's maxUnavailable to 1",
        "Lower PodDisruptionBudget legacy/legacy-worker's minAvailable to 0",
        "Lower PodDisruptionBudget shop/checkout-api's minAvailable to 0",
        "Lower PodDisruptionBudget shop/orders-api's minAvailable to 0",
        "Raise PodUnavailableBudget games/matchmaker's maxUnavailable to 2",
        'Drain with --force',
        // The hand-written one: Stackable's role budget is never deleted (it would write it back).
        'Delete PodDisruptionBudget hdfs/hdfs-datanode-hot (overlaps another)',
        'Delete PodDisruptionBudget payments/ledger (overlaps another)',
        'Delete PodDisruptionBudget payments/ledger-by-name (overlaps another)',
      ],
    });
    expect(combined?.fix).toStrictEqual([
      'max-unavailable:databases/postgres=1',
      'min-available:legacy/legacy-worker=0',
      'min-available:shop/checkout-api=0',
      'min-available:shop/orders-api=0',
      'max-unavailable:games/PodUnavailableBudget/matchmaker=2',
      'drain:force',
      'remove-budget:hdfs/hdfs-datanode-hot',
      'remove-budget:payments/ledger',
      'remove-budget:payments/ledger-by-name',
    ]);
    // Its readable form is what "Forecast with this fix" sends back.
    const fixed = await post({
      selector: 'pdbscope.dev/pool=general',
      ...options,
      fix: combined?.fix,
    });
    const again = fixed.body as SimulateUpgradeResponse;
    expect([again.forecast.verdict, again.forecast.steps.length]).toStrictEqual(['completes', 6]);
    expect(again.applied.items.map((i) => i.fix)).toStrictEqual(combined?.fix);
    expect(again.applied.script).toBe(combined?.script);
  });

  it('says when the data it forecast on was current', async () => {
    const cluster = () => getJson<{ lastEventAt: string }>(h.bff, '/api/cluster');
    const before = await cluster();
    const answer = await post({ selector: 'pdbscope.dev/pool=batch', ...options });
    const after = await cluster();
    const { asOf } = answer.body as SimulateUpgradeResponse;
    // The time of the last event the BFF had applied: no earlier than before, no later than after.
    expect([
      Date.parse(asOf) >= Date.parse(before.body.lastEventAt),
      Date.parse(asOf) <= Date.parse(after.body.lastEventAt),
    ]).toStrictEqual([true, true]);
  });

  it('takes a scale in its readable form, choosing the pod to copy', async () => {
    const answer = await post({
      selector: 'pdbscope.dev/pool=payments',
      ...options,
      fix: ['scale:payments/Deployment/payments-api=3'],
    });
    const body = answer.body as SimulateUpgradeResponse;
    expect([answer.status, body.forecast.verdict, body.applied.items]).toStrictEqual([
      200,
      'completes',
      [
        {
          fix: 'scale:payments/Deployment/payments-api=3',
          title: 'Scale Deployment payments/payments-api to 3 replicas',
          command: 'kubectl scale deployment payments-api -n payments --replicas=3',
          yaml:
            '# a merge patch: kubectl patch deployment -n payments --type merge --patch-file FILE\n' +
            'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: payments-api\n  namespace: payments\nspec:\n  replicas: 3\n',
        },
      ],
    ]);
  });

  it('answers 400 saying what is wrong: unknown nodes, a selector matching nothing, negative counts', async () => {
    const answers = await Promise.all([
      post({ nodes: ['worker-1', 'no-such-node'] }),
      post({ selector: 'pdbscope.dev/pool=none' }),
      post({ selector: 'pdbscope.dev/pool=batch', maxSurge: -1 }),
      post({ maxSurge: 1 }),
      post({ selector: 'pdbscope.dev/pool=batch', fix: ['scale:payments/payments-api=3'] }),
      post({ selector: 'pdbscope.dev/pool=batch', fix: ['remove-budget:shop/no-such-budget'] }),
    ]);
    expect(answers.map((a) => a.status)).toStrictEqual([400, 400, 400, 400, 400, 400]);
    const details = answers.map((a) => JSON.stringify(a.body));
    expect(details[0]).toContain('unknown node: no-such-node');
    expect(details[1]).toContain('node selector \\"pdbscope.dev/pool=none\\" matches no node');
    expect(details[2]).toContain('maxSurge');
    expect(details[3]).toContain('give either selector or nodes');
    expect(details[4]).toContain(
      'fix.0: \\"scale:payments/payments-api=3\\" is not a fix: expected scale:namespace/Kind/name=replicas',
    );
    expect(details[5]).toContain('no PodDisruptionBudget shop/no-such-budget');
  });
});
