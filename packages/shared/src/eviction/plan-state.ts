import { syncPdb } from '../budgets/sync.js';
import { rfc3339 } from '../budgets/time.js';
import type { WorkloadLookup } from '../budgets/workload-lookup.js';
import type { ClusterView } from '../index/view.js';
import { laneCounts } from '../index/evaluate.js';
import type { LaneCounts } from '../index/types.js';
import type { PdbView, PubView } from '../model/budget.js';
import { pdbView } from '../model/pdb-view.js';
import type { PodView } from '../model/pod.js';
import { podWith } from '../model/pod-with.js';
import { pubView } from '../model/pub-view.js';
import { refKey, type ResourceRef } from '../model/refs.js';
import { classifyPdbPods } from '../budgets/classify.js';
import { syncPub } from '../pub/sync.js';
import { PdbTally } from './pdb-tally.js';
import { PodMap, samePod } from './pod-map.js';
import { PubTally } from './pub-tally.js';
import type { PlannedBudgetState, PlanStatusSource } from './plan-types.js';

interface PlannedBudget {
  ref: ResourceRef;
  /** The budget with the status the plan has reached. */
  budget: PdbView | PubView;
  /** The pods it selects, as the index has them, before the plan's overlay. */
  basePods: readonly PodView[];
  counts: LaneCounts;
  syncFailed: boolean;
  /** The budget's pods with its controller's counts kept up to date as the plan changes them. */
  tally?: PdbTally | PubTally;
  /**
   * A tallied PUB's base pods by name: the index relates a PUB to its candidate pods, of which
   * `basePods` (those it protects) may be fewer.
   */
  baseNames?: ReadonlySet<string>;
}

const podKey = (p: { namespace: string; name: string }): string => `${p.namespace}/${p.name}`;

/** What-if changes a plan starts from (the upgrade forecast's fixes): never written to the index. */
export interface PlanOverrides {
  /** Workloads as the plan should see them (e.g. one scaled up). */
  workloads?: WorkloadLookup;
  /** Budgets with a changed spec, keyed by refKey; their status is recomputed on first use. */
  budgets?: ReadonlyMap<string, PdbView | PubView>;
  /** Budgets that do not exist in the plan (refKey), e.g. one of two overlapping ones. */
  removedBudgets?: ReadonlySet<string>;
}

const sameCounts = (a: LaneCounts, b: LaneCounts): boolean =>
  a.selected === b.selected &&
  a.available === b.available &&
  a.disrupted === b.disrupted &&
  a.unavailable === b.unavailable;

/** The budget with another status of its own kind, built as the converter builds it. */
const withStatus = (
  budget: PdbView | PubView,
  status: PdbView['status'] | PubView['status'],
): PdbView | PubView =>
  budget.kind === 'PodDisruptionBudget'
    ? pdbView(budget, status as PdbView['status'])
    : pubView(budget, status as PubView['status']);

/**
 * A tallied sync's result into the planned budget, keeping the objects it already holds when they
 * are unchanged: a pool's forecast syncs ~100,000 times, and a copy each time is garbage.
 */
function settle(
  e: PlannedBudget,
  tallied: {
    status: PdbView['status'] | PubView['status'];
    counts: LaneCounts;
    syncFailed: boolean;
  },
): void {
  // The tally is of the budget's own kind: a PdbTally's status for a PDB, a PubTally's for a PUB.
  if (tallied.status !== e.budget.status) e.budget = withStatus(e.budget, tallied.status);
  if (!sameCounts(e.counts, tallied.counts)) e.counts = tallied.counts;
  e.syncFailed = tallied.syncFailed;
}

