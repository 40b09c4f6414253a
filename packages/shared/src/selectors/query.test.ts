import { describe, expect, it } from 'vitest';
import { parseLabelSelectorQuery } from './query.js';
import { selectorMatches } from './selector.js';

const node = {
  'kubernetes.io/hostname': 'worker-3',
  'topology.kubernetes.io/zone': 'eu-west-1b',
  'node-role.kubernetes.io/worker': '',
};

function matches(text: string): boolean {
  const parsed = parseLabelSelectorQuery(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return selectorMatches(parsed.value, node);
}

describe('parseLabelSelectorQuery', () => {
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
    expect([
      parseLabelSelectorQuery('zone in eu'),
      parseLabelSelectorQuery('zone in ()'),
      parseLabelSelectorQuery('-bad=x'),
    ]).toStrictEqual([
      {
        ok: false,
        error:
          "unable to parse requirement: found 'zone in eu', expected: in, notin, =, ==, !=, gt, lt",
      },
      {
        ok: false,
        error:
          "unable to parse requirement: for 'in', 'notin' operators, values set can't be empty",
      },
      {
        ok: false,
        error: expect.stringContaining(
          'unable to parse requirement: key: Invalid value: "-bad"',
        ) as unknown as string,
      },
    ]);
  });
});
