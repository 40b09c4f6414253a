import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFix, parseFix, withFixes, type FixChange } from './fix-param.js';

// Plain objects, as the parser makes them (fast-check's records have no prototype by default).
const record = <T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc.record(model, { noNullPrototype: true });

const label = fc.stringMatching(/^[a-z0-9]([-a-z0-9]{0,20}[a-z0-9])?$/);
const name = fc.stringMatching(/^[a-z0-9]([-a-z0-9.]{0,30}[a-z0-9])?$/);
const kind = fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,15}$/);
const budget = record({
  kind: fc.constantFrom('PodDisruptionBudget' as const, 'PodUnavailableBudget' as const),
  namespace: label,
  name,
});
const count = fc.integer({ min: 0, max: 1_000_000 });

const change: fc.Arbitrary<FixChange> = fc.oneof(
  record({
    kind: fc.constant('budget-spec' as const),
    budget,
    field: fc.constantFrom('minAvailable' as const, 'maxUnavailable' as const),
    value: count,
  }),
  record({ kind: fc.constant('remove-budget' as const), budget }),
  record({
    kind: fc.constant('scale' as const),
    workload: record({ kind, namespace: label, name }),
    replicas: count,
  }),
  record({ kind: fc.constant('surge' as const), maxSurge: fc.integer({ min: 0, max: 1000 }) }),
  record({
    kind: fc.constant('drain-option' as const),
    option: fc.constantFrom(
      'force' as const,
      'ignoreDaemonSets' as const,
      'deleteEmptyDirData' as const,
    ),
  }),
);

describe('the fix= form of an upgrade change', () => {
  it('reads back every change it writes, and writes back every one it reads', () => {
    fc.assert(
      fc.property(change, (c) => {
        const text = formatFix(c);
        expect(parseFix(text)).toStrictEqual({ ok: true, value: c });
        // Readable in an address: nothing URLSearchParams has to escape but `/`, `:` and `=`.
        expect(text).toMatch(/^[a-z-]+:[A-Za-z0-9./=-]+$/);
      }),
    );
  });

  it('never throws on any text, and what it accepts it writes the same way', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const parsed = parseFix(text);
        if (parsed.ok) expect(parseFix(formatFix(parsed.value))).toStrictEqual(parsed);
        else expect(parsed.error.startsWith(`"${text}" is not a fix: `)).toBe(true);
      }),
    );
  });

  it('writes the readable form, and says what is wrong with a malformed one', () => {
    expect(
      [
        'scale:payments/Deployment/payments-api=3',
        'min-available:payments/payments-pdb=1',
        'max-unavailable:games/PodUnavailableBudget/matchmaker=2',
        // An explicit PDB kind reads as the short form.
        'remove-budget:shop/PodDisruptionBudget/edge-proxy',
        'surge:2',
        'drain:ignore-daemonsets',
      ].map((t) => {
        const p = parseFix(t);
        return p.ok ? formatFix(p.value) : p.error;
      }),
    ).toStrictEqual([
      'scale:payments/Deployment/payments-api=3',
      'min-available:payments/payments-pdb=1',
      'max-unavailable:games/PodUnavailableBudget/matchmaker=2',
      'remove-budget:shop/edge-proxy',
      'surge:2',
      'drain:ignore-daemonsets',
    ]);
    expect(
      [
        '{"kind":"surge"}',
        'scale:payments/payments-api=3',
        'min-available:payments/payments-pdb=-1',
        'min-available:payments/Deployment/web=1',
        'remove-budget:shop/edge-proxy=1',
        'drain:all',
        'grow:web',
      ].map((t) => {
        const p = parseFix(t);
        return p.ok ? 'parsed' : p.error;
      }),
    ).toStrictEqual([
      '"{"kind":"surge"}" is not a fix: {"kind" is not one of min-available, max-unavailable, remove-budget, scale, surge, drain',
      '"scale:payments/payments-api=3" is not a fix: expected scale:namespace/Kind/name=replicas',
      '"min-available:payments/payments-pdb=-1" is not a fix: expected =N, a whole number up to 1000000',
      '"min-available:payments/Deployment/web=1" is not a fix: Deployment is not a budget kind (PodDisruptionBudget, PodUnavailableBudget)',
      '"remove-budget:shop/edge-proxy=1" is not a fix: a removal takes no value',
      '"drain:all" is not a fix: expected drain:force|ignore-daemonsets|delete-emptydir-data',
      '"grow:web" is not a fix: grow is not one of min-available, max-unavailable, remove-budget, scale, surge, drain',
    ]);
  });

  it('adds a fix after those applied, replacing the one that sets the same thing', () => {
    expect(
      withFixes(
        ['max-unavailable:databases/postgres=1', 'drain:force', 'not a fix', 'surge:1'],
        ['min-available:databases/postgres=0', 'surge:2', 'scale:shop/Deployment/web=4'],
      ),
    ).toStrictEqual([
      'drain:force',
      'not a fix',
      'min-available:databases/postgres=0',
      'surge:2',
      'scale:shop/Deployment/web=4',
    ]);
  });
});
