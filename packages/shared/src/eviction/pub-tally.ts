import { timeMs } from '../budgets/time.js';
import type { WorkloadLookup } from '../budgets/workload-lookup.js';
import type { LaneCounts } from '../index/types.js';
import type { PubStatus, PubView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import {
  PUB_DELETION_TIMEOUT_MS,
  PUB_UPDATE_DELAY_MS,
  isPodActive,
  pubUnavailability,
} from '../pub/available.js';
import {
  expectedScaleForPods,
  protectTotalReplicas,
  pubCoverage,
  type PubCoverage,
} from '../pub/pods.js';
import { desiredAvailableForPub } from '../pub/sync.js';

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A controller reference as `expectedScaleForPods` tells them apart. */
const controllerKey = (c: NonNullable<PodView['controller']>): string =>
  `${c.uid}\u0000${c.kind}\u0000${c.name}\u0000${c.apiVersion}`;

/** What a reconcile leaves that a plan reads: the status and the protected pods' lanes. */
export interface PubTallySync {
  status: PubStatus;
  counts: LaneCounts;
}

interface Controller {
  /** One protected pod of it: expectedScaleForPods reads only the reference and namespace. */
  pod: PodView;
  pods: number;
}

/**
 * A PodUnavailableBudget's pods in a plan, with what its controller's reconcile (`syncPub`) counts
 * kept as running totals: the protected pods (active and covered), those available, and their
 * workloads. After an eviction the pod leaves the protected set (it is terminating), instead of a
 * reconcile walking every pod of the PUB again. `sync` gives exactly syncPub's status and lanes
 * (the property test compares them after random plans); undefined where only a full reconcile can
 * tell (a spec or workloads other than those it was made with, a pod listed twice).
 */
export class PubTally {
  private readonly members = new Map<string, PodView>();
  private protectedPods = 0;
  /** Protected and available by themselves (before the status maps mark any as disrupted). */
  private availablePods = 0;
  private readonly controllers = new Map<string, Controller>();
  private cached: { keys: ReadonlySet<string>; expected: number } | undefined;
  private irregular = false;

  private constructor(
    private readonly pub: PubView,
    private readonly coverage: PubCoverage,
    private readonly workloads: WorkloadLookup,
  ) {}

  /**
   * A tally of the PUB over `pods` (the plan's list, any phase), or undefined when its coverage is
   * not a plain predicate: it does not resolve, or a custom workload's selector stands in when it
   * owns no pod (which pods count then depends on all of them at once).
   */
  static of(input: {
    pub: PubView;
    pods: Iterable<PodView>;
    workloads: WorkloadLookup;
  }): PubTally | undefined {
    const coverage = pubCoverage(input.pub, input.workloads);
    if (!coverage.ok || coverage.value.selectorFallback !== undefined) return undefined;
    const tally = new PubTally(input.pub, coverage.value, input.workloads);
    for (const pod of input.pods) tally.add(pod);
    return tally;
  }

  /** One pod changed: `before` leaves (if it was there), `after` joins (unless it is gone). */
  replace(before: PodView | undefined, after: PodView | undefined): void {
    if (before !== undefined) this.remove(before);
    if (after !== undefined) this.add(after);
  }

  /** The plan lists a pod twice: only a reconcile from scratch counts it as the controller would. */
  markIrregular(): void {
    this.irregular = true;
  }

  /** `pubPods`' test for one pod: active, and covered by the selector or the target's pods. */
  private protects(pod: PodView): boolean {
    const { coverage } = this;
    if (!coverage.expectedFromPods && coverage.targetReplicas === 0) return false;
    return isPodActive(pod) && coverage.covers(pod);
  }

  private count(pod: PodView, by: 1 | -1): void {
    if (!this.protects(pod)) return;
    this.protectedPods += by;
    if (pubUnavailability(pod) === undefined) this.availablePods += by;
    if (!pod.controller) return;
    const key = controllerKey(pod.controller);
    const known = this.controllers.get(key);
    const pods = (known?.pods ?? 0) + by;
    if (pods <= 0) this.controllers.delete(key);
    else
      this.controllers.set(key, { pod: by > 0 ? (known?.pod ?? pod) : this.other(key, pod), pods });
  }

  /** A protected pod of the controller other than `leaving`, to stand for it. */
  private other(key: string, leaving: PodView): PodView {
    const known = this.controllers.get(key);
    if (known !== undefined && known.pod.name !== leaving.name) return known.pod;
    for (const pod of this.members.values())
      if (pod.name !== leaving.name && pod.controller && this.protects(pod))
        if (controllerKey(pod.controller) === key) return pod;
    return leaving;
  }

  private add(pod: PodView): void {
    if (pod.namespace !== this.pub.namespace || this.members.has(pod.name)) {
      this.irregular = true;
      return;
    }
    this.members.set(pod.name, pod);
    this.count(pod, 1);
  }

  private remove(pod: PodView): void {
    const held = this.members.get(pod.name);
    if (held === undefined || pod.namespace !== this.pub.namespace) {
      this.irregular = true;
      return;
    }
    this.count(held, -1);
    this.members.delete(pod.name);
  }

  /**
   * `expectedScaleForPods` over the protected pods: the sum of the scales of their distinct
   * workloads, worked out again only when the set of controllers changed. Undefined when two
   * references share a UID (which one counts depends on the pods' order).
   */
  private expectedFromPods(): number | undefined {
    const c = this.cached;
    if (
      c !== undefined &&
      c.keys.size === this.controllers.size &&
      [...this.controllers.keys()].every((k) => c.keys.has(k))
    )
      return c.expected;
    const keys = new Set(this.controllers.keys());
    const uids = new Set([...keys].map((k) => k.slice(0, k.indexOf('\u0000'))));
    if (uids.size !== keys.size) return undefined;
    const standIns = [...this.controllers.values()].map((s) => s.pod);
    const expected = expectedScaleForPods(standIns, this.workloads);
    this.cached = { keys, expected };
    return expected;
  }

  /** `prune`'s map: entries of protected pods, unexpired, in the pods' (name) order. */
  private pruned(
    map: Readonly<Record<string, string>>,
    timeoutMs: number,
    nowMs: number,
  ): Record<string, string> {
    const out: Record<string, string> = {};
    const names = Object.keys(map);
    if (names.length === 0) return out;
    for (const name of names.sort(byName)) {
      const pod = this.members.get(name);
      const at = map[name];
      if (pod === undefined || at === undefined || !this.protects(pod)) continue;
      if (timeMs(at) + timeoutMs < nowMs) continue;
      out[name] = at;
    }
    return out;
  }

  /** One reconcile of the PUB over the tallied pods: syncPub's status and lanes. */
  sync(input: { pub: PubView; workloads: WorkloadLookup; now: Date }): PubTallySync | undefined {
    const { pub } = input;
    if (this.irregular || pub.spec !== this.pub.spec || input.workloads !== this.workloads)
      return undefined;
    const expected =
      protectTotalReplicas(pub) ??
      (this.coverage.expectedFromPods ? this.expectedFromPods() : this.coverage.targetReplicas);
    if (expected === undefined) return undefined;
    const desired = desiredAvailableForPub(pub, expected);
    if (!desired.ok) return undefined;
    const nowMs = input.now.getTime();
    const disruptedPods = this.pruned(pub.status.disruptedPods, PUB_DELETION_TIMEOUT_MS, nowMs);
    const unavailablePods = this.pruned(pub.status.unavailablePods, PUB_UPDATE_DELAY_MS, nowMs);
    // A pod in either map is in the disrupted lane, whatever its own state.
    const marked = new Set([...Object.keys(disruptedPods), ...Object.keys(unavailablePods)]);
    let markedAvailable = 0;
    for (const name of marked) {
      const pod = this.members.get(name);
      if (pod !== undefined && pubUnavailability(pod) === undefined) markedAvailable++;
    }
    const currentAvailable = this.availablePods - markedAvailable;
    return {
      status: {
        observedGeneration: pub.generation,
        disruptedPods,
        unavailablePods,
        unavailableAllowed: Math.max(0, currentAvailable - desired.value),
        currentAvailable,
        desiredAvailable: desired.value,
        totalReplicas: expected,
      },
      counts: {
        selected: this.protectedPods,
        available: currentAvailable,
        disrupted: marked.size,
        unavailable: this.protectedPods - currentAvailable - marked.size,
      },
    };
  }
}
