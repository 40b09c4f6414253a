import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriorityClassesResponse, SimulatePreemptionResponse } from '@pdbscope/shared/api';
import { startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.bff.ready();
});

afterAll(async () => {
  await h.close();
});

async function post(body: unknown): Promise<{ status: number; type: string; body: unknown }> {
  const res = await fetch(`${h.bff.url}/api/simulate/preemption`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: await res.json(),
  };
}

describe('GET /api/priority-classes', () => {
  it("lists the cluster's PriorityClasses, highest first, with their preemption policies", async () => {
    const res = await fetch(`${h.bff.url}/api/priority-classes`);
    const body = (await res.json()) as PriorityClassesResponse;
    expect([res.status, body.items]).toStrictEqual([
      200,
      [
        {
          name: 'system-node-critical',
          value: 2000001000,
          preemptionPolicy: 'PreemptLowerPriority',
          globalDefault: false,
        },
        {
          name: 'system-cluster-critical',
          value: 2000000000,
          preemptionPolicy: 'PreemptLowerPriority',
          globalDefault: false,
        },
        {
          name: 'critical',
          value: 1000000,
          preemptionPolicy: 'PreemptLowerPriority',
          globalDefault: false,
        },
        { name: 'batch-low', value: -1000, preemptionPolicy: 'Never', globalDefault: false },
      ],
    ]);
  });
});

describe('POST /api/simulate/preemption', () => {
  it("places a critical pod as the scheduler's preemption would: first the nodes with the fewest PDB violations", async () => {
    const r = await post({
      priorityClassName: 'critical',
      namespace: 'payments',
      cpu: '7',
      nodeSelector: { 'pdbscope.dev/pool': 'general' },
    });
    const body = r.body as SimulatePreemptionResponse;
    expect({
      status: r.status,
      pod: body.pod,
      fits: body.fits,
      chosenNode: body.chosenNode,
      // Equally old pods are ordered by UID, which each simulator start draws anew: which of
      // them are reprieved varies, the node chosen and its cost do not.
      victimsBelow: body.victims.every((v) => v.priority < 1000000) && body.victims.length > 0,
      violatedPdbs: body.violatedPdbs,
      candidates: body.candidates.length,
      violationsInOrder: body.candidates
        .map((c) => c.numPdbViolations)
        .every((n, i, all) => i === 0 || (all[i - 1] ?? 0) <= n),
      firstCandidate: body.candidates[0]?.node,
      notCandidates: body.notCandidates,
      classes: body.priorityClasses.map((c) => c.name),
      asOf: typeof body.asOf === 'string' && !Number.isNaN(Date.parse(body.asOf)),
      eventId: typeof body.eventId,
    }).toStrictEqual({
      status: 200,
      pod: {
        priority: 1000000,
        priorityClassName: 'critical',
        namespace: 'payments',
        preemptionPolicy: 'PreemptLowerPriority',
        requests: { cpu: '7' },
        nodeSelector: { 'pdbscope.dev/pool': 'general' },
      },
      fits: [],
      chosenNode: 'worker-4',
      victimsBelow: true,
      violatedPdbs: [],
      candidates: 6,
      violationsInOrder: true,
      firstCandidate: 'worker-4',
      notCandidates: [
        { reason: 'node(s) had untolerated taint {pdbscope.dev/pool: edge}', nodes: 1 },
        { reason: 'node(s) had untolerated taint {pdbscope.dev/pool: flex}', nodes: 2 },
        { reason: 'node(s) had untolerated taint {pdbscope.dev/pool: gpu}', nodes: 2 },
        { reason: 'node(s) had untolerated taint {pdbscope.dev/pool: payments}', nodes: 2 },
        { reason: 'node(s) had untolerated taint {pdbscope.dev/pool: batch}', nodes: 3 },
      ],
      classes: ['system-node-critical', 'system-cluster-critical', 'critical', 'batch-low'],
      asOf: true,
      eventId: 'string',
    });
  });

  it('answers 400 problem+json naming what is wrong', async () => {
    const detail = async (body: unknown) => {
      const r = await post(body);
      return [r.status, r.type.split(';')[0], (r.body as { detail: string }).detail];
    };
    expect([
      await detail({ priorityClassName: 'gold' }),
      await detail({ priority: 5, cpu: '-1' }),
      await detail({ cpu: '1' }),
      await detail({ priority: 5, namespace: 'Payments' }),
    ]).toStrictEqual([
      [400, 'application/problem+json', 'the cluster has no PriorityClass "gold"'],
      [
        400,
        'application/problem+json',
        'invalid body: cpu: a quantity that is not negative, such as 500m or 2',
      ],
      [
        400,
        'application/problem+json',
        'invalid body: priorityClassName: give the pod a priority: priorityClassName or priority',
      ],
      [
        400,
        'application/problem+json',
        "invalid body: namespace: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      ],
    ]);
  });
});
