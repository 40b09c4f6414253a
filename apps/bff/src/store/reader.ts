import {
  CLUSTER_AUTOSCALER_DEFAULTS,
  type NodeDeleteOptions,
} from '@pdbscope/shared/actors/cluster-autoscaler';
import {
  overlapPairsPage,
  overlapsOfMember,
  refKey,
  refOf,
  unseenReason,
  type Budget,
} from '@pdbscope/shared';
import {
  budgetMatchesQuery,
  budgetsPerNamespace,
  compareBudgetRows,
  notVisibleText,
  findingMatcher,
  overlapGroupMatcher,
  pageOf,
  type BudgetRef,
  type BudgetRow,
  type BudgetSearchContext,
  type ClusterIdentityChange,
  type ClusterResponse,
  type SourceState,
} from '@pdbscope/shared/api';
import type { ClusterReader } from '../model.js';
import type { Clock } from '@pdbscope/shared/clock';
import {
  apiOverlap,
  shapeAnalysis,
  EMPTY_SHAPES,
  type AnalysisShapes,
  type ShapedGroup,
} from '../views/analysis.js';
import type { Analysis } from './analysis.js';
import { budgetDetail } from '../views/detail.js';
import { simulateDrain } from '../views/drain.js';
import { simulateUpgrade } from '../views/upgrade.js';
import { whatIfAnswer } from '../views/what-if.js';
import { priorityClassList, simulatePreemption } from '../views/preemption.js';
import { exposureOf } from '../views/exposure.js';
import { nodeDetail, nodesNotVisible } from '../views/nodes.js';
import type { ActorInputs } from '../views/node-actors.js';
import { withKarpenter } from '../views/node-blocked.js';
import { operatorInstancesView } from '../views/operator-instances.js';
import { podResponse } from '../views/pods.js';
import { podList } from '../views/pod-list.js';
import { search } from '../views/search.js';
import { simulateEvictions } from '../views/simulate.js';
import type { ClusterStore } from './cluster-store.js';

/** What a cluster's answers say of where it is watched from. */
export type ClusterMeta = Pick<
  ClusterResponse,
  'source' | 'context' | 'server' | 'namespaces' | 'verifyEnabled' | 'fleetConfigured'
>;

/** What the answers tell of the sources (a watched cluster's, or a snapshot file's). */
export interface SourcesView {
  /** Every source's state, by id. */
  states(): SourceState[];
  /** The last time the cluster was found restored or replaced, if ever. */
  identityChange(): ClusterIdentityChange | undefined;
  /** The budget as the API server stores it now; undefined when there is none to ask. */
  rawBudget(ref: BudgetRef): Promise<unknown>;
}

export interface StoreReaderInput {
  store: ClusterStore;
  sources: SourcesView;
  meta: ClusterMeta;
  clock: Clock;
  /** Cluster Autoscaler's flags, for the nodes' answers (its defaults when absent). */
  caOptions?: NodeDeleteOptions;
}

