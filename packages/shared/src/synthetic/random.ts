/**
 * A small seeded pseudo-random source (mulberry32). The generator must give byte-identical
 * clusters for one seed on every machine, which `Math.random` cannot.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(table: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of table) total += w;
    let r = this.next() * total;
    for (const [value, w] of table) {
      r -= w;
      if (r < 0) return value;
    }
    const last = table[table.length - 1];
    if (last === undefined) throw new Error('weighted pick from an empty table');
    return last[0];
  }

  /** Fisher–Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const a = items[i] as T;
      items[i] = items[j] as T;
      items[j] = a;
    }
    return items;
  }

  /** A random version-4 style UUID, as the API server assigns to metadata.uid. */
  uuid(): string {
    const hex = (n: number): string => {
      let s = '';
      for (let i = 0; i < n; i++) s += HEX[Math.floor(this.next() * 16)];
      return s;
    };
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${HEX[8 + Math.floor(this.next() * 4)]}${hex(3)}-${hex(12)}`;
  }

  /** A name suffix from the alphabet Kubernetes uses for generated names (no vowels, no 0/1/3). */
  suffix(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += SAFE[Math.floor(this.next() * SAFE.length)];
    return s;
  }
}

const HEX = '0123456789abcdef';
// k8s.io/apimachinery/pkg/util/rand: "bcdfghjklmnpqrstvwxz2456789".
const SAFE = 'bcdfghjklmnpqrstvwxz2456789';
