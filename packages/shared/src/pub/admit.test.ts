import { describe, expect, it } from 'vitest';
import { NOW, pod, pub } from '../budgets/__fixtures__/objects.js';
import { admitPubPodOperation, isOperationProtected } from './admit.js';

const protectedPod = pod('web-0', { annotations: { 'pub.kruise.io/related-pub': 'web' } });
const budget = (
  status: Record<string, unknown>,
  spec: Record<string, unknown> = {},
  annotations?: Record<string, string>,
) =>
  pub(
    'web',
    { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1, ...spec },
    { status: { desiredAvailable: 2, ...status }, ...(annotations ? { annotations } : {}) },
  );

describe('admitPubPodOperation', () => {
  it('denies with 403 "negative" when the budget is exactly 0', () => {
    expect(
      admitPubPodOperation({
        pod: protectedPod,
        pub: budget({ unavailableAllowed: 0 }),
        operation: 'DELETE',
        dryRun: false,
        now: NOW,
      }),
    ).toStrictEqual({
      allowed: false,
      code: 403,
      reason: 'Forbidden',
      message:
        'podunavailablebudget.policy.kruise.io "web" is forbidden: pub unavailable allowed is negative',
    });
  });

  it('records an UPDATE in unavailablePods and a DELETE in disruptedPods', () => {
    const b = budget({ unavailableAllowed: 2 });
    const update = admitPubPodOperation({
      pod: protectedPod,
      pub: b,
      operation: 'UPDATE',
      dryRun: false,
      now: NOW,
    });
    const del = admitPubPodOperation({
      pod: protectedPod,
      pub: b,
      operation: 'DELETE',
      dryRun: false,
      now: NOW,
    });
    expect([
      update.pubAfter?.status.unavailablePods,
      update.pubAfter?.status.unavailableAllowed,
    ]).toStrictEqual([{ 'web-0': '2024-05-01T12:00:00Z' }, 1]);
    expect(del.pubAfter?.status.disruptedPods).toStrictEqual({ 'web-0': '2024-05-01T12:00:00Z' });
  });

  it('writes nothing on a dry run', () => {
    expect(
      admitPubPodOperation({
        pod: protectedPod,
        pub: budget({ unavailableAllowed: 2 }),
        operation: 'EVICT',
        dryRun: true,
        now: NOW,
      }),
    ).toStrictEqual({
      allowed: true,
      code: 200,
      reason: '',
    });
  });

  it.each([
    [
      'no related-pub annotation',
      pod('web-0'),
      budget({ unavailableAllowed: 0 }),
      'no related PUB',
    ],
    [
      'no-protect annotation',
      pod('web-0', {
        annotations: { 'pub.kruise.io/related-pub': 'web', 'pub.kruise.io/no-protect': 'true' },
      }),
      budget({ unavailableAllowed: 0 }),
      'annotated pub.kruise.io/no-protect',
    ],
    [
      'unready pod',
      pod('web-0', { ready: false, annotations: { 'pub.kruise.io/related-pub': 'web' } }),
      budget({ unavailableAllowed: 0 }),
      'pod not available',
    ],
    [
      'desiredAvailable 0',
      protectedPod,
      budget({ unavailableAllowed: 0, desiredAvailable: 0 }),
      'desiredAvailable is 0',
    ],
    [
      'already recorded',
      protectedPod,
      budget({ unavailableAllowed: 0, unavailablePods: { 'web-0': '2024-05-01T11:59:59Z' } }),
      'already recorded by the PUB',
    ],
    [
      'ignoredPodSelector',
      protectedPod,
      budget({ unavailableAllowed: 0 }, { ignoredPodSelector: { matchLabels: { app: 'web' } } }),
      'matches ignoredPodSelector',
    ],
  ])('allows without budget: %s', (_name, p, b, bypass) => {
    expect(
      admitPubPodOperation({ pod: p, pub: b, operation: 'DELETE', dryRun: false, now: NOW }),
    ).toStrictEqual({ allowed: true, code: 200, reason: '', bypass });
  });

  it('protects only the listed operations; RESIZE follows UPDATE', () => {
    const onlyDelete = budget(
      { unavailableAllowed: 0 },
      {},
      { 'kruise.io/pub-protect-operations': 'DELETE' },
    );
    expect(isOperationProtected(onlyDelete, 'EVICT')).toBe(false);
    expect(isOperationProtected(onlyDelete, 'RESIZE')).toBe(false);
    expect(isOperationProtected(budget({}), 'RESIZE')).toBe(true);
  });
});
