import { describe, expect, it } from 'vitest';
import type { LabelSelector } from '../model/labels.js';
import { isSelectorLooseOverlap } from './loose.js';

const expr = (operator: string, values?: string[]): LabelSelector => ({
  matchExpressions: [{ key: 'a', operator, ...(values ? { values } : {}) }],
});

describe('isSelectorLooseOverlap (OpenKruise)', () => {
  it.each([
    [expr('In', ['b', 'c']), expr('In', ['b', 'e']), true],
    [expr('In', ['b', 'c']), expr('In', ['e']), false],
    [expr('In', ['b', 'c']), expr('NotIn', ['b', 'c', 'f']), false],
    [expr('In', ['b', 'c']), expr('NotIn', ['b']), true],
    [expr('In', ['b']), expr('Exists'), true],
    [expr('In', ['b']), expr('DoesNotExist'), false],
    [expr('NotIn', ['x']), expr('NotIn', ['y']), true],
    [expr('DoesNotExist'), expr('NotIn', ['b'])],
    [expr('Exists'), expr('DoesNotExist'), false],
    [{ matchLabels: { a: 'b' } }, expr('In', ['b', 'c']), true],
    [{ matchLabels: { a: 'b' } }, { matchLabels: { a: 'b', tier: 'fe' } }, false],
  ] as [LabelSelector, LabelSelector, boolean?][])('%j vs %j', (x, y, expected = true) => {
    expect(isSelectorLooseOverlap(x, y)).toBe(expected);
    expect(isSelectorLooseOverlap(y, x)).toBe(expected);
  });

  it('lets matchLabels overwrite an expression on the same key', () => {
    const both: LabelSelector = {
      matchLabels: { a: 'z' },
      matchExpressions: [{ key: 'a', operator: 'In', values: ['b'] }],
    };
    expect(isSelectorLooseOverlap(both, expr('In', ['b']))).toBe(false);
    expect(isSelectorLooseOverlap(both, expr('In', ['z']))).toBe(true);
  });
});
