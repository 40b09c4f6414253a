import fc from 'fast-check';
import { pdb } from '../../budgets/__fixtures__/objects.js';
import type { PdbView } from '../../model/budget.js';

/** A PDB's stored figures at random: what the eviction handler decides on. */
export const storedPdbArb = fc.record({
  allowed: fc.integer({ min: -1, max: 4 }),
  currentHealthy: fc.integer({ min: 0, max: 5 }),
  desiredHealthy: fc.integer({ min: 0, max: 5 }),
  alwaysAllow: fc.boolean(),
  stale: fc.boolean(),
});
export type StoredPdb = typeof storedPdbArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * The PDB `name` with those figures, selecting `app=web` (or `app=other` when `selects` is false);
 * stale is a spec one generation ahead of its status.
 */
export function storedPdb(
  name: string,
  b: StoredPdb,
  o: { selects?: boolean; disruptedPods?: Record<string, string> } = {},
): PdbView {
  return pdb(name, {
    selector: { matchLabels: { app: (o.selects ?? true) ? 'web' : 'other' } },
    ...(b.alwaysAllow ? { unhealthyPodEvictionPolicy: 'AlwaysAllow' } : {}),
    generation: b.stale ? 2 : 1,
    status: {
      observedGeneration: 1,
      disruptionsAllowed: b.allowed,
      currentHealthy: b.currentHealthy,
      desiredHealthy: b.desiredHealthy,
      expectedPods: 5,
      ...(o.disruptedPods !== undefined ? { disruptedPods: o.disruptedPods } : {}),
    },
  });
}
