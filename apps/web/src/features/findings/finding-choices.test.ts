import { describe, expect, it } from 'vitest';
import type { Finding } from '@pdbscope/shared/api';
import { choicesOf } from './finding-choices.js';

function finding(rule: string, kind: string, name: string): Finding {
  return {
    id: `${rule}/${name}`,
    rule,
    severity: 'warning',
    subject: { kind, namespace: 'shop', name },
    related: [],
    message: `${name} has a problem`,
    remedy: 'fix it',
  };
}

describe('choicesOf', () => {
  it('lists each rule once with its count, the most frequent first, ties by name', () => {
    const findings = [
      finding('stale-status', 'PodDisruptionBudget', 'a'),
      finding('pods-under-multiple-budgets', 'PodDisruptionBudget', 'b'),
      finding('stale-status', 'PodUnavailableBudget', 'c'),
      finding('invalid-spec', 'Deployment', 'd'),
    ];
    expect(choicesOf(findings, (f) => f.rule)).toStrictEqual([
      { value: 'stale-status', count: 2 },
      { value: 'invalid-spec', count: 1 },
      { value: 'pods-under-multiple-budgets', count: 1 },
    ]);
    expect(choicesOf(findings, (f) => f.subject.kind)).toStrictEqual([
      { value: 'PodDisruptionBudget', count: 2 },
      { value: 'Deployment', count: 1 },
      { value: 'PodUnavailableBudget', count: 1 },
    ]);
  });
});
