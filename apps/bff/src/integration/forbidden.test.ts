import type { BudgetListResponse, ClusterResponse } from '@pdbscope/shared/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson, simControl, startHarness, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a namespace the BFF may not read', () => {
  it('leaves the other namespaces working and says what is missing', async () => {
    h = await startHarness({
      namespaces: ['zookeeper', 'payments'],
      beforeBff: (sim) => sim.faults.forbid('payments'),
    });
    await h.bff.ready();
    const cluster = (await getJson<ClusterResponse>(h.bff, '/api/cluster')).body;
    const payments = cluster.sources.filter((s) => s.id.endsWith('@payments'));
    expect([
      cluster.ready,
      payments.length > 0,
      payments.every((s) => s.state === 'degraded' && s.forbiddenNamespaces[0] === 'payments'),
    ]).toStrictEqual([true, true, true]);
    expect(payments[0]?.reason).toContain('forbidden');
    const budgets = (await getJson<BudgetListResponse>(h.bff, '/api/budgets')).body.items;
    expect([...new Set(budgets.map((b) => b.namespace))]).toStrictEqual(['zookeeper']);
  });

  it('picks the namespace up when the 403 is lifted, and degrades it when it comes back', async () => {
    const harness = (h = await startHarness({ namespaces: ['zookeeper', 'payments'] }));
    await harness.bff.ready();
    await simControl(harness.sim, '/_sim/faults/forbid', { namespace: 'payments' });
    await simControl(harness.sim, '/_sim/faults/drop-watches', { abrupt: true });
    await vi.waitFor(
      () => {
        const states = harness.bff.store.sourceStates();
        expect(
          states.filter((s) => s.id.endsWith('@payments')).every((s) => s.state === 'degraded'),
        ).toBe(true);
        expect(
          states.filter((s) => s.id.endsWith('@zookeeper')).every((s) => s.state === 'live'),
        ).toBe(true);
      },
      { timeout: 10_000 },
    );
    await simControl(harness.sim, '/_sim/faults/unforbid', {});
    await vi.waitFor(
      () =>
        expect(
          harness.bff.store.sourceStates().filter((s) => s.state === 'degraded'),
        ).toStrictEqual([]),
      { timeout: 10_000 },
    );
  });
});

describe('a cluster-wide 403', () => {
  it('falls back to one watch per namespace: the refused one is degraded, the others work', async () => {
    const harness = (h = await startHarness({ beforeBff: (sim) => sim.faults.forbid('payments') }));
    await harness.bff.ready();
    const cluster = (await getJson<ClusterResponse>(harness.bff, '/api/cluster')).body;
    const pods = cluster.sources.filter((s) => s.id === 'pods' || s.id.startsWith('pods@'));
    expect([
      pods.some((s) => s.id === 'pods'),
      pods.filter((s) => s.state === 'degraded').map((s) => [s.id, s.forbiddenNamespaces]),
      pods.filter((s) => s.state === 'live').length > 3,
    ]).toStrictEqual([false, [['pods@payments', ['payments']]], true]);
    const budgets = (await getJson<BudgetListResponse>(harness.bff, '/api/budgets')).body.items;
    expect([
      budgets.some((b) => b.namespace === 'zookeeper'),
      budgets.some((b) => b.namespace === 'payments'),
    ]).toStrictEqual([true, false]);
  });
});
