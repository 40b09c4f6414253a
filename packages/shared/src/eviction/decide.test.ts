import { describe, expect, it } from 'vitest';
import { NOW, pdb, pod, pub } from '../budgets/__fixtures__/objects.js';
import { decideEviction } from './decide.js';
import type { DecideEvictionInput } from './decide-types.js';
import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';

const ready = pod('web-0');
const healthy = pdb('web', {
  minAvailable: 2,
  status: {
    observedGeneration: 1,
    disruptionsAllowed: 1,
    currentHealthy: 3,
    desiredHealthy: 2,
    expectedPods: 3,
  },
});
const exhausted = pdb('web', {
  minAvailable: 3,
  status: {
    observedGeneration: 1,
    disruptionsAllowed: 0,
    currentHealthy: 3,
    desiredHealthy: 3,
    expectedPods: 3,
  },
});

const decide = (
  p: PodView | undefined,
  pdbs: PdbView[],
  extra: Partial<DecideEvictionInput> = {},
) => decideEviction({ namespace: 'default', podName: 'web-0', pod: p, pdbs, now: NOW, ...extra });

describe('decideEviction', () => {
  it('answers 429 with the budget cause and the Status body kube-apiserver sends', () => {
    const d = decide(ready, [exhausted]);
    expect(d.status).toStrictEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: "Cannot evict pod as it would violate the pod's disruption budget.",
      reason: 'TooManyRequests',
      details: {
        causes: [
          {
            reason: 'DisruptionBudget',
            message: 'The disruption budget web needs 3 healthy pods and has 3 currently',
          },
        ],
      },
      code: 429,
    });
    expect([
      d.allowed,
      d.httpStatus,
      d.retryAfterSeconds,
      d.pdbChanged,
      d.podDeleted,
    ]).toStrictEqual([false, 429, 0, false, false]);
    expect(d.budget).toStrictEqual({
      kind: 'PodDisruptionBudget',
      namespace: 'default',
      name: 'web',
    });
  });

  it('decrements, records the pod and flips the condition when the last disruption is used', () => {
    const d = decide(ready, [healthy]);
    expect([
      d.allowed,
      d.code,
      d.httpStatus,
      d.pdbChanged,
      d.podDeleted,
      d.deleteAttempts,
    ]).toStrictEqual([true, 201, 201, true, true, 1]);
    expect(d.pdbAfter?.status).toStrictEqual({
      ...healthy.status,
      disruptionsAllowed: 0,
      disruptedPods: { 'web-0': '2024-05-01T12:00:00Z' },
      conditions: [
        {
          type: 'DisruptionAllowed',
          status: 'False',
          reason: 'InsufficientPods',
          message: '',
          observedGeneration: 1,
          lastTransitionTime: '2024-05-01T12:00:00Z',
        },
      ],
    });
    expect(d.status).toStrictEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      code: 201,
    });
  });

  it('on a dry run shows the decremented budget but writes and deletes nothing', () => {
    const d = decide(ready, [healthy], { options: { dryRun: true } });
    expect([d.allowed, d.pdbChanged, d.podDeleted]).toStrictEqual([true, false, false]);
    expect(d.pdbAfter?.status.disruptedPods).toStrictEqual({});
    expect(d.pdbAfter?.status.disruptionsAllowed).toBe(0);
  });

  it('returns the >1 PDB failure as a Status code 500 on an HTTP 500 line', () => {
    const d = decide(ready, [healthy, pdb('other', { selector: {} })]);
    expect([d.allowed, d.code, d.httpStatus, d.reason]).toStrictEqual([false, 500, 500, '']);
    expect(d.message).toBe(
      'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
    );
  });

  it('answers 429 "still being processed" with retryAfterSeconds 10 for a stale generation', () => {
    const stale = { ...healthy, generation: 2 };
    const d = decide(ready, [stale]);
    expect([d.code, d.retryAfterSeconds, d.causes]).toStrictEqual([
      429,
      10,
      [
        {
          reason: 'DisruptionBudget',
          message: 'The disruption budget web is still being processed by the server.',
        },
      ],
    ]);
  });

  it('lets an unready pod go without budget when the PDB is healthy, guarded by its resourceVersion', () => {
    const d = decide(pod('web-0', { ready: false, resourceVersion: '4711' }), [exhausted]);
    expect([d.allowed, d.pdbChanged, d.deletePreconditionResourceVersion]).toStrictEqual([
      true,
      false,
      '4711',
    ]);
  });

  it('deletes Pending pods without looking at budgets, under the server RV precondition', () => {
    const d = decide(pod('web-0', { phase: 'Pending', ready: false }), [
      exhausted,
      pdb('other', { selector: {} }),
    ]);
    expect([d.allowed, d.code, d.pdbChanged, d.deletePreconditionResourceVersion]).toStrictEqual([
      true,
      201,
      false,
      '100',
    ]);
  });

  it('answers 404 for a missing pod and 400 for a name mismatch', () => {
    expect(decide(undefined, [healthy]).status).toStrictEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'pods "web-0" not found',
      reason: 'NotFound',
      details: { name: 'web-0', kind: 'pods' },
      code: 404,
    });
    expect(decide(ready, [healthy], { options: { urlName: 'web-1' } }).message).toBe(
      'name in URL does not match name in Eviction object',
    );
  });

  it('checks the caller UID precondition after the budget was consumed', () => {
    const d = decide(ready, [healthy], { options: { preconditions: { uid: 'other' } } });
    expect([d.code, d.reason, d.pdbChanged, d.podDeleted]).toStrictEqual([
      409,
      'Conflict',
      true,
      false,
    ]);
    expect(d.message).toBe(
      'Operation cannot be fulfilled on Pod "web-0": the UID in the precondition (other) does not match the UID in record (uid-pod-web-0). The object might have been deleted and then recreated',
    );
  });

  it("replaces a stale caller resourceVersion with the pod's own on the unhealthy-pod shortcut", () => {
    const d = decide(pod('web-0', { ready: false, resourceVersion: '4711' }), [exhausted], {
      options: { preconditions: { resourceVersion: '1' } },
    });
    expect([d.allowed, d.deletePreconditionResourceVersion]).toStrictEqual([true, '4711']);
  });

  it("on a dry run reports a failed precondition in the storage layer's words", () => {
    const d = decide(ready, [healthy], {
      options: { dryRun: true, preconditions: { resourceVersion: '99' } },
    });
    expect([d.code, d.podDeleted]).toStrictEqual([409, false]);
    expect(d.message).toBe(
      'Operation cannot be fulfilled on pods "web-0": StorageError: invalid object, Code: 4, Key: /registry/pods/default/web-0, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: ResourceVersion in precondition: 99, ResourceVersion in object meta: 100',
    );
  });

  it("retries a Pending pod's conflicting delete: once, or 20 times when it always conflicts", () => {
    const pending = pod('web-0', { phase: 'Pending', ready: false });
    const once = decide(pending, [], { options: { faults: { podDeleteConflict: true } } });
    const always = decide(pending, [], { options: { faults: { podDeleteAlwaysConflict: true } } });
    expect([once.code, once.deleteAttempts, once.podDeleted]).toStrictEqual([201, 2, true]);
    expect([always.code, always.reason, always.deleteAttempts]).toStrictEqual([
      409,
      'Conflict',
      20,
    ]);
  });

  it('relays a PUB webhook denial before looking at PDBs', () => {
    const protectedPod = pod('web-0', { annotations: { 'pub.kruise.io/related-pub': 'web-pub' } });
    const budget = pub(
      'web-pub',
      { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 },
      { status: { unavailableAllowed: 0, desiredAvailable: 2 } },
    );
    const d = decide(protectedPod, [healthy], { pubs: [budget] });
    expect([d.allowed, d.code, d.reason, d.pdbChanged]).toStrictEqual([
      false,
      403,
      'Forbidden',
      false,
    ]);
    expect(d.message).toBe(
      'admission webhook "vpodeviction.kb.io" denied the request: podunavailablebudget.policy.kruise.io "web-pub" is forbidden: pub unavailable allowed is negative',
    );
  });

  it('records the eviction in the PUB when the webhook admits it', () => {
    const protectedPod = pod('web-0', { annotations: { 'pub.kruise.io/related-pub': 'web-pub' } });
    const budget = pub(
      'web-pub',
      { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 },
      { status: { unavailableAllowed: 1, desiredAvailable: 2 } },
    );
    const d = decide(protectedPod, [healthy], { pubs: [budget] });
    expect(d.allowed).toBe(true);
    expect(d.pubAfter?.status.disruptedPods).toStrictEqual({ 'web-0': '2024-05-01T12:00:00Z' });
    expect(d.pubAfter?.status.unavailableAllowed).toBe(0);
  });
});

