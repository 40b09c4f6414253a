import { describe, expect, it } from 'vitest';
import { pdb } from '../budgets/__fixtures__/objects.js';
import { INVALID_PERCENT_DETAIL } from './int-or-percent.js';
import { validatePdb, validatePdbStatus } from './pdb.js';

describe('validatePdb', () => {
  it('accepts neither limit, a nil selector, 0, 0% and 100%', () => {
    for (const p of [
      pdb('a', { selector: null }),
      pdb('b', { minAvailable: 0 }),
      pdb('c', { maxUnavailable: '0%' }),
      pdb('d', { minAvailable: '100%' }),
    ]) {
      expect(validatePdb(p)).toStrictEqual([]);
    }
  });

  it('reports raw invalid values with the API server paths and details', () => {
    const p = pdb('bad', {
      minAvailable: 'abc%',
      maxUnavailable: -1,
      unhealthyPodEvictionPolicy: '',
    });
    expect(validatePdb(p)).toStrictEqual([
      {
        field: 'spec',
        type: 'FieldValueInvalid',
        value: p.spec,
        detail: 'minAvailable and maxUnavailable cannot be both set',
      },
      {
        field: 'spec.minAvailable',
        type: 'FieldValueInvalid',
        value: 'abc%',
        detail: INVALID_PERCENT_DETAIL,
      },
      {
        field: 'spec.maxUnavailable',
        type: 'FieldValueInvalid',
        value: -1,
        detail: 'must be greater than or equal to 0',
      },
      {
        field: 'spec.unhealthyPodEvictionPolicy',
        type: 'FieldValueNotSupported',
        value: '',
        detail: 'supported values: "AlwaysAllow", "IfHealthyBudget"',
      },
    ]);
  });

  it('rejects percentages above 100% and an unknown selector operator', () => {
    const p = pdb('bad', {
      maxUnavailable: '101%',
      selector: { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] },
    });
    expect(validatePdb(p)).toStrictEqual([
      {
        field: 'spec.maxUnavailable',
        type: 'FieldValueInvalid',
        value: '101%',
        detail: 'must not be greater than 100%',
      },
      {
        field: 'spec.selector.matchExpressions[0].operator',
        type: 'FieldValueInvalid',
        value: 'Gt',
        detail: 'not a valid selector operator',
      },
    ]);
  });
});

describe('validatePdbStatus', () => {
  it('forbids negative counters in policy/v1 only', () => {
    const status = { ...pdb('x').status, disruptionsAllowed: -1 };
    expect(validatePdbStatus(status)).toStrictEqual([
      {
        field: 'status.disruptionsAllowed',
        type: 'FieldValueInvalid',
        value: -1,
        detail: 'must be greater than or equal to 0',
      },
    ]);
    expect(validatePdbStatus(status, { apiVersion: 'policy/v1beta1' })).toStrictEqual([]);
  });
});
