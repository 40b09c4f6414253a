import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOW, pod } from '../budgets/__fixtures__/objects.js';
import { storedPdb, storedPdbArb } from './__fixtures__/stored-pdb.js';
import type { PdbView } from '../model/budget.js';
import { budgetedEvictionRule, decideEviction, refusedEvictionDecision } from './decide.js';
import { POD_DELETING_RULES } from './decide-rule.js';
import { firstEvictionOf } from './first-eviction.js';

// PDBs selecting a Running pod, each with a random stored status: quickRefusals takes the rule of
// a pod's first eviction from FirstEviction and builds a refused pod's answer from its rule, and
// both must be what the eviction handler (decideEviction) answers.

const budgetArb = fc.record({
  figures: storedPdbArb,
  // Past MAX_DISRUPTED_POD_SIZE (2000) the handler refuses with 403.
  disrupted: fc.constantFrom(0, 1, 2001),
});
type BudgetCase = typeof budgetArb extends fc.Arbitrary<infer T> ? T : never;

const disruptedPods = (n: number): Record<string, string> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`gone-${i}`, '2024-05-01T11:59:50Z']));

const budget = (b: BudgetCase, i: number): PdbView =>
  storedPdb(`b${i}`, b.figures, { disruptedPods: disruptedPods(b.disrupted) });

const dryRun = (ready: boolean, pdbs: readonly PdbView[]) =>
  decideEviction({
    namespace: 'default',
    podName: 'web-0',
    pod: pod('web-0', { ready, phase: 'Running' }),
    pdbs,
    options: { dryRun: true },
    now: NOW,
  });

describe('firstEvictionOf', () => {
  it('holds the rule the handler decides for a pod the PDB alone selects, Ready or not', () => {
    fc.assert(
      fc.property(budgetArb, fc.boolean(), (b, syncFailed) => {
        const view = budget(b, 0);
        const first = firstEvictionOf(view, syncFailed);
        expect({ ready: first.ready, notReady: first.notReady }).toStrictEqual({
          ready: dryRun(true, [view]).rule,
          notReady: dryRun(false, [view]).rule,
        });
        expect(first.resync).toBe(
          syncFailed ? 'never' : b.disrupted > 0 ? 'at-evaluation' : 'always',
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('refusedEvictionDecision', () => {
  it("equals the handler's whole answer for every eviction a budget rule refuses", () => {
    let refused = 0;
    fc.assert(
      fc.property(
        fc.array(budgetArb, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (bs, ready) => {
          const pdbs = bs.map(budget);
          const decided = dryRun(ready, pdbs);
          const rule = budgetedEvictionRule(ready, pdbs, false);
          expect(rule).toBe(decided.rule);
          if (POD_DELETING_RULES.has(rule)) return;
          refused++;
          const p = pod('web-0', { ready, phase: 'Running' });
          expect(refusedEvictionDecision(p, pdbs, rule)).toStrictEqual(decided);
        },
      ),
      { numRuns: 300 },
    );
    // Most cases are refusals (several PDBs, or one allowing none): the answer is checked often.
    expect(refused).toBeGreaterThan(100);
  });
});
