import { describe, expect, it } from 'vitest';
import { Ring } from './ring.js';

describe('Ring', () => {
  it('keeps the newest entries and returns those after a mark', () => {
    const ring = new Ring<number>(3);
    for (const n of [1, 2, 3, 4, 5]) ring.push(n);
    expect([
      ring.length,
      ring.after((n) => n === 3),
      ring.after((n) => n === 5),
      ring.after((n) => n === 1),
    ]).toStrictEqual([3, [4, 5], [], undefined]);
  });
});
