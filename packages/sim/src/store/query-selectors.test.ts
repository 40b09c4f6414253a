import { describe, expect, it } from 'vitest';
import { pod } from '../server/__fixtures__/cluster.js';
import {
  labelsMatch,
  parseFieldSelectorQuery,
  parseLabelSelectorQuery,
} from './query-selectors.js';

describe('label selector query', () => {
  it('parses equality, set, existence and negation terms', () => {
    expect(
      parseLabelSelectorQuery('app=web, tier in (fe,be),!canary,env!=prod,zone'),
    ).toStrictEqual({
      ok: true,
      value: {
        kind: 'requirements',
        requirements: [
          { key: 'app', operator: 'In', values: ['web'] },
          { key: 'tier', operator: 'In', values: ['be', 'fe'] },
          { key: 'canary', operator: 'DoesNotExist', values: [] },
          { key: 'env', operator: 'NotIn', values: ['prod'] },
          { key: 'zone', operator: 'Exists', values: [] },
        ],
      },
    });
  });

  it('matches like kube-apiserver: != matches a missing key', () => {
    const sel = parseLabelSelectorQuery('env!=prod');
    if (!sel.ok) throw new Error(sel.error);
    expect([labelsMatch(sel.value, {}), labelsMatch(sel.value, { env: 'prod' })]).toStrictEqual([
      true,
      false,
    ]);
  });

  it('rejects an invalid key and an empty set', () => {
    expect(parseLabelSelectorQuery('a b c').ok).toBe(false);
    expect(parseLabelSelectorQuery('tier in ()')).toStrictEqual({
      ok: false,
      error: "unable to parse requirement: for 'in', 'notin' operators, values set can't be empty",
    });
  });
});

describe('field selector query', () => {
  it('supports the pod fields and rejects unknown ones', () => {
    const sel = parseFieldSelectorQuery(
      'pods',
      'spec.nodeName=node-a,status.phase!=Failed,metadata.namespace==shop',
    );
    if (!sel.ok) throw new Error(sel.error);
    expect([
      sel.value.matches(pod({ name: 'a' })),
      sel.value.matches(pod({ name: 'b', nodeName: 'node-b' })),
    ]).toStrictEqual([true, false]);
    expect(parseFieldSelectorQuery('poddisruptionbudgets', 'spec.nodeName=x')).toStrictEqual({
      ok: false,
      error: 'field label not supported: spec.nodeName',
    });
  });
});
