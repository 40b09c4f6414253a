import { describe, expect, it } from 'vitest';
import { validateLabelSelector } from './validate.js';

describe('validateLabelSelector', () => {
  it('accepts nil and {}', () => {
    expect(validateLabelSelector(null, 'spec.selector')).toStrictEqual([]);
    expect(validateLabelSelector({}, 'spec.selector')).toStrictEqual([]);
  });

  it('reports each problem at its field path with the API server detail', () => {
    const errs = validateLabelSelector(
      {
        matchExpressions: [
          { key: 'app', operator: 'In', values: [] },
          { key: 'tier', operator: 'Exists', values: ['x'] },
          { key: 'zone', operator: 'Gt', values: ['1'] },
        ],
      },
      'spec.selector',
    );
    expect(errs).toStrictEqual([
      {
        field: 'spec.selector.matchExpressions[0].values',
        type: 'FieldValueRequired',
        detail: "must be specified when `operator` is 'In' or 'NotIn'",
      },
      {
        field: 'spec.selector.matchExpressions[1].values',
        type: 'FieldValueForbidden',
        detail: "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
      },
      {
        field: 'spec.selector.matchExpressions[2].operator',
        type: 'FieldValueInvalid',
        value: 'Gt',
        detail: 'not a valid selector operator',
      },
    ]);
  });

  it('reports a key with too many slashes under matchLabels', () => {
    const errs = validateLabelSelector(
      { matchLabels: { 'k8s.io/too/many/slashes': 'value' } },
      'spec.selector',
    );
    expect(errs.map((e) => [e.field, e.type])).toStrictEqual([
      ['spec.selector.matchLabels', 'FieldValueInvalid'],
    ]);
  });
});
