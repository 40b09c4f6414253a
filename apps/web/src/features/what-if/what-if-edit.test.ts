import { describe, expect, it } from 'vitest';
import { budgetOfParam, problemsFor, specYamlOf } from './what-if-edit.js';

describe('the what-if editor helpers', () => {
  it('read the budget of the address, and nothing else', () => {
    expect(budgetOfParam('PodDisruptionBudget/payments/payments-api')).toStrictEqual({
      kind: 'PodDisruptionBudget',
      namespace: 'payments',
      name: 'payments-api',
    });
    expect([
      budgetOfParam('Deployment/a/b'),
      budgetOfParam('PodDisruptionBudget/a'),
      budgetOfParam(null),
    ]).toStrictEqual([undefined, undefined, undefined]);
  });

  it("take the stored budget's spec as the editor's YAML", () => {
    const stored =
      'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: web\nspec:\n  minAvailable: 2\n  selector:\n    matchLabels:\n      app: web\nstatus:\n  disruptionsAllowed: 0\n';
    expect(specYamlOf(stored)).toBe('minAvailable: 2\nselector:\n  matchLabels:\n    app: web\n');
    expect(specYamlOf('a: [')).toBe('');
  });

  it("put the API server's messages about the editor's text at their line, the others apart", () => {
    expect(
      problemsFor(
        [
          { path: 'budgetSpecs[1].spec (line 2)', message: 'Map keys must be unique' },
          {
            path: 'budgetSpecs[1].spec: document 1',
            message: 'The PodDisruptionBudget "web" is invalid',
          },
          { path: 'budgetSpecs[0].budget', message: 'PodDisruptionBudget a/gone not found' },
        ],
        'budgetSpecs[1]',
      ),
    ).toStrictEqual({
      editor: [
        { line: 2, message: 'Map keys must be unique' },
        { message: 'The PodDisruptionBudget "web" is invalid' },
      ],
      others: [{ path: 'budgetSpecs[0].budget', message: 'PodDisruptionBudget a/gone not found' }],
    });
  });
});
