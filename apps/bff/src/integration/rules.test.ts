import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  EvictionDecision,
  PodResponse,
  SimulateEvictionsResponse,
} from '@pdbscope/shared/api';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBff, type Bff } from '../server.js';
import { getJson } from './harness.js';

// One namespace per rule of the eviction handler, each holding the pod and budgets that reach it,
// with the budgets' stored status as the API server would read it.

interface PodSpec {
  ready?: boolean;
  phase?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  deletionTimestamp?: string;
}

function pod(namespace: string, name: string, o: PodSpec = {}): unknown {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      uid: `uid-${namespace}-${name}`,
      resourceVersion: '100',
      creationTimestamp: '2026-11-20T10:00:00Z',
      labels: o.labels ?? { app: 'web' },
      ...(o.annotations ? { annotations: o.annotations } : {}),
      ...(o.deletionTimestamp ? { deletionTimestamp: o.deletionTimestamp } : {}),
    },
    spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'nginx:1.27' }] },
    status: {
      phase: o.phase ?? 'Running',
      conditions: [{ type: 'Ready', status: (o.ready ?? true) ? 'True' : 'False' }],
    },
  };
}

interface PdbStatus {
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods?: number;
  observedGeneration?: number;
  disruptedPods?: Record<string, string>;
}

function pdb(
  namespace: string,
  name: string,
  status: PdbStatus,
  spec: Record<string, unknown> = {},
  generation = 1,
): unknown {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace, uid: `uid-pdb-${namespace}-${name}`, generation },
    spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } }, ...spec },
    status: {
      observedGeneration: 1,
      expectedPods: 3,
      disruptedPods: {},
      ...status,
    },
  };
}

function pub(namespace: string, name: string, unavailableAllowed: number): unknown {
  return {
    apiVersion: 'policy.kruise.io/v1alpha1',
    kind: 'PodUnavailableBudget',
    metadata: { name, namespace, uid: `uid-pub-${namespace}-${name}`, generation: 1 },
    spec: { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 },
    status: {
      observedGeneration: 1,
      unavailableAllowed,
      currentAvailable: 3,
      desiredAvailable: 2,
      totalReplicas: 3,
      disruptedPods: {},
      unavailablePods: {},
    },
  };
}

const healthy: PdbStatus = { disruptionsAllowed: 1, currentHealthy: 3, desiredHealthy: 2 };
const exhausted: PdbStatus = { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2 };
const relatedPub = { 'pub.kruise.io/related-pub': 'web' };
const manyDisrupted = Object.fromEntries(
  Array.from({ length: 2001 }, (_, i) => [`gone-${i}`, '2026-11-21T19:39:00Z']),
);

