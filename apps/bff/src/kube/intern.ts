import type { Labels, OwnerRef, PodScheduling, PodView } from '@pdbscope/shared';

/** Pods deleted between two sweeps, at the least (a sweep walks every live pod). */
const MIN_DELETES_PER_SWEEP = 2000;

/**
 * Shares equal values between objects: at 150,000 pods the same label sets, owners, node and
 * namespace names recur thousands of times, and JSON.parse makes a fresh copy of each.
 * Interned values are frozen so that sharing is safe.
 *
 * Bounded: rollouts (new pod-template-hash labels, new ReplicaSets) and CronJobs (new Jobs)
 * bring new values for as long as the BFF runs, so what no live pod holds any more is released
 * by a sweep over the live pods, due once a quarter of them (at least 2,000) has been deleted
 * since the last one: amortised, each delete pays for about four pods' walk, and nothing is
 * counted on the path that interns.
 */
export class Interner {
  private deletesSinceSweep = 0;
  private deletesPerSweep = MIN_DELETES_PER_SWEEP;
  private readonly strings = new Map<string, string>();
  private readonly labelSets = new Map<string, Labels>();
  /**
   * Per owner (by uid): the shared reference, and the label set last seen on one of its pods (a
   * replica's labels are its siblings').
   */
  private readonly owners = new Map<string, OwnerSlot>();
  /** A list comes sorted by namespace: the last one seen is nearly always the next one's. */
  private lastNamespace = '';

  /** How many values are held, by table. */
  get size(): { strings: number; labelSets: number; owners: number } {
    return { strings: this.strings.size, labelSets: this.labelSets.size, owners: this.owners.size };
  }

  /** A pod was deleted: true when enough have gone since the last sweep that one is due. */
  podDeleted(): boolean {
    this.deletesSinceSweep += 1;
    return this.deletesSinceSweep >= this.deletesPerSweep;
  }

  /**
   * Releases every value none of these pods (every live one) holds. Values are kept by
   * identity: a live pod holds the very string, label set or owner it was given here.
   */
  sweep(livePods: Iterable<PodView>): void {
    const strings = new Set<string>();
    const labelSets = new Set<Labels>();
    const owners = new Set<OwnerRef>();
    let pods = 0;
    for (const pod of livePods) {
      pods += 1;
      strings.add(pod.namespace);
      if (pod.nodeName !== undefined) strings.add(pod.nodeName);
      if (pod.waitingReason !== undefined) strings.add(pod.waitingReason);
      labelSets.add(pod.labels);
      for (const k in pod.labels) {
        strings.add(k);
        strings.add(pod.labels[k] ?? '');
      }
      if (pod.controller) {
        owners.add(pod.controller);
        strings.add(pod.controller.apiVersion);
        strings.add(pod.controller.kind);
      }
    }
    for (const value of this.strings.keys()) if (!strings.has(value)) this.strings.delete(value);
    for (const [key, set] of this.labelSets) if (!labelSets.has(set)) this.labelSets.delete(key);
    for (const [uid, slot] of this.owners) if (!owners.has(slot.owner)) this.owners.delete(uid);
    this.lastNamespace = '';
    this.deletesSinceSweep = 0;
    this.deletesPerSweep = Math.max(MIN_DELETES_PER_SWEEP, Math.ceil(pods / 4));
  }

  string(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    this.strings.set(value, value);
    return value;
  }

  labels(labels: Labels): Labels {
    const keys = Object.keys(labels);
    if (keys.length === 0) return EMPTY;
    // Joined, not concatenated: a `+=` key stays a chain of cons strings (10 per label) for as
    // long as the map keeps it.
    const parts: string[] = [];
    for (const k of keys) parts.push(k, labels[k] ?? '');
    const key = parts.join('\u0000');
    const known = this.labelSets.get(key);
    if (known) return known;
    const copy: Record<string, string> = {};
    for (const k of keys) copy[this.string(k)] = this.string(labels[k] ?? '');
    const frozen = Object.freeze(copy);
    this.labelSets.set(key, frozen);
    return frozen;
  }

