import { describe, expect, it } from 'vitest';
import { compareActual } from './compare.js';

describe('compareActual (docs/oracle.md renamings)', () => {
  it('accepts an actual with more fields, full texts for xContains and more events', () => {
    const expected = {
      'ns/a': {
        condition: { reason: 'SyncFailed', messageContains: 'no matches' },
        eventsInclude: ['NoPods'],
        disruptedPods: {},
      },
    };
    const actual = {
      'ns/a': {
        condition: { reason: 'SyncFailed', message: 'no matches for kind "X"' },
        events: ['NoPods', 'UnmanagedPods'],
        disruptedPods: {},
        syncFailed: true,
      },
    };
    expect(compareActual(expected, actual)).toStrictEqual([]);
  });

  it('names every disagreement by path', () => {
    const expected = {
      valid: false,
      errorsContain: ['conflict'],
      disruptedPods: { a: 't' },
      causes: [{ reason: 'DisruptionBudget' }],
    };
    const actual = {
      valid: true,
      errors: ['other'],
      disruptedPods: { a: 't', b: 't' },
      causes: [],
    };
    expect(compareActual(expected, actual)).toStrictEqual([
      { path: 'valid', expected: false, actual: true },
      { path: 'errorsContain', expected: 'conflict', actual: ['other'] },
      { path: 'disruptedPods', expected: { a: 't' }, actual: { a: 't', b: 't' } },
      { path: 'causes', expected: [{ reason: 'DisruptionBudget' }], actual: [] },
    ]);
  });
});