const byName = (a: { name: string }, b: { name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/**
 * A copy-on-write view of the index for planning: budgets and pods the plan touched are held here,
 * everything else is read from the index, which is never changed.
 */
export class PlanState {
  private readonly budgets = new Map<string, PlannedBudget>();
  /** Pods the plan changed; null = deleted. */
  private readonly pods = new PodMap<PodView | null>();
  /** Replacement pods per budget key. */
  private readonly extra = new Map<string, PodView[]>();
  /** A replacement with a new name → the pod it replaced (whose budgets it joins). */
  private readonly originals = new PodMap<{ namespace: string; name: string }>();
  /** Pods the plan bound to each node (replacements), by node name; see podsOnNode. */
  private readonly placed = new Map<string, PodView[]>();
  /**
   * The plan's own pods (replacements, scaled-up pods): pod key → the tallied budgets (refKey) it
   * is a pod of, so a change reaches their counts. An index pod's budgets come from the index.
   */
  private readonly memberOf = new PodMap<string[]>();
  readonly workloads: WorkloadLookup;

  constructor(
    private readonly index: ClusterView,
    private readonly now: Date,
    private readonly source: PlanStatusSource,
    private readonly overrides: PlanOverrides = {},
  ) {
    this.workloads = overrides.workloads ?? index.workloadLookup();
  }

  pod(ref: { namespace: string; name: string }): PodView | undefined {
    const own = this.pods.get(ref);
    if (own !== undefined) return own ?? undefined;
    return this.index.pod(ref);
  }

  /**
   * The covering budgets of a pod as the index knows them (a replacement has its original's), each
   * kind sorted by name, in the plan's state. Read by the index's keys, not the views: every
   * eviction of a forecast asks, and views filtered, mapped and keyed afresh per lookup made a
   * fifth of what a pool's full run allocated.
   */
  covering(ref: { namespace: string; name: string }): { pdbs: PdbView[]; pubs: PubView[] } {
    const pdbs: PdbView[] = [];
    const pubs: PubView[] = [];
    const removed = this.overrides.removedBudgets;
    for (const { key } of this.index.coveringBudgets(this.originals.get(ref) ?? ref)) {
      if (removed?.has(key)) continue;
      const e = this.entryByKey(key);
      if (!e) throw new Error(`budget ${key} is not in the index`);
      if (e.budget.kind === 'PodDisruptionBudget') pdbs.push(e.budget);
      else pubs.push(e.budget);
    }
    if (pdbs.length > 1) pdbs.sort(byName);
    if (pubs.length > 1) pubs.sort(byName);
    return { pdbs, pubs };
  }

  /**
   * A pod that joins the plan's cluster: a controller's replacement (it joins `budgets`, the
   * covering budgets of `original`) or, with no original, a scaled-up workload's new pod.
   */
  addPod(pod: PodView, budgets: readonly ResourceRef[], original?: PodView): void {
    this.setPod(pod, pod);
    this.bound(pod);
    // A StatefulSet's replacement takes its original's name, hence its place in the budgets.
    if (original !== undefined && samePod(original, pod)) return;
    if (original !== undefined) this.originals.set(pod, this.originals.get(original) ?? original);
    for (const ref of budgets) {
      const k = refKey(ref);
      const list = this.extra.get(k);
      if (list) list.push(pod);
      else this.extra.set(k, [pod]);
      this.join(k, pod);
    }
  }

  /** The pod's new version (null: deleted), moved into the counts of the budgets it is a pod of. */
  private setPod(ref: { namespace: string; name: string }, next: PodView | null): void {
    // The plan's own pods are listed; a pod of the index is a base pod of the budgets it names.
    const own = this.memberOf.get(ref);
    const covering = own === undefined ? this.index.coveringBudgets(ref) : [];
    const before = (own?.length ?? covering.length) > 0 ? this.pod(ref) : undefined;
    this.pods.set(ref, next);
    const after = next ?? undefined;
    for (const key of own ?? []) this.budgets.get(key)?.tally?.replace(before, after);
    for (const { key } of covering) {
      const planned = this.budgets.get(key);
      if (planned?.baseNames?.has(ref.name) === false) continue;
      planned?.tally?.replace(before, after);
    }
  }

  /** A pod joins a tallied budget's pods (a replacement, a scaled-up workload's pod). */
  private join(budget: string, pod: PodView): void {
    const tally = this.budgets.get(budget)?.tally;
    if (!tally) return;
    const of = this.memberOf.get(pod);
    // Listed twice by podsOf: a sync from scratch counts it twice, as the plan lists it.
    if (of?.includes(budget)) return tally.markIrregular();
    // At its exact length, as the index's memberships: nearly every pod joins one budget, and an
    // array grown by push keeps room for 17 (2 MB over a pool's 29,000 replacements).
    this.memberOf.set(pod, of === undefined ? [budget] : of.concat(budget));
    tally.replace(undefined, pod);
  }

  /** A pod the plan holds changes (e.g. a replacement becomes Ready); `budgets` are its budgets. */
  updatePod(pod: PodView, budgets: readonly ResourceRef[]): void {
    this.setPod(pod, pod);
    this.bound(pod);
    for (const ref of budgets) {
      const list = this.extra.get(refKey(ref));
      const i = list ? list.findIndex((p) => samePod(p, pod)) : -1;
      if (list && i >= 0) list[i] = pod;
    }
  }

  /** Remembers where a pod the plan holds is bound, for podsOnNode. */
  private bound(pod: PodView): void {
    if (pod.nodeName === undefined) return;
    const list = this.placed.get(pod.nodeName);
    if (!list) return void this.placed.set(pod.nodeName, [pod]);
    // A newer version takes its older one's place: a long forecast would hold every version.
    const i = list.findIndex((p) => samePod(p, pod));
    if (i < 0) list.push(pod);
    else list[i] = pod;
  }

  /** The pods bound to a node in the plan's state (replacements included), by namespace/name. */
  podsOnNode(node: string): PodView[] {
    const out = new Map<string, PodView>();
    for (const p of this.index.podsOnNode(node)) {
      const own = this.pods.get(p);
      if (own === undefined) out.set(podKey(p), p);
      else if (own !== null && own.nodeName === node) out.set(podKey(p), own);
    }
    for (const p of this.placed.get(node) ?? []) {
      const current = this.pods.get(p);
      if (current && current.nodeName === node) out.set(podKey(p), current);
    }
    return [...out.keys()].sort().map((k) => out.get(k) as PodView);
  }

  /** The PUB a pod's related-pub annotation would find, in the plan's state. */
  pubNamed(namespace: string, name: string): PubView | undefined {
    const ref = { kind: 'PodUnavailableBudget', namespace, name };
    // A budget the what-if removed does not exist for the webhook either.
    if (this.overrides.removedBudgets?.has(refKey(ref))) return undefined;
    return this.index.budget(ref) ? (this.budget(ref) as PubView) : undefined;
  }

  private entry(ref: ResourceRef): PlannedBudget | undefined {
    return this.entryByKey(refKey(ref));
  }

  private entryByKey(key: string): PlannedBudget | undefined {
    const own = this.budgets.get(key);
    if (own) return own;
    const ev = this.index.evaluationByKey(key);
    if (!ev) return undefined;
    const base = this.source === 'stored' ? ev.budget : ev.synced;
    const changed = this.overrides.budgets?.get(key);
    const planned: PlannedBudget = {
      ref: ev.ref,
      budget: changed ? withStatus(changed, base.status) : base,
      basePods: ev.pods,
      counts: ev.counts,
      syncFailed:
        ev.kind === 'PodDisruptionBudget' ? ev.sync.syncFailed : ev.sync.error !== undefined,
    };
    this.budgets.set(key, planned);
    this.tallyOf(key, planned);
    // A changed spec (or scale) needs the controller's sync before anything reads the status.
    if (changed || this.overrides.workloads) this.resync(ev.ref);
    return planned;
  }

  /** The budget's pods as the plan has them now, tallied; later changes arrive as deltas. */
  private tallyOf(key: string, planned: PlannedBudget): void {
    const pods = this.podsOf(planned.ref);
    // The index's pods are not listed in memberOf (setPod asks the index): a long forecast tallies
    // the budgets of tens of thousands of pods.
    for (const p of this.extra.get(key) ?? []) {
      const of = this.memberOf.get(p);
      if (of === undefined) this.memberOf.set(p, [key]);
      else if (!of.includes(key)) this.memberOf.set(p, of.concat(key));
    }
    const { budget } = planned;
    if (budget.kind === 'PodUnavailableBudget')
      planned.baseNames = new Set(planned.basePods.map((p) => p.name));
    planned.tally =
      budget.kind === 'PodDisruptionBudget'
        ? new PdbTally(planned.ref.namespace, pods)
        : PubTally.of({ pub: budget, pods, workloads: this.workloads });
  }

  budget(ref: ResourceRef): PdbView | PubView {
    const e = this.entry(ref);
    if (!e) throw new Error(`budget ${refKey(ref)} is not in the index`);
    return e.budget;
  }

  /** The pods a budget selects in the plan's state, sorted by name. */
  podsOf(ref: ResourceRef): PodView[] {
    const e = this.entry(ref);
    if (!e) return [];
    const out: PodView[] = [];
    for (const p of e.basePods) {
      const own = this.pods.get(p);
      if (own === undefined) out.push(p);
      else if (own !== null) out.push(own);
    }
    // basePods is sorted already; only replacements need placing.
    const extra = this.extra.get(refKey(ref));
    if (!extra) return out;
    // A replacement's current version: terminating once evicted itself, gone once deleted.
    for (const p of extra) {
      const current = this.pods.get(p);
      if (current) out.push(current);
    }
    return out.sort(byName);
  }

  /** The budget's status as an eviction wrote it (before the controller's next sync). */
  write(budget: PdbView | PubView): void {
    const e = this.entry(budget);
    if (e) e.budget = budget;
  }

  /** The pod got its deletionTimestamp. */
  markTerminating(pod: PodView): void {
    this.setPod(pod, podWith(pod, { deletionTimestamp: rfc3339(this.now) }));
  }

  /**
   * The pod is gone; a controller's replacement (when given) joins the same budgets, bound to its
   * `nodeName` when it has one.
   */
  remove(pod: PodView, replacement: PodView | undefined, budgets: readonly ResourceRef[]): void {
    this.setPod(pod, null);
    if (replacement) this.addPod(replacement, budgets, pod);
  }

  /**
   * A deleted replacement whose name is never used again leaves its budgets' lists: a long
   * forecast evicts replacements again and again, and every sync would walk the dead ones.
   */
  forget(pod: { namespace: string; name: string }, budgets: readonly ResourceRef[]): void {
    if (this.pods.get(pod) !== null) return;
    for (const ref of budgets) {
      const list = this.extra.get(refKey(ref));
      const i = list ? list.findIndex((p) => samePod(p, pod)) : -1;
      if (!list || i < 0) continue;
      list.splice(i, 1);
      const of = this.memberOf.get(pod)?.filter((b) => b !== refKey(ref));
      if (of === undefined || of.length === 0) this.memberOf.delete(pod);
      else this.memberOf.set(pod, of);
    }
  }

  /** One controller sync of the budget over its pods in the plan's state. */
  resync(ref: ResourceRef): void {
    const e = this.entry(ref);
    if (!e) return;
    if (e.budget.kind === 'PodDisruptionBudget' && e.tally instanceof PdbTally) {
      const tallied = e.tally.sync({ pdb: e.budget, workloads: this.workloads, now: this.now });
      if (tallied) return void settle(e, tallied);
    } else if (e.budget.kind === 'PodUnavailableBudget' && e.tally instanceof PubTally) {
      const tallied = e.tally.sync({ pub: e.budget, workloads: this.workloads, now: this.now });
      if (tallied) return void settle(e, { ...tallied, syncFailed: false });
    }
    const pods = this.podsOf(ref);
    if (e.budget.kind === 'PodDisruptionBudget') {
      const sync = syncPdb({ pdb: e.budget, pods, workloads: this.workloads, now: this.now });
      e.budget = pdbView(e.budget, sync.status);
      e.counts = laneCounts(classifyPdbPods({ pdb: e.budget, pods, now: this.now }));
      e.syncFailed = sync.syncFailed;
    } else {
      const sync = syncPub({ pub: e.budget, pods, workloads: this.workloads, now: this.now });
      e.budget = { ...e.budget, status: sync.status };
      e.counts = laneCounts(sync.classification);
      e.syncFailed = sync.error !== undefined;
    }
  }

  state(ref: ResourceRef): PlannedBudgetState | undefined {
    const e = this.entry(ref);
    if (!e) return undefined;
    return e.budget.kind === 'PodDisruptionBudget'
      ? {
          kind: 'PodDisruptionBudget',
          ref: e.ref,
          status: e.budget.status,
          counts: e.counts,
          syncFailed: e.syncFailed,
        }
      : {
          kind: 'PodUnavailableBudget',
          ref: e.ref,
          status: e.budget.status,
          counts: e.counts,
          syncFailed: e.syncFailed,
        };
  }

  /** Every budget the plan read or changed, in its current state. */
  touched(): PlannedBudgetState[] {
    return [...this.budgets.values()].flatMap((e) => this.state(e.ref) ?? []);
  }
}
