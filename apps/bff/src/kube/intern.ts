import type { Labels, OwnerRef, PodView } from '@pdbscope/shared';

/**
 * Shares equal values between objects: at 150,000 pods the same label sets, owners, node and
 * namespace names recur thousands of times, and JSON.parse makes a fresh copy of each.
 * Interned values are frozen so that sharing is safe.
 */
export class Interner {
  private readonly strings = new Map<string, string>();
  private readonly labelSets = new Map<string, Labels>();
  private readonly owners = new Map<string, OwnerRef>();
  /** The label set last seen on a pod of each owner (by uid): a replica's labels are its siblings'. */
  private readonly ownerLabels = new Map<string, { labels: Labels; size: number }>();

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
    const known = this.owners.get(owner.uid);
    if (
      known &&
      known.name === owner.name &&
      known.kind === owner.kind &&
      known.apiVersion === owner.apiVersion
    )
      return known;
    const frozen = Object.freeze({
      apiVersion: this.string(owner.apiVersion),
      kind: this.string(owner.kind),
      name: owner.name,
      uid: owner.uid,
    });
    this.owners.set(owner.uid, frozen);
    return frozen;
  }

  /**
   * Labels of a pod, shared with a sibling's when they are equal. Comparing with the sibling's
   * set is several times cheaper than building the set's key, and siblings usually agree.
   */
  private podLabels(labels: Labels, owner: string | undefined): Labels {
    const sibling = owner === undefined ? undefined : this.ownerLabels.get(owner);
    if (sibling !== undefined && sameLabels(sibling, labels)) return sibling.labels;
    const shared = this.labels(labels);
    if (owner !== undefined)
      this.ownerLabels.set(owner, { labels: shared, size: Object.keys(shared).length });
    return shared;
  }

  /** Interns a freshly converted pod's recurring parts in place (the view is ours until stored). */
  pod(view: PodView): PodView {
    const pod = view as { -readonly [K in keyof PodView]: PodView[K] };
    pod.namespace = this.string(pod.namespace);
    pod.labels = this.podLabels(pod.labels, pod.controller?.uid);
    if (Object.keys(pod.annotations).length === 0) pod.annotations = EMPTY;
    if (pod.nodeName !== undefined) pod.nodeName = this.string(pod.nodeName);
    if (pod.controller) pod.controller = this.owner(pod.controller);
    if (pod.waitingReason !== undefined) pod.waitingReason = this.string(pod.waitingReason);
    return view;
  }
}

const EMPTY: Labels = Object.freeze({});

function sameLabels(known: { labels: Labels; size: number }, labels: Labels): boolean {
  let n = 0;
  for (const k in labels) {
    if (known.labels[k] !== labels[k]) return false;
    n++;
  }
  return n === known.size;
}
