/** Disjoint sets over 0..n-1 with path halving and union by size; each set carries rule bits. */
export class UnionFind {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;
  private readonly bits: Uint8Array;

  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
    this.size = new Int32Array(n).fill(1);
    this.bits = new Uint8Array(n);
  }

  find(i: number): number {
    let x = i;
    for (;;) {
      const p = this.parent[x] as number;
      if (p === x) return x;
      const grand = this.parent[p] as number;
      this.parent[x] = grand;
      x = grand;
    }
  }

  /** Joins the sets of `a` and `b` and marks the joined set with `bit`; returns its root. */
  union(a: number, b: number, bit: number): number {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra !== rb) {
      if ((this.size[ra] as number) < (this.size[rb] as number)) [ra, rb] = [rb, ra];
      this.parent[rb] = ra;
      this.size[ra] = (this.size[ra] as number) + (this.size[rb] as number);
      this.bits[ra] = (this.bits[ra] as number) | (this.bits[rb] as number);
    }
    this.bits[ra] = (this.bits[ra] as number) | bit;
    return ra;
  }

  /** Whether `a` and `b` are in one set that already carries `bit`. */
  joinedBy(a: number, b: number, bit: number): boolean {
    const ra = this.find(a);
    return ra === this.find(b) && ((this.bits[ra] as number) & bit) !== 0;
  }

  bitsOf(i: number): number {
    return this.bits[this.find(i)] as number;
  }

  sizeOf(i: number): number {
    return this.size[this.find(i)] as number;
  }
}
