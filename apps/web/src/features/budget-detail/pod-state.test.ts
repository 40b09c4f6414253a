import { describe, expect, it } from 'vitest';
import { podStateWords } from './pod-state.js';

describe('podStateWords', () => {
  it('says Ready once, not "Ready Ready"', () => {
    expect(podStateWords({ reason: 'Ready', message: 'Ready', restartCount: 0 })).toStrictEqual({
      words: 'Ready',
      code: undefined,
    });
  });

  it('names a crash loop once, counts restarts with the right plural, and keeps the lane code', () => {
    expect([
      podStateWords({
        reason: 'NotReady',
        message: 'not Ready (CrashLoopBackOff)',
        waitingReason: 'CrashLoopBackOff',
        restartCount: 1,
      }),
      podStateWords({
        reason: 'UnavailableLabel',
        message: 'has the label unavailable-pod.kruise.io/upgrade',
        waitingReason: 'ContainerCreating',
        restartCount: 42,
      }),
    ]).toStrictEqual([
      { words: 'not Ready (CrashLoopBackOff) · 1 restart', code: undefined },
      {
        words: 'has the label unavailable-pod.kruise.io/upgrade · ContainerCreating · 42 restarts',
        code: 'UnavailableLabel',
      },
    ]);
  });
});
