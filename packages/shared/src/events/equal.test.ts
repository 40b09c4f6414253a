import { describe, expect, it } from 'vitest';
import { jsonEqual } from './equal.js';

describe('jsonEqual', () => {
  it('compares JSON structurally; an undefined property is an absent one', () => {
    expect([
      jsonEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] }),
      jsonEqual({ a: 1, b: undefined }, { a: 1 }),
      jsonEqual({ a: 0 }, { a: null }),
      jsonEqual([1, 2], [2, 1]),
      jsonEqual([], {}),
      jsonEqual({ a: 1 }, { b: 1 }),
    ]).toStrictEqual([true, true, false, false, false, false]);
  });
});