const objects: unknown[] = [
  { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', uid: 'uid-node-1' } },
  pod('terminal', 'web-0', { phase: 'Succeeded', ready: false }),
  pdb('terminal', 'web', exhausted),
  pod('pending', 'web-0', { phase: 'Pending', ready: false }),
  pdb('pending', 'web', exhausted),
  pod('terminating', 'web-0', { deletionTimestamp: '2026-11-21T19:39:30Z' }),
  pdb('terminating', 'web', exhausted),
  pod('several', 'web-0'),
  pdb('several', 'web', healthy),
  pdb('several', 'web-too', healthy),
  pub('several', 'web', 1),
  pod('none', 'web-0'),
  pod('kruise-ok', 'web-0', { annotations: relatedPub }),
  pub('kruise-ok', 'web', 1),
  pod('kruise-no', 'web-0', { annotations: relatedPub }),
  pub('kruise-no', 'web', 0),
  pod('always', 'web-0', { ready: false }),
  pdb('always', 'web', exhausted, { unhealthyPodEvictionPolicy: 'AlwaysAllow' }),
  pod('shortcut', 'web-0', { ready: false }),
  pdb('shortcut', 'web', { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2 }),
  pod('unhealthy', 'web-0', { ready: false }),
  pdb('unhealthy', 'web', { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 2 }),
  pod('stale', 'web-0'),
  pdb('stale', 'web', healthy, {}, 2),
  pod('negative', 'web-0'),
  pdb('negative', 'web', { disruptionsAllowed: -1, currentHealthy: 1, desiredHealthy: 2 }),
  pod('flooded', 'web-0'),
  pdb('flooded', 'web', { ...healthy, disruptedPods: manyDisrupted }),
  pod('exhausted', 'web-0'),
  pdb('exhausted', 'web', exhausted),
  pod('decrement', 'web-0'),
  pod('decrement', 'web-1'),
  pdb('decrement', 'web', { disruptionsAllowed: 2, currentHealthy: 3, desiredHealthy: 1 }),
];

let bff: Bff;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pdbscope-rules-'));
  const file = join(dir, 'cluster.json');
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }));
  bff = await startBff({
    source: { kind: 'snapshot', file },
    logger: pino({ level: 'silent' }),
    port: 0,
  });
  await bff.ready();
});
afterAll(async () => {
  await bff.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the pod page says evicting `<namespace>/web-0` would answer now (a dry run). */
async function podDecision(namespace: string): Promise<EvictionDecision> {
  const res = await getJson<PodResponse>(bff, `/api/pods/${namespace}/web-0`);
  expect(res.status).toBe(200);
  return res.body.eviction;
}

type Shown = Pick<
  EvictionDecision,
  'rule' | 'summary' | 'httpStatus' | 'code' | 'allowed' | 'explanation'
>;
const shown = (d: EvictionDecision): Shown => ({
  rule: d.rule,
  summary: d.summary,
  httpStatus: d.httpStatus,
  code: d.code,
  allowed: d.allowed,
  explanation: d.explanation,
});

describe('every eviction rule through GET /api/pods (the engine names it, the API renders it)', () => {
  it('bypass-terminal: a Succeeded pod goes whatever its budget', async () => {
    expect(shown(await podDecision('terminal'))).toStrictEqual({
      rule: 'bypass-terminal',
      summary: 'the pod has finished',
      httpStatus: 201,
      code: 201,
      allowed: true,
      explanation:
        'the pod has finished (Succeeded or Failed): it is deleted without checking any budget',
    });
  });

  it('bypass-pending: a Pending pod goes whatever its budget', async () => {
    expect(shown(await podDecision('pending'))).toStrictEqual({
      rule: 'bypass-pending',
      summary: 'the pod is Pending',
      httpStatus: 201,
      code: 201,
      allowed: true,
      explanation:
        'the pod is Pending: it is deleted without checking any budget, if it is still Pending',
    });
  });

  it('bypass-terminating: a terminating pod goes whatever its budget', async () => {
    expect(shown(await podDecision('terminating'))).toStrictEqual({
      rule: 'bypass-terminating',
      summary: 'the pod is already terminating',
      httpStatus: 201,
      code: 201,
      allowed: true,
      explanation: 'the pod is already terminating: no budget is checked',
    });
  });

  it('multiple-pdbs: HTTP 500, counting the two PDBs and not the PUB beside them', async () => {
    const d = await podDecision('several');
    expect([shown(d), d.figures.selectingPdbs, d.budgets.length, d.decidedBy]).toStrictEqual([
      {
        rule: 'multiple-pdbs',
        summary: 'more than one PodDisruptionBudget',
        httpStatus: 500,
        code: 500,
        allowed: false,
        explanation:
          '2 PodDisruptionBudgets select this pod; the eviction API refuses a pod under more than one, whatever they allow',
      },
      2,
      3,
      null,
    ]);
  });

  it('no-budget: nothing selects the pod', async () => {
    expect(shown(await podDecision('none'))).toStrictEqual({
      rule: 'no-budget',
      summary: 'no budget selects the pod',
      httpStatus: 201,
      code: 201,
      allowed: true,
      explanation: 'no PodDisruptionBudget selects the pod: nothing limits its eviction',
    });
  });

  it('kruise-admitted: a Ready pod under an OpenKruise budget that allows one', async () => {
    expect(shown(await podDecision('kruise-ok'))).toStrictEqual({
      rule: 'kruise-admitted',
      summary: 'OpenKruise PodUnavailableBudget admits it',
      httpStatus: 201,
      code: 201,
      allowed: true,
      explanation:
        "no PodDisruptionBudget selects the pod; OpenKruise's PodUnavailableBudget admits the eviction",
    });
  });

  it("kruise-denied: OpenKruise's webhook refuses with 403", async () => {
    const d = await podDecision('kruise-no');
    expect([shown(d), d.message]).toStrictEqual([
      {
        rule: 'kruise-denied',
        summary: 'OpenKruise PodUnavailableBudget',
        httpStatus: 403,
        code: 403,
        allowed: false,
        explanation:
          "OpenKruise's PodUnavailableBudget refused the eviction in its admission webhook; kubectl retries only TooManyRequests, so not this",
      },
      'admission webhook "vpodeviction.kb.io" denied the request: podunavailablebudget.policy.kruise.io "web" is forbidden: pub unavailable allowed is negative',
    ]);
  });

  it('unhealthy-always-allow: an unready pod goes under AlwaysAllow though the budget is used up', async () => {
    expect(shown(await podDecision('always'))).toStrictEqual({
      rule: 'unhealthy-always-allow',
      summary: 'unhealthy pod, policy AlwaysAllow',
      httpStatus: 201,
      code: 201,
      allowed: true,
      explanation:
        'the pod is not Ready and the budget’s unhealthyPodEvictionPolicy is AlwaysAllow: it goes without using the budget',
    });
  });

  it('unhealthy-healthy-budget: an unready pod goes while the budget is healthy, though it allows 0', async () => {
    const d = await podDecision('shortcut');
    expect([shown(d), d.figures]).toStrictEqual([
      {
        rule: 'unhealthy-healthy-budget',
        summary: 'unhealthy pod, the budget is healthy',
        httpStatus: 201,
        code: 201,
        allowed: true,
        explanation:
          'the pod is not Ready and the budget is healthy (it needs 2 healthy pods and has 2): it goes without using the budget',
      },
      {
        selectingPdbs: 1,
        podReady: false,
        disruptionsAllowed: 0,
        currentHealthy: 2,
        desiredHealthy: 2,
      },
    ]);
  });

  it('unhealthy-refused: an unready pod under an unhealthy budget is refused with 429', async () => {
    expect(shown(await podDecision('unhealthy'))).toStrictEqual({
      rule: 'unhealthy-refused',
      summary: 'unhealthy pod, the budget is not healthy',
      httpStatus: 429,
      code: 429,
      allowed: false,
      explanation:
        'the pod is not Ready and the budget is not healthy (it needs 2 healthy pods and has 1); it allows 0 disruptions now',
    });
  });

  it('stale-generation: the budget status is older than its spec', async () => {
    const d = await podDecision('stale');
    expect([shown(d), d.retryAfterSeconds]).toStrictEqual([
      {
        rule: 'stale-generation',
        summary: 'the budget is still being processed',
        httpStatus: 429,
        code: 429,
        allowed: false,
        explanation:
          'the budget status is older than its spec (observedGeneration < generation): retry in 10 s',
      },
      10,
    ]);
  });

  it('negative-allowed: 403 for a negative disruptionsAllowed', async () => {
    expect(shown(await podDecision('negative'))).toStrictEqual({
      rule: 'negative-allowed',
      summary: 'disruptions allowed is negative',
      httpStatus: 403,
      code: 403,
      allowed: false,
      explanation: "the budget's disruptionsAllowed is -1, below zero",
    });
  });

  it('too-many-disrupted: 403 with more than 2000 unconfirmed evictions', async () => {
    expect(shown(await podDecision('flooded'))).toStrictEqual({
      rule: 'too-many-disrupted',
      summary: 'too many unconfirmed evictions',
      httpStatus: 403,
      code: 403,
      allowed: false,
      explanation:
        'more than 2000 evictions under this budget are not yet confirmed by the disruption controller',
    });
  });

  it('budget-exhausted: 429 for a Ready pod when the budget allows none', async () => {
    expect(shown(await podDecision('exhausted'))).toStrictEqual({
      rule: 'budget-exhausted',
      summary: 'the budget allows no disruption',
      httpStatus: 429,
      code: 429,
      allowed: false,
      explanation: 'the budget allows 0 disruptions now (it needs 2 healthy pods and has 2)',
    });
  });

  it('budget-decremented: the pod page says it would use one (a dry run)', async () => {
    const d = await podDecision('decrement');
    expect([shown(d), d.dryRun, d.figures.disruptionsAllowedAfter]).toStrictEqual([
      {
        rule: 'budget-decremented',
        summary: 'the budget allows a disruption',
        httpStatus: 201,
        code: 201,
        allowed: true,
        explanation: 'the budget allows 2 disruptions: this eviction would use one, leaving 1',
      },
      true,
      1,
    ]);
  });
});

describe('POST /api/simulate/evictions names the rule of each step', () => {
  it('uses the recomputed budget up step by step, then refuses; several PDBs stay a 500', async () => {
    const res = await getJson<SimulateEvictionsResponse>(bff, '/api/simulate/evictions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pods: ['decrement/web-0', 'decrement/web-1', 'several/web-0'] }),
    });
    // Recomputed: two Ready bare pods under minAvailable 1 allow one disruption.
    expect(
      res.body.steps.map((s) => [
        s.decision.rule,
        s.decision.httpStatus,
        s.decision.dryRun,
        s.decision.explanation,
      ]),
    ).toStrictEqual([
      [
        'budget-decremented',
        201,
        false,
        'the budget allows 1 disruption: this eviction uses one, leaving 0',
      ],
      [
        'budget-exhausted',
        429,
        false,
        'the budget allows 0 disruptions now (it needs 1 healthy pod and has 1)',
      ],
      [
        'multiple-pdbs',
        500,
        false,
        '2 PodDisruptionBudgets select this pod; the eviction API refuses a pod under more than one, whatever they allow',
      ],
    ]);
  });
});
