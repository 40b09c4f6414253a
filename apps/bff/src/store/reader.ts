import { refKey } from '@pdbscope/shared';
import {
  budgetMatchesQuery,
  compareBudgetRows,
  type BudgetRef,
  type ClusterResponse,
} from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import type { Timers } from '../kube/timers.js';
import { shapeAnalysis, EMPTY_SHAPES, type AnalysisShapes } from '../views/analysis.js';
import type { Analysis } from './analysis.js';
import { budgetDetail } from '../views/detail.js';
import { simulateDrain } from '../views/drain.js';
import { simulateUpgrade } from '../views/upgrade.js';
import { nodeDetail, nodeRows } from '../views/nodes.js';
import { podResponse } from '../views/pods.js';
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
  // The API shapes of one analysis run, made once and indexed by budget (details ask per budget).
  const shaped = new WeakMap<Analysis, AnalysisShapes>();
  const analysed = (): AnalysisShapes => {
    const a = store.analysis();
    if (!a) return EMPTY_SHAPES;
    let s = shaped.get(a);
    if (!s) shaped.set(a, (s = shapeAnalysis(a)));
    return s;
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
        findings: findings.byBudget.get(refKey(ref)) ?? [],
        overlaps: overlaps.byBudget.get(refKey(ref)) ?? [],
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
    node: (name) => nodeDetail({ index: index(), name, marks: store.marks(), eventId: eventId() }),
    analysed: () => store.analysisReady(),
    overlaps: () => ({ items: analysed().overlaps.all, eventId: eventId() }),
    findings: () => {
      const { findings } = analysed();
      const counts = { error: 0, warning: 0, info: 0 };
      for (const f of findings.all) counts[f.severity]++;
      return { items: findings.all, counts, eventId: eventId() };
    },
    simulateEvictions: (pods) => simulateEvictions(index(), pods, timers.now()),
    simulateDrain: (request) => simulateDrain(index(), request, timers.now()),
    simulateUpgrade: (request) => simulateUpgrade(index(), request, timers.now()),
  };
}
