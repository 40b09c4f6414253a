import { describe, expect, it } from 'vitest';
import { parseGoTime } from '../go/time.js';
import { isDoNotDisruptActive } from './do-not-disrupt.js';
import type { KarpenterEvent } from './events.js';
import { testPod } from './__fixtures__/objects.js';

const NOW = parseGoTime('2024-05-01T12:00:00Z') as bigint;

function judge(value: string, startTime?: string): [boolean, string[]] {
  const events: KarpenterEvent[] = [];
  const pod = testPod('web-7c9d-x7k2p', {
    annotations: { 'karpenter.sh/do-not-disrupt': value },
    ...(startTime ? { startTime } : {}),
  });
  const active = isDoNotDisruptActive(pod, { nowNs: NOW, record: (e) => events.push(e) });
  return [active, events.map((e) => `${e.reason}: ${e.message}`)];
}

describe('isDoNotDisruptActive', () => {
  it('ignores what is not a positive Go duration, saying why in Go’s words', () => {
    expect([judge('1d'), judge('-5m'), judge('yes'), judge('TRUE')]).toStrictEqual([
      [
        false,
        [
          'InvalidDoNotDisruptAnnotation: Invalid karpenter.sh/do-not-disrupt annotation: failed to parse "1d" as a duration: time: unknown unit "d" in duration "1d", ignoring annotation',
        ],
      ],
      [
        false,
        [
          'InvalidDoNotDisruptAnnotation: Invalid karpenter.sh/do-not-disrupt annotation: duration "-5m" must be positive, ignoring annotation',
        ],
      ],
      [
        false,
        [
          'InvalidDoNotDisruptAnnotation: Invalid karpenter.sh/do-not-disrupt annotation: failed to parse "yes" as a duration: time: invalid duration "yes", ignoring annotation',
        ],
      ],
      [
        false,
        [
          'InvalidDoNotDisruptAnnotation: Invalid karpenter.sh/do-not-disrupt annotation: failed to parse "TRUE" as a duration: time: invalid duration "TRUE", ignoring annotation',
        ],
      ],
    ]);
  });

  it('protects for the duration since the start time, to the nanosecond', () => {
    expect([
      judge('1h30m', '2024-05-01T10:30:00.000000001Z'),
      judge('1h30m', '2024-05-01T10:30:00Z'),
      judge('1.5h'),
    ]).toStrictEqual([
      [
        true,
        [
          'DoNotDisruptUntil: The karpenter.sh/do-not-disrupt grace period will elapse at 2024-05-01T12:00:00Z',
        ],
      ],
      [
        false,
        [
          'DoNotDisruptGracePeriodElapsed: The karpenter.sh/do-not-disrupt grace period has elapsed, pod is now disruptable',
        ],
      ],
      [
        true,
        [
          'DoNotDisruptUntil: The karpenter.sh/do-not-disrupt grace period will elapse at 2024-05-01T12:30:00Z',
        ],
      ],
    ]);
  });
});
