import { describe, expect, it } from 'vitest';
import type { Condition } from '../model/condition.js';
import { setStatusCondition } from './condition.js';

const NOW = new Date('2024-05-01T12:00:00Z');

const sufficient: Condition = {
  type: 'DisruptionAllowed',
  status: 'True',
  reason: 'SufficientPods',
  message: '',
  observedGeneration: 3,
  lastTransitionTime: '2024-04-30T08:00:00Z',
};
const other: Condition = {
  type: 'Other',
  status: 'True',
  reason: 'Kept',
  message: '',
  observedGeneration: 3,
  lastTransitionTime: '2024-04-01T00:00:00Z',
};
const next = {
  type: 'DisruptionAllowed',
  status: 'True',
  reason: 'SufficientPods',
  message: '',
  observedGeneration: 3,
};

describe('setStatusCondition', () => {
  it('leaves the same list when the condition is already as asked', () => {
    const conditions = [other, sufficient];
    expect(setStatusCondition(conditions, next, NOW)).toBe(conditions);
  });

  it('moves lastTransitionTime only when the status changes', () => {
    expect(
      setStatusCondition([other, sufficient], { ...next, observedGeneration: 4 }, NOW),
    ).toEqual([other, { ...sufficient, observedGeneration: 4 }]);
    expect(
      setStatusCondition(
        [other, sufficient],
        { ...next, status: 'False', reason: 'InsufficientPods' },
        NOW,
      ),
    ).toEqual([
      other,
      {
        ...sufficient,
        status: 'False',
        reason: 'InsufficientPods',
        lastTransitionTime: '2024-05-01T12:00:00Z',
      },
    ]);
  });

  it('adds a missing condition, transitioned now', () => {
    expect(setStatusCondition([other], next, NOW)).toEqual([
      other,
      { ...next, lastTransitionTime: '2024-05-01T12:00:00Z' },
    ]);
  });
});
