import type {
  BudgetDetailResponse,
  BudgetListQuery,
  ClusterResponse,
  PdbRow,
  SourceState,
} from '@pdbscope/shared/api';
import { budgetMatchesQuery } from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';

const noFlags = {
  overlap: false,
  findings: 0,
  stale: false,
  blocking: false,
  mismatch: false,
  error: null,
};

export const zkRow: PdbRow = {
  kind: 'PodDisruptionBudget',
  apiVersion: 'policy/v1',
  namespace: 'data',
  name: 'zookeeper',
  uid: '6f1c2a9e-0d1b-4c55-9a51-0c1d9f7a1b01',
  selector: { matchLabels: { 'app.kubernetes.io/name': 'zookeeper' } },
  selectorText: 'app.kubernetes.io/name=zookeeper',
  maxUnavailable: 1,
  generation: 1,
  observedGeneration: 1,
  matchedPods: 3,
  flags: noFlags,
  expectedPods: 3,
  desiredHealthy: 2,
  currentHealthy: 3,
  disruptionsAllowed: 1,
};

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
      summary: {
        budgets: 1,
        blocking: 0,
        overlapping: 0,
        withFindings: 0,
        stale: 0,
        mismatched: 0,
        podsWithMultipleBudgets: 0,
        podsWithoutBudget: 0,
      },
      eventId: 'x-0',
    }),
    budget: (ref: {
      kind: string;
      namespace: string;
      name: string;
    }): BudgetDetailResponse | undefined =>
      ref.namespace === 'data' && ref.name === 'zookeeper' && ref.kind === 'PodDisruptionBudget'
        ? {
            budget: zkRow,
            lanes: { available: [], unavailable: [], disrupted: [] },
            reported: {
              kind: 'PodDisruptionBudget',
              observedGeneration: 1,
              expectedPods: 3,
              desiredHealthy: 2,
              currentHealthy: 3,
              disruptionsAllowed: 1,
              disruptedPods: {},
            },
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
    nodes: () => ({ items: [], eventId: 'x-0' }),
    overlaps: () => ({ items: [], eventId: 'x-0' }),
    findings: () => ({ items: [], counts: { error: 0, warning: 0, info: 0 }, eventId: 'x-0' }),
    simulateEvictions: (pods: readonly string[]) => {
      const unknown = pods.find((p) => !p.startsWith('data/zookeeper-'));
      return unknown !== undefined ? { unknown } : { steps: [] };
    },
    simulateDrain: (node: string) =>
      node === 'node-1'
        ? { node, complete: true, rounds: [], skipped: [], neverEvictable: [], budgetsAfter: [] }
        : { unknown: node },
  };
  return store;
}