/** The routes' view of the store and the sources: every answer in the API's shapes. */
export function storeReader(input: StoreReaderInput): ClusterReader {
  const { store, sources, meta, clock } = input;
  const caOptions = input.caOptions ?? CLUSTER_AUTOSCALER_DEFAULTS;
  const actorInputs = (): ActorInputs => ({
    priorityClasses: store.actorObjects.priorityClasses(),
    nodePools: store.actorObjects.nodePools(),
    nodeClaims: store.actorObjects.nodeClaims(),
    caOptions,
  });
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
  // A group's members as the index holds them now (a member removed since the analysis is left out).
  const podsOf = (budget: Budget) => index().budget(refOf(budget) as BudgetRef)?.pods ?? [];
  const membersOf = (group: ShapedGroup): Budget[] =>
    group.engine.budgets.flatMap((ref) => {
      const evaluation = index().budget(ref as BudgetRef);
      return evaluation ? [evaluation.budget] : [];
    });
  const MAX_BUDGET_OVERLAPS = 100;
  const searchContext = (row: BudgetRow): BudgetSearchContext | undefined => {
    const evaluation = index().budget(row);
    if (!evaluation) return undefined;
    return {
      podNames: evaluation.pods.map((pod) => pod.name),
      selector: evaluation.budget.spec.selector,
    };
  };
  return {
    ready: () => store.isReady(),
    notVisible: (kind, namespace) =>
      store.index ? unseenReason(store.index.visibility, kind, namespace) : undefined,
    sources: () => sources.states(),
    cluster: (): ClusterResponse => {
      const states = sources.states();
      const last = states
        .map((s) => s.lastEventAt)
        .filter((t): t is string => t !== undefined)
        .sort()
        .at(-1);
      const identityChange = sources.identityChange();
      const notVisible = states.flatMap((s) => notVisibleText(s) ?? []);
      return {
        ...meta,
        ready: store.isReady(),
        sources: states,
        counts: store.counts(),
        ...(last !== undefined ? { lastEventAt: last } : {}),
        ...(identityChange !== undefined ? { identityChange } : {}),
        ...(notVisible.length > 0 ? { notVisible } : {}),
        eventId: eventId(),
      };
    },
    budgets: (query) => ({
      items: [...store.published.values()]
        .filter((r) => budgetMatchesQuery(r, query, searchContext))
        .sort(compareBudgetRows),
      summary: store.summary(),
      namespaces: budgetsPerNamespace(store.published.values()),
      eventId: eventId(),
    }),
    budget: async (ref: BudgetRef) => {
      if (!index().budget(ref)) return undefined;
      const raw = await sources.rawBudget(ref);
      // Read after the wait: the budget may have changed, or gone, meanwhile.
      const evaluation = index().budget(ref);
      if (!evaluation) return undefined;
      const { overlaps, findings } = analysed();
      const group = overlaps.byBudget.get(refKey(ref));
      const pairs = group
        ? overlapsOfMember({
            budget: evaluation.budget,
            members: membersOf(group),
            podsOf,
            limit: MAX_BUDGET_OVERLAPS,
          }).map(apiOverlap)
        : [];
      return budgetDetail({
        evaluation,
        index: index(),
        raw,
        marks: store.marks(),
        findings: findings.byBudget.get(refKey(ref)) ?? [],
        overlaps: pairs,
        exposure: exposureOf(evaluation, index(), actorInputs()),
        eventId: eventId(),
        now: clock.now(),
      });
    },
    pod: (ref) =>
      podResponse({
        index: index(),
        ...ref,
        marks: store.marks(),
        now: clock.now(),
        eventId: eventId(),
      }),
    pods: (query, labels) => {
      let group: readonly BudgetRef[] | undefined;
      if (query.group !== undefined) {
        const found = analysed().overlaps.byId.get(query.group);
        if (!found) return { unknownGroup: query.group };
        group = found.engine.budgets as BudgetRef[];
      }
      return podList({
        index: index(),
        query,
        selector: labels,
        ...(group ? { group } : {}),
        now: clock.now(),
        eventId: eventId(),
      });
    },
    priorityClasses: () => ({
      items: priorityClassList(store.actorObjects.priorityClasses()),
      eventId: eventId(),
    }),
    namespaces: () => {
      const pods = new Map<string, number>();
      for (const namespace of index().podNamespaces()) {
        let n = 0;
        for (const _pod of index().podsInNamespace(namespace)) n++;
        pods.set(namespace, n);
      }
      const budgets = new Map(
        budgetsPerNamespace(store.published.values()).map((b) => [b.namespace, b.budgets]),
      );
      const items = [...new Set([...pods.keys(), ...budgets.keys()])].sort().map((namespace) => ({
        namespace,
        pods: pods.get(namespace) ?? 0,
        budgets: budgets.get(namespace) ?? 0,
      }));
      return { items, eventId: eventId() };
    },
    search: ({ q, limit, selector }) =>
      search({
        index: index(),
        budgets: store.published.values(),
        budgetContext: searchContext,
        q,
        selector,
        limit,
        eventId: eventId(),
      }),
    nodes: () => {
      const notVisible = nodesNotVisible(index());
      const rows = store.nodeRows();
      const i = store.index;
      const { nodePools, nodeClaims } = actorInputs();
      return {
        items:
          rows && i
            ? withKarpenter(rows.values(), { index: i, now: i.now, nodePools, nodeClaims })
            : [],
        ...(notVisible.length > 0 ? { notVisible } : {}),
        eventId: eventId(),
      };
    },
    operatorInstances: () => ({ items: operatorInstancesView(index()), eventId: eventId() }),
    node: (name) =>
      nodeDetail({
        index: index(),
        name,
        marks: store.marks(),
        actors: actorInputs(),
        eventId: eventId(),
      }),
    analysed: () => store.analysisReady(),
    overlaps: (query) => {
      const matches = overlapGroupMatcher(query);
      const groups = analysed()
        .overlaps.groups.filter((g) => matches(g.api, g.memberNames))
        .map((g) => g.api);
      return { ...pageOf(groups, query), eventId: eventId() };
    },
    overlapPairs: (id, query) => {
      const group = analysed().overlaps.byId.get(id);
      if (!group) return undefined;
      const [i, j] = (query.cursor ?? '').split('.').map(Number);
      const page = overlapPairsPage({
        members: membersOf(group),
        podsOf,
        limit: query.limit ?? 100,
        ...(i !== undefined && j !== undefined && !Number.isNaN(i) && !Number.isNaN(j)
          ? { from: { i, j } }
          : {}),
      });
      return {
        group: group.api,
        items: page.pairs.map(apiOverlap),
        ...(page.next ? { next: `${page.next.i}.${page.next.j}` } : {}),
        eventId: eventId(),
      };
    },
    findings: (query) => {
      const { findings } = analysed();
      const matches = findingMatcher(query);
      return {
        ...pageOf(findings.all.filter(matches), query),
        counts: findings.counts,
        eventId: eventId(),
      };
    },
    simulateEvictions: (pods) => simulateEvictions(index(), pods, clock.now()),
    simulateDrain: (request) => simulateDrain(index(), request, clock.now()),
    simulateUpgrade: (request) => simulateUpgrade(index(), request, clock.now()),
    whatIf: (request) => whatIfAnswer(index(), request),
    simulatePreemption: (request) =>
      simulatePreemption(index(), store.actorObjects.priorityClasses(), request),
  };
}
