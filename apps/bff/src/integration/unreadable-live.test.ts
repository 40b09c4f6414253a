import type {
  BudgetListResponse,
  ClusterResponse,
  FindingsResponse,
  SourceState,
} from '@pdbscope/shared/api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allLive, converged, getJson, simControl, type Harness, startHarness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  // Objects that do not read exist only in JSON: protobuf's typed fields cannot carry a name that
  // is a number (a real API server could not store one either), so the BFF reads JSON here.
  h = await startHarness({ wire: { protobuf: false, watchList: false } });
  await h.bff.ready();
});
afterAll(async () => {
  await h.close();
});

const PDBS = 'poddisruptionbudgets';

/**
 * A budget whose name is a number: no API server accepts one, but what it serves is read as data,
 * so the BFF must say so rather than drop it (or crash). The simulator's raw write goes around its
 * validation, as a buggy or foreign API server would.
 */
function seedOddBudget(name: number): void {
  const created = h.sim.store.create(
    PDBS,
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: name as unknown as string, namespace: 'shop' },
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
    },
    { seed: true },
  );
  if (!created.ok) throw new Error(`seed refused: ${JSON.stringify(created)}`);
}

async function seen() {
  const cluster = (await getJson<ClusterResponse>(h.bff, '/api/cluster')).body;
  const source = cluster.sources.find((s) => s.id === 'poddisruptionbudgets.policy');
  const findings = (await getJson<FindingsResponse>(h.bff, '/api/findings')).body.items.filter(
    (f) => f.rule === 'unreadable-object',
  );
  const budgets = (await getJson<BudgetListResponse>(h.bff, '/api/budgets')).body.items.map(
    (b) => `${b.namespace}/${b.name}`,
  );
  return { unreadable: (source as SourceState | undefined)?.unreadable, findings, budgets };
}

const version = (name: string) =>
  `resourceVersion ${h.sim.store.get(PDBS, 'shop', name)?.metadata.resourceVersion ?? '?'}`;

describe('a live cluster object pdbscope cannot read', () => {
  it('is listed with why and is a finding, the rest intact, until it is fixed or deleted', async () => {
    const before = await seen();
    expect([before.unreadable, before.findings]).toStrictEqual([undefined, []]);

    seedOddBudget(41);
    seedOddBudget(42);
    const broken = await vi.waitFor(
      async () => {
        const now = await seen();
        expect(now.findings).toHaveLength(2);
        return now;
      },
      { timeout: 10_000 },
    );
    const error = 'PodDisruptionBudget without metadata.name';
    expect(broken.unreadable).toStrictEqual([
      { position: version('41'), object: 'PodDisruptionBudget shop/41', error },
      { position: version('42'), object: 'PodDisruptionBudget shop/42', error },
    ]);
    expect(broken.findings.map((f) => [f.severity, f.subject, f.message])).toStrictEqual(
      ['41', '42'].map((name) => [
        'warning',
        { kind: 'PodDisruptionBudget', namespace: 'shop', name },
        `PodDisruptionBudget shop/${name} (${version(name)}) served by the cluster could not be read: ${error}. It is left out of every budget, pod and node shown until a version that reads arrives.`,
      ]),
    );
    // Every other budget is still there.
    expect(broken.budgets).toStrictEqual(before.budgets);

    // A relist (the watch expired) reads them again: still one entry each.
    expect(await simControl(h.sim, '/_sim/faults/expire-watches')).toBe(200);
    await allLive(h.bff);
    await converged(h, 15_000, 'json');
    expect(await seen()).toStrictEqual(broken);

    // Replaced by a budget that reads (a numeric name cannot be edited): it appears, its entry goes.
    expect(h.sim.store.delete(PDBS, 'shop', '41').ok).toBe(true);
    const valid = h.sim.store.create(PDBS, {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: '41', namespace: 'shop' },
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
    });
    expect(valid.ok).toBe(true);
    await vi.waitFor(
      async () => {
        const now = await seen();
        expect(now.unreadable?.map((u) => u.object)).toStrictEqual(['PodDisruptionBudget shop/42']);
        expect(now.findings.map((f) => f.subject.name)).toStrictEqual(['42']);
        expect(now.budgets).toStrictEqual([...before.budgets, 'shop/41'].sort());
      },
      { timeout: 10_000 },
    );

    // Deleted: its entry and finding go.
    expect(h.sim.store.delete(PDBS, 'shop', '42').ok).toBe(true);
    await vi.waitFor(
      async () => {
        const now = await seen();
        expect([now.unreadable, now.findings]).toStrictEqual([undefined, []]);
      },
      { timeout: 10_000 },
    );
    await converged(h, 15_000, 'json');
  });
});
