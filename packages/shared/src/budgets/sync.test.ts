import { describe, expect, it } from 'vitest';
import { NOW, ownerRef, pdb, pod, workload } from './__fixtures__/objects.js';
import { selectPdbPods } from './select.js';
import { syncPdb } from './sync.js';
import { workloadLookupFromList } from './workload-lookup.js';
import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { pdbFromObject, podFromObject } from '../model/convert.js';

const deployment = workload('Deployment', 'web', { replicas: 10 });
const rsOld = workload('ReplicaSet', 'web-6d4f', { replicas: 3, owner: ownerRef(deployment) });
const rsNew = workload('ReplicaSet', 'web-7b9c', { replicas: 10, owner: ownerRef(deployment) });
const lookup = workloadLookupFromList([deployment, rsOld, rsNew]);

function run(p: PdbView, pods: PodView[], now = NOW) {
  const selected = selectPdbPods(p, pods);
  if (!selected.ok) throw new Error(selected.error);
  return syncPdb({ pdb: p, pods: selected.value, workloads: lookup, now });
}

const rolloutPods = [
  ...Array.from({ length: 3 }, (_, i) => pod(`web-6d4f-${i}`, { owner: ownerRef(rsOld) })),
  ...Array.from({ length: 10 }, (_, i) =>
    pod(`web-7b9c-${i}`, { owner: ownerRef(rsNew), ready: i < 8 }),
  ),
];

describe('syncPdb on objects with missing fields', () => {
  it('treats a PDB without spec or status as selecting nothing, and a pod without status as not Ready', () => {
    const bare = pdbFromObject({ metadata: { name: 'empty', namespace: 'default' } });
    const podNoStatus = podFromObject({
      metadata: { name: 'p', namespace: 'default', labels: { app: 'web' } },
    });
    if (!bare.ok || !podNoStatus.ok) throw new Error('conversion failed');
    const result = syncPdb({ pdb: bare.value, pods: [], workloads: lookup, now: NOW });
    expect([
      result.syncFailed,
      result.status.expectedPods,
      result.status.disruptionsAllowed,
      result.events.map((e) => e.reason),
    ]).toStrictEqual([false, 0, 0, ['NoPods']]);
    const withPod = syncPdb({
      pdb: pdb('web', { minAvailable: 0 }),
      pods: [podNoStatus.value],
      workloads: lookup,
      now: NOW,
    });
    expect([
      withPod.status.expectedPods,
      withPod.status.currentHealthy,
      withPod.status.disruptionsAllowed,
    ]).toStrictEqual([1, 0, 0]);
  });
});

