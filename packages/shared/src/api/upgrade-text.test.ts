import { describe, expect, it } from 'vitest';
import { combinationHeading } from './upgrade-text.js';

const parts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `change ${i + 1}`, cost: '' }));

describe('combinationHeading', () => {
  it('says whether a combination is the fewest that complete, may not be, or only gets furthest', () => {
    const search = { fewestChanges: true, exhaustive: true, forecasts: 13, maxChanges: 4 };
    expect(
      [
        { outcome: 'completes' as const, parts: parts(3), search },
        {
          outcome: 'completes' as const,
          parts: parts(9),
          search: { ...search, fewestChanges: false, forecasts: 27 },
        },
        {
          outcome: 'completes' as const,
          parts: parts(5),
          search: { ...search, fewestChanges: false, exhaustive: false, forecasts: 64 },
        },
        {
          outcome: 'gets-further' as const,
          parts: parts(6),
          search: { ...search, fewestChanges: false, forecasts: 40 },
        },
        {
          outcome: 'gets-further' as const,
          parts: parts(6),
          search: { ...search, fewestChanges: false, exhaustive: false, forecasts: 64 },
        },
      ].map(combinationHeading),
    ).toStrictEqual([
      'These 3 changes together, the fewest that let it complete (no single one is enough)',
      'These 9 changes together let it complete (none of up to 4 changes does; fewer than 9 are not ruled out)',
      'These 5 changes together let it complete (the search for fewer stopped after 64 forecasts)',
      'These 6 changes together get furthest, but the upgrade still stalls (none of up to 4 changes lets it complete, and no larger one found does)',
      'These 6 changes together get furthest, but the upgrade still stalls (no combination found in 64 forecasts lets it complete)',
    ]);
  });
});
