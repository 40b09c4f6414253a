import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LabelSelector, LabelSelectorRequirement, Labels } from '../model/labels.js';
import { labelSelectorMatches, parseSelector, selectorMatches } from './selector.js';

const KEYS = ['app', 'tier', 'example.com/role'] as const;
const VALUES = ['web', 'db', 'a-1', ''] as const;

const key = fc.constantFrom(...KEYS);
const values = fc.uniqueArray(fc.constantFrom(...VALUES), { minLength: 1, maxLength: 3 });
const labels: fc.Arbitrary<Labels> = fc.dictionary(
  key,
  fc.oneof(fc.constantFrom(...VALUES), fc.constant('other')),
);
const requirement: fc.Arbitrary<LabelSelectorRequirement> = fc.oneof(
  fc.record({ key, operator: fc.constantFrom('In', 'NotIn'), values }),
  fc.record({ key, operator: fc.constantFrom('Exists', 'DoesNotExist') }),
);
const expressions = fc.array(requirement, { minLength: 1, maxLength: 4 });

const one = (r: LabelSelectorRequirement): LabelSelector => ({ matchExpressions: [r] });

describe('selector algebra (property)', () => {
  it('NotIn is the exact complement of In, DoesNotExist of Exists (a missing key matches NotIn)', () => {
    fc.assert(
      fc.property(key, values, labels, (k, vs, l) => {
        const inM = labelSelectorMatches(one({ key: k, operator: 'In', values: vs }), l);
        const notInM = labelSelectorMatches(one({ key: k, operator: 'NotIn', values: vs }), l);
        const exists = labelSelectorMatches(one({ key: k, operator: 'Exists' }), l);
        const dne = labelSelectorMatches(one({ key: k, operator: 'DoesNotExist' }), l);
        return inM !== notInM && exists !== dne && (!inM || exists);
      }),
    );
  });

  it('nil matches no label set and {} matches every one, including the empty set', () => {
    fc.assert(
      fc.property(labels, (l) => {
        expect([
          labelSelectorMatches(null, l),
          labelSelectorMatches(undefined, l),
          labelSelectorMatches({}, l),
        ]).toStrictEqual([false, false, true]);
        expect(labelSelectorMatches({ matchLabels: {}, matchExpressions: [] }, l)).toStrictEqual(
          true,
        );
      }),
    );
  });

  it('a matchLabels entry is the same requirement as In with one value', () => {
    fc.assert(
      fc.property(key, fc.constantFrom(...VALUES), labels, (k, v, l) => {
        return (
          labelSelectorMatches({ matchLabels: { [k]: v } }, l) ===
          labelSelectorMatches(one({ key: k, operator: 'In', values: [v] }), l)
        );
      }),
    );
  });

  it('a selector is the AND of its requirements, whatever their order or duplicated values', () => {
    fc.assert(
      fc.property(expressions, labels, (exprs, l) => {
        const all = labelSelectorMatches({ matchExpressions: exprs }, l);
        const each = exprs.every((e) => labelSelectorMatches(one(e), l));
        const reversed = labelSelectorMatches({ matchExpressions: [...exprs].reverse() }, l);
        const doubled = labelSelectorMatches(
          {
            matchExpressions: exprs.map((e) =>
              e.values ? { ...e, values: [...e.values, ...e.values] } : e,
            ),
          },
          l,
        );
        return all === each && all === reversed && all === doubled;
      }),
    );
  });

  it('parses requirements once: matching the parsed selector equals the convenience matcher', () => {
    fc.assert(
      fc.property(expressions, labels, (exprs, l) => {
        const parsed = parseSelector({ matchExpressions: exprs });
        return (
          parsed.ok &&
          selectorMatches(parsed.value, l) === labelSelectorMatches({ matchExpressions: exprs }, l)
        );
      }),
    );
  });

  it('rejects In/NotIn without values and Exists/DoesNotExist with values, as data', () => {
    fc.assert(
      fc.property(
        key,
        fc.constantFrom('In', 'NotIn'),
        fc.constantFrom('Exists', 'DoesNotExist'),
        values,
        (k, withValues, without, vs) => {
          const a = parseSelector(one({ key: k, operator: withValues, values: [] }));
          const b = parseSelector(one({ key: k, operator: without, values: vs }));
          return !a.ok && !b.ok;
        },
      ),
    );
  });
});
