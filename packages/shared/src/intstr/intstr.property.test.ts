import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaledValue } from './intstr.js';

const total = fc.integer({ min: 0, max: 200_000 });
const percent = fc.integer({ min: 0, max: 100 });

/** ceil / floor of p*t/100 in exact integer arithmetic, to check the float computation against. */
const ceilDiv = (p: number, t: number): number => Number((BigInt(p) * BigInt(t) + 99n) / 100n);
const floorDiv = (p: number, t: number): number => Number((BigInt(p) * BigInt(t)) / 100n);

describe('scaledValue (property)', () => {
  it('returns an integer unchanged, whatever the total and rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), total, fc.boolean(), (v, t, up) => {
        expect(scaledValue(v, t, up)).toStrictEqual({ ok: true, value: v });
      }),
    );
  });

  it('rounds a percentage up (and down when asked), exactly as integer arithmetic would', () => {
    fc.assert(
      fc.property(percent, total, (p, t) => {
        expect([scaledValue(`${p}%`, t), scaledValue(`${p}%`, t, false)]).toStrictEqual([
          { ok: true, value: ceilDiv(p, t) },
          { ok: true, value: floorDiv(p, t) },
        ]);
      }),
    );
  });

  it('maps 0% to 0 and 100% to the total; any non-zero percentage of a non-zero total to at least 1', () => {
    fc.assert(
      fc.property(total, fc.integer({ min: 1, max: 100 }), (t, p) => {
        const zero = scaledValue('0%', t);
        const all = scaledValue('100%', t);
        const some = scaledValue(`${p}%`, t);
        expect([zero, all]).toStrictEqual([
          { ok: true, value: 0 },
          { ok: true, value: t },
        ]);
        return !some.ok || t === 0 || some.value >= 1;
      }),
    );
  });

  it('is monotone in the percentage and never exceeds the total up to 100%', () => {
    fc.assert(
      fc.property(percent, percent, total, (p, q, t) => {
        const [lo, hi] = p <= q ? [p, q] : [q, p];
        const a = scaledValue(`${lo}%`, t);
        const b = scaledValue(`${hi}%`, t);
        return a.ok && b.ok && a.value <= b.value && b.value <= t;
      }),
    );
  });

  it('returns strings without % as an error, never a number', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.endsWith('%')),
        total,
        (s, t) => {
          expect(scaledValue(s, t)).toStrictEqual({
            ok: false,
            error: 'invalid value for IntOrString: invalid type: string is not a percentage',
          });
        },
      ),
    );
  });
});
