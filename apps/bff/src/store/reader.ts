import {
  budgetMatchesQuery,
  compareBudgetRows,
  type BudgetRef,
  type ClusterResponse,
} from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import type { Timers } from '../kube/timers.js';
import { apiFinding, apiOverlaps, concerning } from '../views/analysis.js';
import { budgetDetail } from '../views/detail.js';
import { simulateDrain } from '../views/drain.js';
import { nodeRows, podResponse } from '../views/pods.js';
import { simulateEvictions } from '../views/simulate.js';
import type { ClusterStore } from './cluster-store.js';

/** The routes' view of the store: every answer in the API's shapes. */
export function storeReader(store: ClusterStore, timers: Timers): ClusterReader {
  const eventId = () => store.hub.lastId;
  const index = () => {
    const i = store.index;
    if (!i)
      throw new Error('the index is read before sync (the ready gate should have answered 503)');
    return i;
  };
  const analysed = () => {
    const a = store.analysis();
    return {
      overlaps: a ? apiOverlaps(a.overlaps) : [],
      findings: a ? a.findings.map(apiFinding) : [],
    };
  };
  return {
    ready: () => store.isReady(),
    sources: () => store.sourceStates(),
    cluster: (): ClusterResponse => {
      const sources = store.sourceStates();
      const last = sources
        .map((s) => s.lastEventAt)
        .filter((t): t is string => t !== undefined)
        .sort()
        .at(-1);
      return {
        ...store.meta,
        ready: store.isReady(),
        sources,
        counts: store.counts(),
        ...(last !== undefined ? { lastEventAt: last } : {}),
        eventId: eventId(),
      };
    },
    budgets: (query) => ({
      items: [...store.published.values()]
        .filter((r) => budgetMatchesQuery(r, query))
        .sort(compareBudgetRows),
      summary: store.summary(),
      eventId: eventId(),
    }),
    budget: (ref: BudgetRef) => {
      const evaluation = index().budget(ref);
      if (!evaluation) return undefined;
      const { overlaps, findings } = analysed();
      return budgetDetail({
        evaluation,
        index: index(),
        raw: store.rawBudget(ref),
        marks: store.marks(),
        findings: concerning(findings, ref),
        overlaps: concerning(overlaps, ref),
        eventId: eventId(),
      });
    },
    pod: (ref) =>
      podResponse({
        index: index(),
        ...ref,
        marks: store.marks(),
        now: timers.now(),
        eventId: eventId(),
      }),
    nodes: () => ({ items: nodeRows(index()), eventId: eventId() }),
    overlaps: () => ({ items: analysed().overlaps, eventId: eventId() }),
    findings: () => {
      const { findings } = analysed();
      const counts = { error: 0, warning: 0, info: 0 };
      for (const f of findings) counts[f.severity]++;
      return { items: findings, counts, eventId: eventId() };
    },
    simulateEvictions: (pods) => simulateEvictions(index(), pods, timers.now()),
    simulateDrain: (node) => simulateDrain(index(), node, timers.now()),
  };
}