  owner(owner: OwnerRef): OwnerRef {
    return this.ownerSlot(owner).owner;
  }

  private ownerSlot(owner: OwnerRef): OwnerSlot {
    const known = this.owners.get(owner.uid);
    if (
      known &&
      known.owner.name === owner.name &&
      known.owner.kind === owner.kind &&
      known.owner.apiVersion === owner.apiVersion
    )
      return known;
    const slot: OwnerSlot = {
      owner: Object.freeze({
        apiVersion: this.string(owner.apiVersion),
        kind: this.string(owner.kind),
        name: owner.name,
        uid: owner.uid,
      }),
      labels: EMPTY,
      size: -1,
    };
    this.owners.set(owner.uid, slot);
    return slot;
  }

  /**
   * Labels of a pod, shared with a sibling's when they are equal. Comparing with the sibling's
   * set is several times cheaper than building the set's key, and siblings usually agree.
   */
  private podLabels(labels: Labels, slot: OwnerSlot | undefined): Labels {
    if (slot !== undefined && sameLabels(slot, labels)) return slot.labels;
    // A pod whose labels differ from its siblings' (a StatefulSet's pod-name, say) usually has a
    // set of its own: its fresh map is kept, values shared, rather than looked up as a whole.
    const shared = slot === undefined ? this.labels(labels) : this.own(labels);
    if (slot !== undefined) {
      slot.labels = shared;
      slot.size = Object.keys(shared).length;
    }
    return shared;
  }

  /** Shares the values of a fresh label map (ours: just converted) in place, and freezes it. */
  private own(labels: Labels): Labels {
    const map = labels as Record<string, string>;
    let empty = true;
    // Keys need no sharing: JSON.parse already makes property names unique strings.
    for (const k in map) {
      map[k] = this.string(map[k] ?? '');
      empty = false;
    }
    return empty ? EMPTY : Object.freeze(map);
  }

  /** Interns a freshly converted pod's recurring parts in place (the view is ours until stored). */
  pod(view: PodView): PodView {
    const pod = view as { -readonly [K in keyof PodView]: PodView[K] };
    if (pod.namespace === this.lastNamespace) pod.namespace = this.lastNamespace;
    else pod.namespace = this.lastNamespace = this.string(pod.namespace);
    const slot = pod.controller ? this.ownerSlot(pod.controller) : undefined;
    pod.labels = this.podLabels(pod.labels, slot);
    if (isEmpty(pod.annotations)) pod.annotations = EMPTY;
    if (pod.nodeName !== undefined) pod.nodeName = this.string(pod.nodeName);
    if (slot) pod.controller = slot.owner;
    if (pod.waitingReason !== undefined) pod.waitingReason = this.string(pod.waitingReason);
    // Replicas ask the scheduler for the same thing: one shared object per owner.
    if (slot && pod.scheduling !== undefined) {
      if (slot.scheduling !== undefined && sameValue(slot.scheduling, pod.scheduling))
        pod.scheduling = slot.scheduling;
      else slot.scheduling = pod.scheduling;
    }
    return view;
  }
}

/** An owner's shared reference and its pods' last label set (`size` -1: none seen yet). */
interface OwnerSlot {
  owner: OwnerRef;
  labels: Labels;
  size: number;
  /** The scheduling asks last seen on one of its pods. */
  scheduling?: PodScheduling;
}

/** Structural equality of JSON-like values (small: a pod's scheduling asks). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) =>
    sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

const EMPTY: Labels = Object.freeze({});

function isEmpty(map: Readonly<Record<string, string>>): boolean {
  for (const _ in map) return false;
  return true;
}

function sameLabels(known: Pick<OwnerSlot, 'labels' | 'size'>, labels: Labels): boolean {
  let n = 0;
  for (const k in labels) {
    if (known.labels[k] !== labels[k]) return false;
    n++;
  }
  return n === known.size;
}
