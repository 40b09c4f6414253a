import type { Labels, OwnerRef, PodView } from '@pdbscope/shared';

/**
 * Shares equal values between objects: at 150,000 pods the same label sets, owners, node and
 * namespace names recur thousands of times, and JSON.parse makes a fresh copy of each.
 * Interned values are frozen so that sharing is safe.
 */
export class Interner {
  private readonly strings = new Map<string, string>();
  private readonly labelSets = new Map<string, Labels>();
  /**
   * Per owner (by uid): the shared reference, and the label set last seen on one of its pods (a
   * replica's labels are its siblings').
   */
  private readonly owners = new Map<string, OwnerSlot>();
  /** A list comes sorted by namespace: the last one seen is nearly always the next one's. */
  private lastNamespace = '';

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
    return view;
  }
}

/** An owner's shared reference and its pods' last label set (`size` -1: none seen yet). */
interface OwnerSlot {
  owner: OwnerRef;
  labels: Labels;
  size: number;
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