describe('decideEviction names the rules the BFF never reaches (it sends no URL name or preconditions)', () => {
  const notReady = pod('web-0', { ready: false });
  const rulesOf = (ds: ReturnType<typeof decide>[]) =>
    ds.map((d) => [d.rule, d.httpStatus, d.allowed]);

  it('name-mismatch, pod-not-found, unhealthy-pod-changed and delete-conflict', () => {
    expect(
      rulesOf([
        decide(ready, [healthy], { options: { urlName: 'web-1' } }),
        decide(undefined, [healthy]),
        decide(notReady, [healthy], { options: { faults: { podDeleteConflict: true } } }),
        decide(ready, [healthy], { options: { preconditions: { uid: 'someone-else' } } }),
        decide(pod('web-0', { phase: 'Succeeded' }), [], {
          options: { faults: { podDeleteAlwaysConflict: true } },
        }),
      ]),
    ).toStrictEqual([
      ['name-mismatch', 400, false],
      ['pod-not-found', 404, false],
      ['unhealthy-pod-changed', 429, false],
      ['delete-conflict', 409, false],
      ['delete-conflict', 409, false],
    ]);
  });

  it('keeps the dry-run flag beside the rule', () => {
    const d = decide(ready, [healthy], { options: { dryRun: true } });
    expect([d.rule, d.dryRun, d.pdbChanged, d.podDeleted, d.figures]).toStrictEqual([
      'budget-decremented',
      true,
      false,
      false,
      {
        selectingPdbs: 1,
        podReady: true,
        disruptionsAllowed: 1,
        currentHealthy: 3,
        desiredHealthy: 2,
        disruptionsAllowedAfter: 0,
      },
    ]);
  });
});
