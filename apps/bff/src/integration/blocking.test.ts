import type { BudgetDetailResponse, BudgetListResponse, BudgetRow } from '@pdbscope/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.bff.ready();
  // Effective blocking comes from the first analysis (it runs in slices after ready, and under
  // load can end after the first request): wait for it, and for the rows it marks to be re-sent.
  await h.bff.store.analysisReady();
  await new Promise((resolve) => setImmediate(resolve));
});
afterAll(async () => {
  await h.close();
});

const ALL_UNDER_SEVERAL =
  'every one of its 3 pods is under more than one PodDisruptionBudget: each eviction is refused with HTTP 500, whatever the budgets allow';

const allowedOf = (row: BudgetRow): number =>
  row.kind === 'PodDisruptionBudget' ? row.disruptionsAllowed : row.unavailableAllowed;

describe('effective blocking on the demo cluster', () => {
  it('marks the ledger budgets as blocking (every pod under three PDBs) and counts them in the summary', async () => {
    const { items } = (await getJson<BudgetListResponse>(h.bff, '/api/budgets?namespace=payments'))
      .body;
    expect(
      items
        .filter((r) => r.name.startsWith('ledger'))
        .map((r) => [r.name, allowedOf(r) > 0, r.flags.blocking, r.flags.blockingReason]),
    ).toStrictEqual([
      ['ledger', true, true, ALL_UNDER_SEVERAL],
      ['ledger-by-name', true, true, ALL_UNDER_SEVERAL],
      ['ledger-pdb', true, true, ALL_UNDER_SEVERAL],
    ]);
    const all = (await getJson<BudgetListResponse>(h.bff, '/api/budgets')).body;
    const blocking = (await getJson<BudgetListResponse>(h.bff, '/api/budgets?state=blocking')).body;
    expect([
      all.summary.blocking,
      blocking.items.length,
      blocking.items.filter((r) => r.name.startsWith('ledger')).length,
    ]).toStrictEqual([all.items.filter((r) => r.flags.blocking).length, all.summary.blocking, 3]);
    // Blocking either by status or with a reason from the engine: never one without the other.
    expect(
      all.items.filter((r) => r.flags.blocking !== (r.flags.blockingReason !== null)),
    ).toStrictEqual([]);
  });

  it('shows the reason on the detail page, and every finding listed there counts on the row', async () => {
    const { items } = (await getJson<BudgetListResponse>(h.bff, '/api/budgets')).body;
    const details = await Promise.all(
      items.map(
        async (r) =>
          (
            await getJson<BudgetDetailResponse>(
              h.bff,
              `/api/budgets/${r.kind}/${r.namespace}/${r.name}`,
            )
          ).body,
      ),
    );
    expect(
      details
        .filter((d) => d.budget.flags.findings !== d.findings.length)
        .map((d) => [d.budget.name, d.budget.flags.findings, d.findings.length]),
    ).toStrictEqual([]);
    const ledger = details.find((d) => d.budget.name === 'ledger');
    expect(ledger?.budget.flags.blockingReason).toBe(ALL_UNDER_SEVERAL);
  });
});
