import { describe, expect, it } from 'vitest';
import { firstDrawShares } from './Lanes.js';

describe("the lanes' first frame", () => {
  it('gives a screenful of pods to the lanes in order, the later lanes what is left', () => {
    expect([
      firstDrawShares([900, 100, 0]),
      firstDrawShares([5, 40, 3]),
      firstDrawShares([2, 3, 4]),
      firstDrawShares([0, 0, 0]),
    ]).toStrictEqual([
      [20, 0, 0],
      [5, 15, 0],
      [2, 3, 4],
      [0, 0, 0],
    ]);
  });
});
