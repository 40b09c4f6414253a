// Rows and responses as the BFF sends them, for the tests of the engine's reducers, the BFF and the
// web app: one set of builders so that the three agree on what a row looks like.
import type {
  BudgetListResponse,
  BudgetSummary,
  ClusterResponse,
  BudgetStatusNumbers,
  PdbRow,
  PubRow,
  SourceState,
} from '../api/index.js';
import { budgetsPerNamespace } from '../api/index.js';

type PdbStatusNumbers = Extract<BudgetStatusNumbers, { kind: 'PodDisruptionBudget' }>;

/** Row flags with nothing to report. */
export const noFlags: PdbRow['flags'] = {
  overlap: false,
  findings: 0,
  stale: false,
  blocking: false,
  blockingReason: null,
  mismatch: false,
  error: null,
};

/** A PDB row as GET /api/budgets would send it for a 3-replica ZooKeeper ensemble. */
export function pdbRow(namespace: string, name: string, overrides: Partial<PdbRow> = {}): PdbRow {
  return {
    kind: 'PodDisruptionBudget',
    apiVersion: 'policy/v1',
    namespace,
    name,
    uid: `uid-${namespace}-${name}`,
    selector: { matchLabels: { 'app.kubernetes.io/name': name } },
    selectorText: `app.kubernetes.io/name=${name}`,
    maxUnavailable: 1,
    creationTimestamp: '2026-11-20T08:00:00Z',
    generation: 1,
    observedGeneration: 1,
    matchedPods: 3,
    flags: noFlags,
    expectedPods: 3,
    desiredHealthy: 2,
    currentHealthy: 3,
    disruptionsAllowed: 1,
    ...overrides,
  };
}

/** A PUB row for a 4-replica CloneSet by targetRef, maxUnavailable 25%. */
export function pubRow(namespace: string, name: string, overrides: Partial<PubRow> = {}): PubRow {
  return {
    kind: 'PodUnavailableBudget',
    apiVersion: 'policy.kruise.io/v1alpha1',
    namespace,
    name,
    uid: `uid-pub-${name}`,
    selector: null,
    selectorText: '<none>',
    targetRef: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name },
    maxUnavailable: '25%',
    creationTimestamp: '2026-11-19T08:00:00Z',
    generation: 2,
    observedGeneration: 2,
    matchedPods: 4,
    flags: noFlags,
    totalReplicas: 4,
    desiredAvailable: 3,
    currentAvailable: 4,
    unavailableAllowed: 1,
    ...overrides,
  };
}

/** The reported status of `pdbRow`'s healthy 3-replica ensemble (maxUnavailable 1). */
export function pdbStatusNumbers(overrides: Partial<PdbStatusNumbers> = {}): PdbStatusNumbers {
  return {
    kind: 'PodDisruptionBudget',
    observedGeneration: 1,
    expectedPods: 3,
    desiredHealthy: 2,
    currentHealthy: 3,
    disruptionsAllowed: 1,
    disruptedPods: {},
    ...overrides,
  };
}

/** A budget-list summary with nothing blocking, overlapping or stale. */
export function budgetSummary(overrides: Partial<BudgetSummary> = {}): BudgetSummary {
  return {
    budgets: 0,
    blocking: 0,
    overlapping: 0,
    withFindings: 0,
    stale: 0,
    mismatched: 0,
    podsWithMultipleBudgets: 0,
    podsWithoutBudget: 0,
    ...overrides,
  };
}

export function budgetList(items: BudgetListResponse['items']): BudgetListResponse {
  return {
    items,
    summary: budgetSummary({ budgets: items.length }),
    namespaces: budgetsPerNamespace(items),
    eventId: 'e1-10',
  };
}

export function source(id: string, state: SourceState['state']): SourceState {
  return {
    id,
    resource: `v1 ${id}`,
    state,
    since: '2026-11-21T19:00:00Z',
    objects: 12,
    forbiddenNamespaces: [],
  };
}

export function cluster(): ClusterResponse {
  return {
    source: 'sim',
    context: 'pdbscope-sim',
    server: 'http://127.0.0.1:6443',
    namespaces: null,
    ready: true,
    verifyEnabled: false,
    sources: [source('pods', 'live'), source('nodes', 'live')],
    counts: {
      pods: 40,
      nodes: 4,
      workloads: 9,
      budgets: 7,
      podDisruptionBudgets: 6,
      podUnavailableBudgets: 1,
    },
    eventId: 'e1-10',
  };
}
