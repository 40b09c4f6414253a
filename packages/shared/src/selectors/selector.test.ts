import { describe, expect, it } from 'vitest';
import {
  labelSelectorMatches,
  parseSelector,
  selectorMatches,
  selectorToString,
} from './selector.js';

describe('parseSelector (metav1.LabelSelectorAsSelector)', () => {
  it('answers a selector object it has seen with the same answer, and an equal new object alike', () => {
    const selector = {
      matchLabels: { app: 'web' },
      matchExpressions: [{ key: 'tier', operator: 'Exists' }],
    };
    const first = parseSelector(selector);
    expect({
      same: parseSelector(selector) === first,
      equal: parseSelector(structuredClone(selector)),
    }).toStrictEqual({ same: true, equal: first });
  });

  it('turns nil into nothing and {} into everything', () => {
    expect(parseSelector(null)).toStrictEqual({ ok: true, value: { kind: 'nothing' } });
    expect(parseSelector(undefined)).toStrictEqual({ ok: true, value: { kind: 'nothing' } });
    expect(parseSelector({})).toStrictEqual({ ok: true, value: { kind: 'everything' } });
    expect(parseSelector({ matchLabels: {}, matchExpressions: [] })).toStrictEqual({
      ok: true,
      value: { kind: 'everything' },
    });
  });

  it('makes matchLabels single-value In requirements, sorted by key, values deduplicated', () => {
    expect(
      parseSelector({
        matchLabels: { 'app.kubernetes.io/name': 'zookeeper' },
        matchExpressions: [{ key: 'env', operator: 'In', values: ['prod', 'dev', 'prod'] }],
      }),
    ).toStrictEqual({
      ok: true,
      value: {
        kind: 'requirements',
        requirements: [
          { key: 'app.kubernetes.io/name', operator: 'In', values: ['zookeeper'], equals: true },
          { key: 'env', operator: 'In', values: ['dev', 'prod'] },
        ],
      },
    });
  });

  it('reports an unknown operator with Go %q quoting, as data', () => {
    expect(
      parseSelector({ matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] }),
    ).toStrictEqual({
      ok: false,
      error: '"Gt" is not a valid label selector operator',
    });
  });

  it('rejects In without values and Exists with values', () => {
    expect(parseSelector({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }).ok).toBe(
      false,
    );
    expect(
      parseSelector({ matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] }).ok,
    ).toBe(false);
  });

  it('rejects an invalid key and an invalid value', () => {
    const badKey = parseSelector({ matchLabels: { 'k8s.io/too/many/slashes': 'v' } });
    expect(badKey.ok).toBe(false);
    const badValue = parseSelector({ matchLabels: { app: 'not a value' } });
    expect(badValue.ok).toBe(false);
  });
});

describe('selectorMatches', () => {
  const match = (
    sel: Parameters<typeof parseSelector>[0],
    labels: Record<string, string>,
  ): boolean => {
    const parsed = parseSelector(sel);
    if (!parsed.ok) throw new Error(parsed.error);
    return selectorMatches(parsed.value, labels);
  };

  it('lets NotIn match a label set without the key', () => {
    const sel = { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['a'] }] };
    expect([match(sel, { tier: 'b' }), match(sel, { tier: 'a' }), match(sel, {})]).toStrictEqual([
      true,
      false,
      true,
    ]);
  });

  it('lets Exists match an empty value and DoesNotExist match label-less pods', () => {
    expect(match({ matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, { tier: '' })).toBe(
      true,
    );
    expect(match({ matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] }, {})).toBe(true);
  });

  it('requires a key used in matchLabels and matchExpressions to satisfy both', () => {
    const sel = {
      matchLabels: { a: '1' },
      matchExpressions: [{ key: 'a', operator: 'In', values: ['2'] }],
    };
    expect([match(sel, { a: '1' }), match(sel, { a: '2' })]).toStrictEqual([false, false]);
  });

  it('does not treat inherited object keys as labels', () => {
    expect(match({ matchExpressions: [{ key: 'constructor', operator: 'Exists' }] }, {})).toBe(
      false,
    );
  });

  it('treats an unparsable selector as matching nothing in labelSelectorMatches', () => {
    expect(
      labelSelectorMatches(
        { matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] },
        { a: '2' },
      ),
    ).toBe(false);
  });
});

describe('selectorToString', () => {
  it('prints a one-value In expression as a set and a matchLabels entry as an equality', () => {
    const parsed = parseSelector({
      matchLabels: { app: 'web' },
      matchExpressions: [{ key: 'tier', operator: 'In', values: ['fe'] }],
    });
    expect(parsed.ok && selectorToString(parsed.value)).toBe('app=web,tier in (fe)');
  });

  it('prints like labels.Selector.String()', () => {
    const parsed = parseSelector({
      matchLabels: { app: 'web' },
      matchExpressions: [
        { key: 'env', operator: 'NotIn', values: ['prod', 'dev'] },
        { key: 'canary', operator: 'DoesNotExist' },
        { key: 'tier', operator: 'Exists' },
        { key: 'zone', operator: 'In', values: ['a', 'b'] },
      ],
    });
    expect(parsed.ok && selectorToString(parsed.value)).toBe(
      'app=web,!canary,env notin (dev,prod),tier,zone in (a,b)',
    );
  });
});