describe('syncPdb', () => {
  it('counts a Deployment once across the ReplicaSets of a rollout', () => {
    const result = run(pdb('web', { maxUnavailable: '20%' }), rolloutPods);
    expect(result).toStrictEqual({
      status: {
        observedGeneration: 1,
        disruptedPods: {},
        disruptionsAllowed: 3,
        currentHealthy: 11,
        desiredHealthy: 8,
        expectedPods: 10,
        conditions: [
          {
            type: 'DisruptionAllowed',
            status: 'True',
            reason: 'SufficientPods',
            message: '',
            observedGeneration: 1,
            lastTransitionTime: '2024-05-01T12:00:00Z',
          },
        ],
      },
      syncFailed: false,
      events: [],
      expected: {
        kind: 'controllers',
        controllers: [{ kind: 'Deployment', name: 'web', uid: 'uid-deployment-web', replicas: 10 }],
        unmanagedPods: [],
      },
    });
  });

  it('fails safe on a selector with an unknown operator, keeping the previous counters', () => {
    const broken = pdb('web', {
      minAvailable: 1,
      generation: 2,
      selector: { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] },
      status: {
        observedGeneration: 1,
        disruptionsAllowed: 2,
        currentHealthy: 3,
        desiredHealthy: 1,
        expectedPods: 3,
      },
    });
    const result = syncPdb({ pdb: broken, pods: [], workloads: lookup, now: NOW });
    expect(result).toStrictEqual({
      status: {
        observedGeneration: 1,
        disruptedPods: {},
        disruptionsAllowed: 0,
        currentHealthy: 3,
        desiredHealthy: 1,
        expectedPods: 3,
        conditions: [
          {
            type: 'DisruptionAllowed',
            status: 'False',
            reason: 'SyncFailed',
            message: '"Gt" is not a valid label selector operator',
            observedGeneration: 1,
            lastTransitionTime: '2024-05-01T12:00:00Z',
          },
        ],
      },
      syncFailed: true,
      error: '"Gt" is not a valid label selector operator',
      events: [
        {
          type: 'Warning',
          reason: 'NoPods',
          message: 'Failed to get pods: "Gt" is not a valid label selector operator',
          object: { kind: 'PodDisruptionBudget', namespace: 'default', name: 'web' },
        },
      ],
      expected: { kind: 'none', unmanagedPods: [] },
    });
  });

  it("reports an unparsable percentage as data, with Go's wrapped message", () => {
    const result = run(pdb('web', { minAvailable: 'abc%' }), rolloutPods);
    expect(result.syncFailed).toBe(true);
    expect(result.error).toBe(
      'invalid value for IntOrString: invalid value "abc%": strconv.Atoi: parsing "abc": invalid syntax',
    );
    expect(result.events.map((e) => e.reason)).toStrictEqual(['CalculateExpectedPodCountFailed']);
  });

  it('treats a negative maxUnavailable as written (desiredHealthy above the scale)', () => {
    const result = run(pdb('web', { maxUnavailable: -1 }), rolloutPods);
    expect([
      result.status.expectedPods,
      result.status.desiredHealthy,
      result.status.disruptionsAllowed,
    ]).toStrictEqual([10, 11, 0]);
  });

  it('keeps a recent disruptedPods entry, excludes it from healthy and asks for a recheck at its expiry', () => {
    const p = pdb('web', {
      minAvailable: 1,
      status: {
        disruptedPods: { 'web-7b9c-0': '2024-05-01T11:59:30Z', gone: '2024-05-01T11:59:30Z' },
      },
    });
    const result = run(p, rolloutPods);
    expect(result.status.disruptedPods).toStrictEqual({ 'web-7b9c-0': '2024-05-01T11:59:30Z' });
    expect(result.status.currentHealthy).toBe(10);
    expect(result.recheckAfterSeconds).toBe(90);
  });

  it('drops an entry older than two minutes with a NotDeleted event on the pod', () => {
    const p = pdb('web', {
      minAvailable: 1,
      status: { disruptedPods: { 'web-7b9c-0': '2024-05-01T11:57:59Z' } },
    });
    const result = run(p, rolloutPods);
    expect(result.status.disruptedPods).toStrictEqual({});
    expect(result.events).toStrictEqual([
      {
        type: 'Warning',
        reason: 'NotDeleted',
        message: "Pod was expected by PDB default/default to be deleted but it wasn't",
        object: { kind: 'Pod', namespace: 'default', name: 'web-7b9c-0' },
      },
    ]);
    expect(result.recheckAfterSeconds).toBeUndefined();
  });

  it('records UnmanagedPods for bare pods under maxUnavailable, with the selector printed', () => {
    const result = run(pdb('web', { maxUnavailable: 1 }), [pod('bare-0'), pod('bare-1')]);
    expect(result.events).toStrictEqual([
      {
        type: 'Warning',
        reason: 'UnmanagedPods',
        message:
          'Pods selected by this PodDisruptionBudget (selector: &LabelSelector{MatchLabels:map[string]string{app: web,},MatchExpressions:[]LabelSelectorRequirement{},}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.',
        object: { kind: 'PodDisruptionBudget', namespace: 'default', name: 'web' },
      },
    ]);
    expect(result.expected).toStrictEqual({
      kind: 'controllers',
      controllers: [],
      unmanagedPods: ['bare-0', 'bare-1'],
    });
    expect(result.status.disruptionsAllowed).toBe(0);
  });

  it('keeps other conditions and the transition time when the condition does not change', () => {
    const p = pdb('web', {
      minAvailable: 1,
      status: {
        conditions: [
          {
            type: 'ExistingTestCondition',
            status: 'True',
            reason: 'Test',
            lastTransitionTime: '2024-04-01T00:00:00Z',
          },
          {
            type: 'DisruptionAllowed',
            status: 'True',
            reason: 'SufficientPods',
            message: '',
            observedGeneration: 1,
            lastTransitionTime: '2024-04-02T00:00:00Z',
          },
        ],
      },
    });
    expect(run(p, rolloutPods).status.conditions).toStrictEqual([
      {
        type: 'ExistingTestCondition',
        status: 'True',
        reason: 'Test',
        lastTransitionTime: '2024-04-01T00:00:00Z',
      },
      {
        type: 'DisruptionAllowed',
        status: 'True',
        reason: 'SufficientPods',
        message: '',
        observedGeneration: 1,
        lastTransitionTime: '2024-04-02T00:00:00Z',
      },
    ]);
  });

  it('writes nothing when the counters are unchanged and the condition is up to date', () => {
    const condition = {
      type: 'DisruptionAllowed',
      status: 'True',
      reason: 'SufficientPods',
      message: 'left over',
      observedGeneration: 0,
      lastTransitionTime: '2024-04-02T00:00:00Z',
    };
    const p = pdb('web', {
      minAvailable: 1,
      status: {
        observedGeneration: 1,
        disruptionsAllowed: 10,
        currentHealthy: 11,
        desiredHealthy: 1,
        expectedPods: 13,
        conditions: [condition],
      },
    });
    expect(run(p, rolloutPods).status).toStrictEqual(p.status);
    const changed = run({ ...p, generation: 2 }, rolloutPods).status;
    expect(changed.conditions).toStrictEqual([
      { ...condition, message: '', observedGeneration: 2 },
    ]);
  });

  it('fails when a pod controller cannot be resolved (stale UID)', () => {
    const stale = pod('web-x', { owner: { ...ownerRef(rsNew), uid: 'uid-recreated' } });
    const result = run(pdb('web', { maxUnavailable: 1 }), [stale]);
    expect(result.error).toBe('found no controllers for pod "web-x"');
  });
});
