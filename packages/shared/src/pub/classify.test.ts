import { describe, expect, it } from 'vitest';
import type { PodView } from '../model/pod.js';
import { classifyPubPodsWith } from './sync.js';

const pod = (name: string, extra: Partial<PodView> = {}): PodView => ({
  kind: 'Pod',
  namespace: 'games',
  name,
  uid: `uid-${name}`,
  resourceVersion: '1',
  labels: { app: 'matchmaker' },
  annotations: { 'pub.kruise.io/related-pub': 'matchmaker' },
  phase: 'Running',
  ready: true,
  restartCount: 0,
  consistent: true,
  ...extra,
});

describe('classifyPubPodsWith', () => {
  it('puts each protected pod in a lane with a code and a reason', () => {
    const pods = [
      pod('up'),
      pod('evicted'),
      pod('resizing'),
      pod('crashing', { ready: false, waitingReason: 'CrashLoopBackOff' }),
      pod('starting', { phase: 'Pending', ready: false }),
      pod('marked', { labels: { app: 'matchmaker', 'unavailable-pod.kruise.io/drain': 'true' } }),
      pod('upgrading', { consistent: false }),
    ];
    const maps = {
      disruptedPods: { evicted: '2024-05-01T11:59:50Z' },
      unavailablePods: { resizing: '2024-05-01T11:59:55Z' },
    };
    expect(
      classifyPubPodsWith(pods, maps).map((c) => [c.pod.name, c.lane, c.code, c.reason]),
    ).toStrictEqual([
      ['up', 'available', 'Ready', 'Running and Ready'],
      ['evicted', 'disrupted', 'Disrupted', 'in disruptedPods since 2024-05-01T11:59:50Z'],
      ['resizing', 'disrupted', 'Disrupted', 'in unavailablePods since 2024-05-01T11:59:55Z'],
      ['crashing', 'unavailable', 'NotReady', 'not Ready (CrashLoopBackOff)'],
      ['starting', 'unavailable', 'Pending', 'Pending'],
      ['marked', 'unavailable', 'UnavailableLabel', 'labelled unavailable-pod.kruise.io/drain'],
      ['upgrading', 'unavailable', 'Updating', 'update in progress (state not consistent)'],
    ]);
  });
});
