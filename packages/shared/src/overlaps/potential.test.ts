import { describe, expect, it } from 'vitest';
import type { LabelSelector } from '../model/labels.js';
import { parseSelector } from '../selectors/selector.js';
import { selectorsIntersect } from './static.js';
import { staticOverlapPairs, type SelectorEntry } from './potential.js';

const entry = (
  namespace: string,
  item: string,
  selector: LabelSelector | null,
): SelectorEntry<string> => ({
  item,
  namespace,
  selector,
});

describe('staticOverlapPairs', () => {
  it('reports each overlapping pair once, within a namespace only, with a witness', () => {
    const result = staticOverlapPairs([
      entry('shop', 'web', { matchLabels: { app: 'web' } }),
      entry('shop', 'web-frontend', { matchLabels: { app: 'web', tier: 'frontend' } }),
      entry('shop', 'db', { matchLabels: { app: 'db' } }),
      entry('shop', 'not-canary', {
        matchExpressions: [{ key: 'track', operator: 'NotIn', values: ['canary'] }],
      }),
      entry('other', 'web', { matchLabels: { app: 'web' } }),
      entry('shop', 'nil', null),
    ]);
    expect(result).toStrictEqual({
      pairs: [
        { a: 'web', b: 'web-frontend', witness: { app: 'web', tier: 'frontend' } },
        { a: 'web', b: 'not-canary', witness: { app: 'web' } },
        { a: 'web-frontend', b: 'not-canary', witness: { app: 'web', tier: 'frontend' } },
        { a: 'db', b: 'not-canary', witness: { app: 'db' } },
      ],
      truncated: false,
      invalid: [],
    });
  });

  it('lists unparsable selectors as invalid and pairs them with nothing', () => {
    const bad: LabelSelector = { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] };
    const parsed = parseSelector(bad);
    const result = staticOverlapPairs([entry('shop', 'bad', bad), entry('shop', 'all', {})]);
    expect(parsed.ok).toStrictEqual(false);
    expect(result).toStrictEqual({
      pairs: [],
      truncated: false,
      invalid: [{ item: 'bad', error: parsed.ok ? 'parsed' : parsed.error }],
    });
  });

  it('stops at maxPairs and says so', () => {
    const entries = ['a', 'b', 'c', 'd'].map((k) =>
      entry('shop', k, { matchExpressions: [{ key: k, operator: 'Exists' }] }),
    );
    const capped = staticOverlapPairs(entries, { maxPairs: 2 });
    expect([capped.pairs.map((p) => `${p.a}+${p.b}`), capped.truncated]).toStrictEqual([
      ['a+b', 'a+c'],
      true,
    ]);
    expect(staticOverlapPairs(entries, { maxPairs: 6 }).truncated).toStrictEqual(false);
  });

  it('agrees with pairwise selectorsIntersect on a mixed set of selectors', () => {
    const selectors: LabelSelector[] = [
      { matchLabels: { app: 'zk' } },
      { matchLabels: { app: 'zk', role: 'server' } },
      { matchExpressions: [{ key: 'app', operator: 'In', values: ['zk', 'kafka'] }] },
      {
        matchExpressions: [
          { key: 'app', operator: 'In', values: ['kafka'] },
          { key: 'role', operator: 'DoesNotExist' },
        ],
      },
      { matchExpressions: [{ key: 'role', operator: 'Exists' }] },
      { matchLabels: { 'app.kubernetes.io/name': 'hdfs' } },
      {},
      { matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['zk'] }] },
    ];
    const entries = selectors.map((s, i) => entry('data', String(i), s));
    const expected: { a: string; b: string }[] = [];
    for (let i = 0; i < selectors.length; i++) {
      for (let j = i + 1; j < selectors.length; j++) {
        if (selectorsIntersect(selectors[i], selectors[j]).overlap)
          expected.push({ a: String(i), b: String(j) });
      }
    }
    const got = staticOverlapPairs(entries).pairs.map(({ a, b }) => ({ a, b }));
    const order = (p: { a: string; b: string }): number => Number(p.a) * 100 + Number(p.b);
    expect(got.sort((x, y) => order(x) - order(y))).toStrictEqual(expected);
  });
});
