import { failSafeStatus } from '../budgets/condition.js';
import { isDisrupted, PDB_DELETION_TIMEOUT_MS } from '../budgets/disrupted.js';
import { getExpectedPodCount, type ExpectedPodCount } from '../budgets/expected.js';
import { pdbSelector } from '../budgets/select.js';
import { pdbStatusFrom } from '../budgets/sync.js';
import { timeMs } from '../budgets/time.js';
import type { WorkloadLookup } from '../budgets/workload-lookup.js';
import type { LaneCounts } from '../index/types.js';
import type { PdbStatus, PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { Result } from '../result/index.js';

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A controller reference as `getExpectedScale` tells them apart. */
const controllerKey = (c: NonNullable<PodView['controller']>): string =>
  `${c.uid}\u0000${c.kind}\u0000${c.name}\u0000${c.apiVersion}`;

/** Only maxUnavailable-less integer minAvailable counts the pods themselves. */
const countsPods = (pdb: PdbView): boolean =>
  pdb.spec.maxUnavailable === undefined && typeof pdb.spec.minAvailable === 'number';

interface CachedExpected {
  spec: PdbView['spec'];
  workloads: WorkloadLookup;
  /** The tally's `controllersVersion` then. */
  controllers: number;
  pods: number;
  result: Result<ExpectedPodCount>;
}

/** What a controller sync leaves: the status, whether it failed, and the pods' lanes. */
export interface TallySync {
  status: PdbStatus;
  syncFailed: boolean;
  counts: LaneCounts;
}

/**
 * A PDB's selected pods in a plan, with what the disruption controller counts kept as running
 * totals: a pod joining, leaving or changing moves the counts by one, instead of a sync walking
 * and sorting every pod of the budget after each eviction. `sync` ends in `pdbStatusFrom`, like
 * `syncPdb`, and gives exactly its status (the property test compares them after random plans).
 */
export class PdbTally {
  /** By pod name, as `disruptedPods` names them. */
  private readonly members = new Map<string, PodView>();
  /** Not terminating and Ready: healthy unless in disruptedPods. */
  private liveReady = 0;
  /** Pods per controller reference: the expected scale changes only when this key set does. */
  private readonly controllers = new Map<string, number>();
  /** Moves each time a controller reference joins or leaves the set (not when its count changes). */
  private controllersVersion = 0;
  private cached: CachedExpected | undefined;
  /**
   * A pod the plan lists twice, or from another namespace: the running totals no longer say what a
   * sync over the plan's pod list would, so the caller syncs from scratch (never seen in practice).
   */
  private irregular = false;

  constructor(
    private readonly namespace: string,
    pods: Iterable<PodView>,
  ) {
    for (const pod of pods) this.add(pod);
  }

  /** One pod changed: `before` leaves (if it was there), `after` joins (unless it is gone). */
  replace(before: PodView | undefined, after: PodView | undefined): void {
    if (before !== undefined) this.remove(before);
    if (after !== undefined) this.add(after);
  }

  /** The plan lists a pod twice: only a sync from scratch counts it as the controller would. */
  markIrregular(): void {
    this.irregular = true;
  }

  private add(pod: PodView): void {
    if (pod.namespace !== this.namespace || this.members.has(pod.name)) {
      this.irregular = true;
      return;
    }
    this.members.set(pod.name, pod);
    if (pod.deletionTimestamp === undefined && pod.ready) this.liveReady++;
    if (pod.controller) {
      const key = controllerKey(pod.controller);
      const n = this.controllers.get(key) ?? 0;
      if (n === 0) this.controllersVersion++;
      this.controllers.set(key, n + 1);
    }
  }

  private remove(pod: PodView): void {
    const held = this.members.get(pod.name);
    if (held === undefined || pod.namespace !== this.namespace) {
      this.irregular = true;
      return;
    }
    this.members.delete(pod.name);
    if (held.deletionTimestamp === undefined && held.ready) this.liveReady--;
    if (held.controller) {
      const key = controllerKey(held.controller);
      const n = (this.controllers.get(key) ?? 0) - 1;
      if (n > 0) this.controllers.set(key, n);
      else if (this.controllers.delete(key)) this.controllersVersion++;
    }
  }

  /** The pods sorted by name, as the index and the plan list them. */
  private sortedPods(): PodView[] {
    return [...this.members.keys()].sort(byName).map((name) => this.members.get(name) as PodView);
  }

  /**
   * `getExpectedPodCount`, computed again only when what it depends on changed: the spec, the
   * set of controllers (their scales), or the pod count for an integer minAvailable. An error
   * names a pod, so it is never reused.
   */
  private expected(pdb: PdbView, workloads: WorkloadLookup): Result<ExpectedPodCount> {
    const c = this.cached;
    if (
      c !== undefined &&
      c.spec === pdb.spec &&
      c.workloads === workloads &&
      (!countsPods(pdb) || c.pods === this.members.size) &&
      c.controllers === this.controllersVersion
    )
      return c.result;
    const result = getExpectedPodCount(pdb, this.sortedPods(), workloads);
    // Two references with one UID: which one counts depends on the pods' order.
    const uids = new Set([...this.controllers.keys()].map((k) => k.slice(0, k.indexOf('\u0000'))));
    this.cached =
      result.ok && uids.size === this.controllers.size
        ? {
            spec: pdb.spec,
            workloads,
            controllers: this.controllersVersion,
            pods: this.members.size,
            result,
          }
        : undefined;
    return result;
  }

  /** `buildDisruptedPodMap`'s pruned map: entries of present, not terminating, unexpired pods. */
  private pruned(
    input: Readonly<Record<string, string>>,
    now: Date,
  ): Readonly<Record<string, string>> {
    const names = Object.keys(input);
    // The same map when nothing goes: most syncs have no entry at all.
    if (names.length === 0) return input;
    const out: Record<string, string> = {};
    const nowMs = now.getTime();
    let same = true;
    // In the pods' order, as the controller builds it.
    const sorted = [...names].sort(byName);
    for (let i = 0; i < sorted.length; i++) {
      const name = sorted[i] as string;
      const pod = this.members.get(name);
      const at = input[name];
      const kept =
        pod !== undefined &&
        at !== undefined &&
        pod.deletionTimestamp === undefined &&
        timeMs(at) + PDB_DELETION_TIMEOUT_MS >= nowMs;
      if (kept) out[name] = at;
      same &&= kept && names[i] === name;
    }
    return same ? input : out;
  }

  /** Pods in an unexpired disruptedPods entry (not terminating), and how many of them are Ready. */
  private disrupted(map: Readonly<Record<string, string>>, now: Date) {
    let all = 0;
    let ready = 0;
    for (const name of Object.keys(map)) {
      const pod = this.members.get(name);
      if (pod === undefined || pod.deletionTimestamp !== undefined) continue;
      if (!isDisrupted(pod, map, now)) continue;
      all++;
      if (pod.ready) ready++;
    }
    return { all, ready };
  }

  /**
   * One controller sync of the PDB over the tallied pods (`syncPdb`'s status and failure, and
   * `classifyPdbPods`' lanes); undefined when only a sync from scratch can tell.
   */
  sync(input: { pdb: PdbView; workloads: WorkloadLookup; now: Date }): TallySync | undefined {
    if (this.irregular) return undefined;
    const { pdb, now } = input;
    const selector = pdbSelector(pdb);
    const expected = selector.ok ? this.expected(pdb, input.workloads) : selector;
    let status: PdbStatus;
    if (expected.ok) {
      const disruptedPods = this.pruned(pdb.status.disruptedPods, now);
      const currentHealthy = this.liveReady - this.disrupted(disruptedPods, now).ready;
      status = pdbStatusFrom({
        pdb,
        expected: expected.value,
        disruptedPods,
        currentHealthy,
        now,
      });
    } else status = failSafeStatus(pdb.status, expected.error, now);
    const disrupted = this.disrupted(status.disruptedPods, now);
    const available = this.liveReady - disrupted.ready;
    return {
      status,
      syncFailed: !expected.ok,
      counts: {
        selected: this.members.size,
        available,
        disrupted: disrupted.all,
        unavailable: this.members.size - available - disrupted.all,
      },
    };
  }
}
