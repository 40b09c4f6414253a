import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BudgetListResponse,
  ClusterResponse,
  NamespacesResponse,
  PodListResponse,
  PodResponse,
  SearchResponse,
} from '@pdbscope/shared/api';
import { getJson, startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.bff.ready();
});
afterAll(async () => {
  await h.close();
});

const get = async <T>(path: string): Promise<T> => {
  const answer = await getJson<T>(h.bff, path);
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status}`);
  return answer.body;
};

describe('the pods list and the search on the demo cluster', () => {
  it('counts exactly what the summary counts: pods with several budgets, pods with none', async () => {
    const { summary } = await get<BudgetListResponse>('/api/budgets');
    const [several, none] = await Promise.all([
      get<PodListResponse>('/api/pods?budgets=several&limit=500'),
      get<PodListResponse>('/api/pods?budgets=none&limit=500'),
    ]);
    expect([several.total, none.total]).toStrictEqual([
      summary.podsWithMultipleBudgets,
      summary.podsWithoutBudget,
    ]);
    expect([several.items.length, none.items.length]).toStrictEqual([several.total, none.total]);
    expect(several.items.some((row) => row.name.startsWith('ledger-'))).toBe(true);
    expect(none.total).toBeGreaterThan(0);
  });

  it('says for each pod what its own page says: its budgets and its eviction now', async () => {
    const ledger = await get<PodListResponse>(
      `/api/pods?labels=${encodeURIComponent('app=ledger')}`,
    );
    expect(ledger.items.map((row) => row.name).every((name) => name.startsWith('ledger-'))).toBe(
      true,
    );
    expect(ledger.total).toBe(3);
    for (const row of ledger.items) {
      const page = await get<PodResponse>(`/api/pods/${row.namespace}/${row.name}`);
      expect([row.budgets, row.evictableNow.allowed, row.evictableNow.rule]).toStrictEqual([
        page.budgets.map((b) => ({ kind: b.kind, namespace: b.namespace, name: b.name })),
        page.eviction.allowed,
        page.eviction.rule,
      ]);
      expect(row.evictableNow).toStrictEqual({
        allowed: false,
        rule: 'multiple-pdbs',
        summary: expect.any(String) as unknown as string,
        code: 500,
      });
    }
  });

  it('finds by a selector what the pods list finds, and knows every namespace', async () => {
    const [found, cluster, namespaces] = await Promise.all([
      get<SearchResponse>(`/api/search?q=${encodeURIComponent('app=ledger')}`),
      get<ClusterResponse>('/api/cluster'),
      get<NamespacesResponse>('/api/namespaces'),
    ]);
    expect({
      selector: found.selector,
      pods: found.pods.items.map((p) => p.name).sort(),
      budgets: found.budgets.items.map((b) => b.name).sort(),
    }).toStrictEqual({
      selector: true,
      pods: (await get<PodListResponse>('/api/pods?labels=app%3Dledger')).items.map((p) => p.name),
      budgets: ['ledger', 'ledger-pdb'],
    });
    expect([
      namespaces.items.reduce((n, ns) => n + ns.pods, 0),
      namespaces.items.reduce((n, ns) => n + ns.budgets, 0),
    ]).toStrictEqual([cluster.counts.pods, cluster.counts.budgets]);
  });
});
