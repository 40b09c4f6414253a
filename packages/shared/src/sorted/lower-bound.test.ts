import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerBound } from './lower-bound.js';

describe('lowerBound', () => {
  it('finds a key, or where it would go, in sorted keys', () => {
    const keys = ['node-a', 'node-c', 'node-c', 'node-e'];
    expect(
      ['', 'node-a', 'node-b', 'node-c', 'node-d', 'node-e', 'node-f'].map((k) =>
        lowerBound(keys, k),
      ),
    ).toStrictEqual([0, 0, 1, 1, 3, 3, 4]);
    expect(lowerBound([], 'x')).toBe(0);
  });

  it('equals the first index a scan finds', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.string(), (unsorted, target) => {
        const keys = [...unsorted].sort();
        const scanned = keys.findIndex((k) => !(k < target));
        expect(lowerBound(keys, target)).toBe(scanned === -1 ? keys.length : scanned);
      }),
    );
  });
});
