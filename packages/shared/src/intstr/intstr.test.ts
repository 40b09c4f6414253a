import { describe, expect, it } from 'vitest';
import { scaledValue } from './intstr.js';

describe('scaledValue (GetScaledValueFromIntOrPercent, roundUp)', () => {
  it.each([
    ['50%', 7, 4],
    ['34%', 3, 2],
    ['28%', 11, 4],
    ['28%', 22, 7],
    ['20%', 10, 2],
    ['1%', 1, 1],
    ['30%', 1, 1],
    ['0%', 10, 0],
    ['100%', 10, 10],
  ] as const)('%s of %i rounds up to %i', (value, total, expected) => {
    expect(scaledValue(value, total)).toStrictEqual({ ok: true, value: expected });
  });

  it('returns an int unchanged, 0 included', () => {
    expect(scaledValue(0, 10)).toStrictEqual({ ok: true, value: 0 });
    expect(scaledValue(3, 1)).toStrictEqual({ ok: true, value: 3 });
  });

  it('rounds down when asked', () => {
    expect(scaledValue('50%', 7, false)).toStrictEqual({ ok: true, value: 3 });
  });

  it('reports a string without % and an unparsable percent as errors', () => {
    expect(scaledValue('nope', 10)).toStrictEqual({
      ok: false,
      error: 'invalid value for IntOrString: invalid type: string is not a percentage',
    });
    expect(scaledValue('abc%', 10)).toStrictEqual({
      ok: false,
      error:
        'invalid value for IntOrString: invalid value "abc%": strconv.Atoi: parsing "abc": invalid syntax',
    });
  });
});
