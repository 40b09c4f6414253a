import { lowerBound } from '../sorted/lower-bound.js';

/**
 * The nodes that take pods, bucketed by how many pods are bound to each, so that "the node with the
 * fewest pods that the pod fits (ties by name)" looks at the emptiest nodes first instead of
 * scanning every node of the cluster for every placement.
 */
export class LoadBuckets {
  private readonly count = new Map<string, number>();
  /**
   * Each bucket's nodes sorted by name: find stops at the first that fits, with no iterator object
   * per node looked at (a forecast places tens of thousands of pods).
   */
  private readonly buckets = new Map<number, string[]>();
  /** The non-empty buckets' pod counts, ascending. */
  private readonly keys: number[] = [];
  private readonly open = new Set<string>();

  copy(): LoadBuckets {
    const out = new LoadBuckets();
    for (const [name, pods] of this.count) out.add(name, pods, this.open.has(name));
    return out;
  }

  /** A node with `pods` bound; it is a candidate only while `open`. */
  add(name: string, pods: number, open: boolean): void {
    this.remove(name);
    this.count.set(name, pods);
    if (open) {
      this.open.add(name);
      this.enter(name, pods);
    }
  }

  remove(name: string): void {
    this.close(name);
    this.count.delete(name);
  }

  /** The node takes no more pods (it is being drained and replaced). */
  close(name: string): void {
    if (!this.open.delete(name)) return;
    this.leave(name, this.count.get(name) ?? 0);
  }

  isOpen(name: string): boolean {
    return this.open.has(name);
  }

  /** One pod more (bound) or fewer (gone) on a node. */
  adjust(name: string, delta: number): void {
    const before = this.count.get(name);
    if (before === undefined) return;
    const after = Math.max(0, before + delta);
    this.count.set(name, after);
    if (!this.open.has(name) || after === before) return;
    this.leave(name, before);
    this.enter(name, after);
  }

  /** The open node with the fewest pods that `fits` accepts, ties by name; undefined when none. */
  find(fits: (name: string) => boolean): string | undefined {
    for (const n of this.keys) {
      const bucket = this.buckets.get(n) ?? [];
      for (let i = 0; i < bucket.length; i++) {
        const name = bucket[i] as string;
        if (fits(name)) return name;
      }
    }
    return undefined;
  }

  private enter(name: string, pods: number): void {
    const bucket = this.buckets.get(pods);
    if (bucket) {
      const i = lowerBound(bucket, name);
      if (bucket[i] !== name) bucket.splice(i, 0, name);
      return;
    }
    this.buckets.set(pods, [name]);
    let i = this.keys.length;
    while (i > 0 && (this.keys[i - 1] ?? 0) > pods) i--;
    this.keys.splice(i, 0, pods);
  }

  private leave(name: string, pods: number): void {
    const bucket = this.buckets.get(pods);
    if (!bucket) return;
    const i = lowerBound(bucket, name);
    if (bucket[i] !== name) return;
    bucket.splice(i, 1);
    if (bucket.length > 0) return;
    this.buckets.delete(pods);
    this.keys.splice(this.keys.indexOf(pods), 1);
  }
}
