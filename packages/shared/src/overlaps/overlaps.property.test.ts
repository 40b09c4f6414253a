import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LabelSelector, LabelSelectorRequirement, Labels } from '../model/labels.js';
import { labelSelectorMatches } from '../selectors/selector.js';
import { staticOverlapPairs } from './potential.js';
import { selectorsIntersect } from './static.js';

// A small universe, so random selectors collide often; 'x' is also the witness's first fresh value.
const KEYS = ['app', 'tier', 'example.com/role'] as const;
const VALUES = ['x', 'x1', 'web', 'db'] as const;

const requirement: fc.Arbitrary<LabelSelectorRequirement> = fc.oneof(
  fc.record({
    key: fc.constantFrom(...KEYS),
    operator: fc.constantFrom('In', 'NotIn'),
    values: fc.uniqueArray(fc.constantFrom(...VALUES), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ key: fc.constantFrom(...KEYS), operator: fc.constantFrom('Exists', 'DoesNotExist') }),
);

const selector: fc.Arbitrary<LabelSelector | null> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant({}) },
  {
    weight: 8,
    arbitrary: fc.record(
      {
        matchLabels: fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES), {
          maxKeys: 2,
        }),
        matchExpressions: fc.array(requirement, { maxLength: 4 }),
      },
      { requiredKeys: [] },
    ),
  },
);

/** Every label set over the universe (each key absent, or one of the values, or a value no selector names). */
function allLabelSets(): Labels[] {
  const choices = [undefined, ...VALUES, 'other'];
  let sets: Record<string, string>[] = [{}];
  for (const key of KEYS) {
    sets = sets.flatMap((s) => choices.map((v) => (v === undefined ? s : { ...s, [key]: v })));
  }
  return sets;
}
const EVERY_LABEL_SET = allLabelSets();

describe('selectorsIntersect (property)', () => {
  it('returns a witness that both selectors match', () => {
    fc.assert(
      fc.property(selector, selector, (a, b) => {
        const r = selectorsIntersect(a, b);
        if (!r.overlap) return true;
        return labelSelectorMatches(a, r.witness) && labelSelectorMatches(b, r.witness);
      }),
      { numRuns: 2000 },
    );
  });

  it('returns no witness only when no label set at all matches both (exhaustive over the universe)', () => {
    fc.assert(
      fc.property(selector, selector, (a, b) => {
        const r = selectorsIntersect(a, b);
        const both = EVERY_LABEL_SET.some(
          (l) => labelSelectorMatches(a, l) && labelSelectorMatches(b, l),
        );
        expect(r.overlap).toStrictEqual(both);
      }),
      { numRuns: 1000 },
    );
  });

  it('never finds random label sets matching both when it says there is no overlap', () => {
    const labels = fc.dictionary(
      fc.constantFrom(...KEYS),
      fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 3 })),
    );
    fc.assert(
      fc.property(selector, selector, fc.array(labels, { maxLength: 30 }), (a, b, sets) => {
        if (selectorsIntersect(a, b).overlap) return true;
        return sets.every((l) => !(labelSelectorMatches(a, l) && labelSelectorMatches(b, l)));
      }),
      { numRuns: 1000 },
    );
  });

  it('is symmetric in whether it finds an overlap', () => {
    fc.assert(
      fc.property(
        selector,
        selector,
        (a, b) => selectorsIntersect(a, b).overlap === selectorsIntersect(b, a).overlap,
      ),
    );
  });
});

describe('staticOverlapPairs (property)', () => {
  it('finds exactly the pairs pairwise analysis finds, despite its pruning index', () => {
    const entries = fc.array(fc.record({ namespace: fc.constantFrom('a', 'b'), selector }), {
      maxLength: 14,
    });
    fc.assert(
      fc.property(entries, (list) => {
        const items = list.map((e, i) => ({
          item: i,
          namespace: e.namespace,
          selector: e.selector,
        }));
        const expected: string[] = [];
        for (const x of items) {
          for (const y of items) {
            if (
              x.item < y.item &&
              x.namespace === y.namespace &&
              selectorsIntersect(x.selector, y.selector).overlap
            ) {
              expected.push(`${x.item}-${y.item}`);
            }
          }
        }
        const got = staticOverlapPairs(items).pairs.map(
          (p) => `${Math.min(p.a, p.b)}-${Math.max(p.a, p.b)}`,
        );
        expect(got.sort()).toStrictEqual(expected.sort());
      }),
      { numRuns: 300 },
    );
  });
});
