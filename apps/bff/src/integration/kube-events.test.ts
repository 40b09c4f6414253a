import type { BudgetEventsResponse } from '@pdbscope/shared/api';
import { routePath, apiRoutes } from '@pdbscope/shared/api';
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

interface RawEvent {
  reason: string;
  message: string;
  type: string;
  involvedObject: { kind: string; namespace: string; name: string };
}

async function simEvents(): Promise<RawEvent[]> {
  const res = await fetch(`${h.sim.url}/api/v1/events`);
  return ((await res.json()) as { items: RawEvent[] }).items;
}

async function eventsOf(ref: { kind: string; namespace: string; name: string }) {
  return getJson<BudgetEventsResponse>(h.bff, routePath(apiRoutes.budgetEvents, ref));
}

describe("a budget's Kubernetes events, watched from the simulated cluster", () => {
  it('lists what the disruption controller recorded on the budget, as kubectl describe pdb does', async () => {
    const onBudgets = (await simEvents()).filter(
      (e) => e.involvedObject.kind === 'PodDisruptionBudget',
    );
    const first = onBudgets[0];
    if (!first) throw new Error('the demo has no event on a PodDisruptionBudget');
    const ref = { ...first.involvedObject, kind: 'PodDisruptionBudget' };
    const expected = onBudgets
      .filter(
        (e) => e.involvedObject.namespace === ref.namespace && e.involvedObject.name === ref.name,
      )
      .map((e) => [e.type, e.reason, e.message])
      .sort();
    let answer: BudgetEventsResponse | undefined;
    for (let i = 0; i < 80; i++) {
      answer = (await eventsOf(ref)).body;
      if (
        answer.items.filter((e) => e.involvedObject.kind === 'PodDisruptionBudget').length >=
        expected.length
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(
      answer?.items
        .filter((e) => e.involvedObject.kind === 'PodDisruptionBudget')
        .map((e) => [e.type, e.reason, e.message])
        .sort(),
    ).toStrictEqual(expected);
  });

  it('answers 404 for a budget the cluster does not have', async () => {
    const missing = await eventsOf({
      kind: 'PodDisruptionBudget',
      namespace: 'data',
      name: 'nope',
    });
    expect(missing.status).toBe(404);
  });
});
