import { describe, expect, it } from 'vitest';
import { parseLabelQuery } from './label-query.js';
import { selectorMatches } from './selector.js';

const node = {
  'kubernetes.io/hostname': 'worker-3',
  'topology.kubernetes.io/zone': 'eu-west-1b',
  'node-role.kubernetes.io/worker': '',
};

function matches(text: string): boolean {
  const parsed = parseLabelQuery(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return selectorMatches(parsed.selector, node);
}

describe('parseLabelQuery', () => {
  it('reads every form kubectl -l takes and matches as the API server would', () => {
    expect(
      [
        '',
        'topology.kubernetes.io/zone=eu-west-1b',
        'topology.kubernetes.io/zone==eu-west-1a',
        'topology.kubernetes.io/zone!=eu-west-1a',
        'node-role.kubernetes.io/worker',
        '!node-role.kubernetes.io/control-plane',
        '!node-role.kubernetes.io/worker',
        'topology.kubernetes.io/zone in (eu-west-1a, eu-west-1b),kubernetes.io/hostname',
        'topology.kubernetes.io/zone notin (eu-west-1b)',
      ].map(matches),
    ).toStrictEqual([true, true, false, true, true, true, false, true, false]);
  });

  it('says what is wrong with a term it cannot read or a key the API server refuses', () => {
    expect([parseLabelQuery('zone in eu'), parseLabelQuery('-bad=x')]).toStrictEqual([
      {
        ok: false,
        error:
          'cannot read "zone in eu": expected key, !key, key=value, key!=value, key in (a,b) or key notin (a,b)',
      },
      {
        ok: false,
        error: expect.stringContaining('key: Invalid value: "-bad"') as unknown as string,
      },
    ]);
  });
});
