import { describe, expect, it } from 'vitest';
import { podFromObject } from '../model/convert.js';
import { NOW } from './__fixtures__/objects.js';
import { staleDisruption } from './stale-disruption.js';

function podWith(
  condition: Record<string, unknown>,
  extra: { phase?: string; deletionTimestamp?: string } = {},
) {
  const r = podFromObject({
    metadata: {
      name: 'web-0',
      namespace: 'default',
      uid: 'u',
      ...(extra.deletionTimestamp ? { deletionTimestamp: extra.deletionTimestamp } : {}),
    },
    status: {
      phase: extra.phase ?? 'Running',
      conditions: [
        { type: 'Ready', status: 'True' },
        { type: 'DisruptionTarget', ...condition },
      ],
    },
  });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('staleDisruption', () => {
  it('waits two minutes after the condition was set, then cleans up', () => {
    const cond = { status: 'True', reason: 'EvictionByEvictionAPI' };
    expect(
      staleDisruption(podWith({ ...cond, lastTransitionTime: '2024-05-01T11:59:30Z' }), NOW),
    ).toStrictEqual({ hasCondition: true, cleanAfterSeconds: 90 });
    expect(
      staleDisruption(podWith({ ...cond, lastTransitionTime: '2024-05-01T11:57:00Z' }), NOW),
    ).toStrictEqual({ hasCondition: true, cleanAfterSeconds: 0 });
  });

  it('ignores kubelet conditions, terminal and terminating pods', () => {
    const set = { status: 'True', lastTransitionTime: '2024-05-01T11:00:00Z' };
    expect(staleDisruption(podWith({ ...set, reason: 'TerminationByKubelet' }), NOW)).toStrictEqual(
      { hasCondition: false },
    );
    expect(staleDisruption(podWith(set, { phase: 'Failed' }), NOW)).toStrictEqual({
      hasCondition: false,
    });
    expect(
      staleDisruption(podWith(set, { deletionTimestamp: '2024-05-01T11:59:00Z' }), NOW),
    ).toStrictEqual({ hasCondition: false });
  });
});
