import type {
  BudgetDetailResponse,
  BudgetListQuery,
  ClusterResponse,
  PdbRow,
  PodListQuery,
  SourceState,
  SimulateDrainRequest,
} from '@pdbscope/shared/api';
import { budgetMatchesQuery, budgetsPerNamespace } from '@pdbscope/shared/api';
import { budgetSummary, pdbRow, pdbStatusNumbers } from '@pdbscope/shared/testing';
import type { ClusterReader } from '../model.js';

export const zkRow: PdbRow = pdbRow('data', 'zookeeper');

const live = (id: string): SourceState => ({
  id,
  resource: `v1 ${id}`,
  state: 'live',
  since: '2026-11-21T19:00:00.000Z',
  objects: 3,
  forbiddenNamespaces: [],
});

/** A ClusterReader with one PDB and three pods, for the HTTP layer's tests. */
export function fakeStore(options: { ready?: boolean } = {}): ClusterReader & { isReady: boolean } {
  const store = {
    isReady: options.ready ?? true,
    ready: () => store.isReady,
    notVisible: (kind: string, namespace: string) =>
      kind === 'pods' && namespace === 'hidden'
        ? 'no permission to list pods in hidden'
        : undefined,
    sources: () => [store.isReady ? live('pods') : { ...live('pods'), state: 'syncing' as const }],
    cluster: (): ClusterResponse => ({
      source: 'sim',
      context: 'sim',
      server: 'http://127.0.0.1:1',
      namespaces: null,
      ready: store.isReady,
      verifyEnabled: false,
      sources: store.sources(),
      counts: {
        pods: 3,
        nodes: 1,
        workloads: 1,
        budgets: 1,
        podDisruptionBudgets: 1,
        podUnavailableBudgets: 0,
      },
      eventId: 'x-0',
    }),
    budgets: (query: BudgetListQuery) => ({
      items: [zkRow].filter((r) => budgetMatchesQuery(r, query)),
      summary: budgetSummary({ budgets: 1 }),
      namespaces: budgetsPerNamespace([zkRow]),
      eventId: 'x-0',
    }),
    budget: async (ref: {
      kind: string;
      namespace: string;
      name: string;
    }): Promise<BudgetDetailResponse | undefined> =>
      ref.namespace === 'data' && ref.name === 'zookeeper' && ref.kind === 'PodDisruptionBudget'
        ? {
            budget: zkRow,
            lanes: { available: [], unavailable: [], disrupted: [] },
            reported: pdbStatusNumbers(),
            recomputed: null,
            recomputeError: null,
            differences: [],
            expected: { type: 'controllers', controllers: [], message: '' },
            conditions: [],
            controllerEvents: [],
            yaml: '',
            findings: [],
            overlaps: [],
            eventId: 'x-0',
          }
        : undefined,
    pod: () => undefined,
    pods: (query: PodListQuery) =>
      query.group !== undefined
        ? { unknownGroup: query.group }
        : {
            items: [],
            total: 0,
            offset: query.offset ?? 0,
            limit: query.limit ?? 100,
            eventId: 'x-0',
          },
    namespaces: () => ({ items: [{ namespace: 'data', pods: 3, budgets: 1 }], eventId: 'x-0' }),
    priorityClasses: () => ({ items: [], eventId: 'x-0' }),
    search: ({ q, selector }: { q: string; selector: unknown }) => ({
      q,
      selector: selector !== undefined,
      budgets: { items: [], total: 0 },
      pods: { items: [], total: 0 },
      nodes: { items: [], total: 0 },
      workloads: { items: [], total: 0 },
      eventId: 'x-0',
    }),
    nodes: () => ({ items: [], eventId: 'x-0' }),
    node: () => undefined,
    analysed: () => Promise.resolve(),
    overlaps: () => ({ items: [], total: 0, page: 1, limit: 100, eventId: 'x-0' }),
    overlapPairs: () => undefined,
    findings: () => ({
      items: [],
      counts: { error: 0, warning: 0, info: 0 },
      total: 0,
      page: 1,
      limit: 100,
      eventId: 'x-0',
    }),
    simulateEvictions: (pods: readonly string[]) => {
      const unknown = pods.find((p) => !p.startsWith('data/zookeeper-'));
      return unknown !== undefined ? { unknown } : { steps: [] };
    },
    simulateDrain: ({ node, ...options }: SimulateDrainRequest) =>
      node === 'node-1'
        ? {
            node,
            kubectl: `kubectl drain ${node}`,
            options,
            verdict: 'completes' as const,
            complete: true,
            schedulingChecked: true,
            refusals: [],
            warnings: [],
            rounds: [],
            failed: [],
            blocked: [],
            pending: [],
            skipped: [],
            budgetsAfter: [],
          }
        : { unknown: node },
    simulateUpgrade: () => ({ invalid: 'the fake store has no nodes to upgrade' }),
    whatIf: () => ({ refused: [{ path: 'apply', message: 'the fake store has no cluster' }] }),
    operatorInstances: () => ({ items: [], eventId: 'x-0' }),
    simulatePreemption: () => ({ invalid: 'the fake store has no nodes' }),
  };
  return store;
}
