import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOW, pod, pub } from '../budgets/__fixtures__/objects.js';
import { storedPdb, storedPdbArb } from './__fixtures__/stored-pdb.js';
import { labelSelectorMatches } from '../selectors/selector.js';
import { decideEviction } from './decide.js';
import type { EvictionDecision } from './decide-types.js';
import { explainEviction } from './explain.js';

// Random pods under zero to three PDBs (some selecting it, some not) and maybe an OpenKruise
// budget, each with a random stored status: whatever the engine decides, the rule and its words
// must agree with the figures shown beside them and with the input itself.

const budgetArb = fc.record({ selects: fc.boolean(), figures: storedPdbArb });

const caseArb = fc.record({
  ready: fc.boolean(),
  phase: fc.constantFrom('Running', 'Pending', 'Succeeded', 'Failed', 'Unknown'),
  terminating: fc.boolean(),
  budgets: fc.array(budgetArb, { maxLength: 3 }),
  pubAllowed: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
  dryRun: fc.boolean(),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function decide(c: Case): { d: EvictionDecision; selecting: number } {
  const p = pod('web-0', {
    ready: c.ready,
    phase: c.phase,
    ...(c.terminating ? { deletionTimestamp: '2024-05-01T11:59:00Z' } : {}),
    ...(c.pubAllowed !== undefined
      ? { annotations: { 'pub.kruise.io/related-pub': 'web-pub' } }
      : {}),
  });
  const pdbs = c.budgets.map((b, i) => storedPdb(`b${i}`, b.figures, { selects: b.selects }));
  const pubs =
    c.pubAllowed === undefined
      ? []
      : [
          pub(
            'web-pub',
            { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 },
            {
              status: {
                unavailableAllowed: c.pubAllowed,
                currentAvailable: 3,
                desiredAvailable: 2,
                totalReplicas: 3,
              },
            },
          ),
        ];
  const d = decideEviction({
    namespace: 'default',
    podName: 'web-0',
    pod: p,
    pdbs,
    pubs,
    options: { dryRun: c.dryRun },
    now: NOW,
  });
  // Counted independently of the engine's own lookup.
  const selecting = pdbs.filter(
    (b) => b.spec.selector !== undefined && labelSelectorMatches(b.spec.selector, p.labels),
  ).length;
  return { d, selecting };
}

const numbersIn = (text: string): number[] =>
  [...text.matchAll(/-?\d+/g)].map((m) => Number(m[0])).filter((n) => n !== 10 && n !== 2000);

describe('the rule and its explanation never contradict the figures beside them', () => {
  it('holds for random pods, budgets and statuses', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { d, selecting } = decide(c);
        const f = d.figures;
        const explanation = explainEviction(d);
        const bypassed = c.terminating || ['Pending', 'Succeeded', 'Failed'].includes(c.phase);
        // Status line and body agree; allowed is exactly a 201.
        expect(d.httpStatus).toBe(d.code);
        expect(d.allowed).toBe(d.httpStatus === 201);
        expect(d.dryRun).toBe(c.dryRun);
        // Every number in the words is a figure shown beside them.
        const shown = [
          f.selectingPdbs,
          f.disruptionsAllowed,
          f.currentHealthy,
          f.desiredHealthy,
          f.disruptionsAllowedAfter,
        ];
        for (const n of numbersIn(explanation)) expect(shown).toContain(n);
        // The PDB count is the PDBs selecting the pod (not PUBs) whenever it is shown.
        if (f.selectingPdbs !== undefined) expect(f.selectingPdbs).toBe(selecting);
        if (!bypassed && d.rule !== 'kruise-denied') expect(f.selectingPdbs).toBe(selecting);
        switch (d.rule) {
          case 'multiple-pdbs':
            expect([selecting >= 2, d.httpStatus, explanation]).toStrictEqual([
              true,
              500,
              expect.stringContaining(`${selecting} PodDisruptionBudgets`),
            ]);
            break;
          case 'budget-exhausted':
          case 'unhealthy-refused':
            expect([f.disruptionsAllowed, d.httpStatus]).toStrictEqual([0, 429]);
            expect(explanation).toContain(`allows 0 disruptions`);
            break;
          case 'budget-decremented':
            expect((f.disruptionsAllowed ?? 0) > 0).toBe(true);
            expect(f.disruptionsAllowedAfter).toBe((f.disruptionsAllowed ?? 0) - 1);
            expect(d.pdbAfter?.status.disruptionsAllowed).toBe(f.disruptionsAllowedAfter);
            expect(explanation).toContain(c.dryRun ? 'would use one' : 'uses one');
            break;
          case 'negative-allowed':
            expect((f.disruptionsAllowed ?? 0) < 0).toBe(true);
            break;
          case 'unhealthy-healthy-budget':
            expect(f.podReady).toBe(false);
            expect((f.currentHealthy ?? 0) >= (f.desiredHealthy ?? 0)).toBe(true);
            expect((f.desiredHealthy ?? 0) > 0).toBe(true);
            break;
          case 'unhealthy-always-allow':
            expect(f.podReady).toBe(false);
            break;
          case 'no-budget':
          case 'kruise-admitted':
            expect(selecting).toBe(0);
            break;
          default:
            break;
        }
        // Conversely: a pod that is not bypassed and under two PDBs is always the 500.
        if (!bypassed && selecting >= 2 && d.rule !== 'kruise-denied')
          expect(d.rule).toBe('multiple-pdbs');
        if (d.rule.startsWith('bypass-')) expect(bypassed).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
