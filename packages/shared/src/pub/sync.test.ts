import { describe, expect, it } from 'vitest';
import { NOW, ownerRef, pod, pub, workload } from '../budgets/__fixtures__/objects.js';
import { workloadLookupFromList } from '../budgets/workload-lookup.js';
import { syncPub } from './sync.js';

const dep = workload('Deployment', 'web', { replicas: 4 });
const rs = workload('ReplicaSet', 'web-1', { replicas: 4, owner: ownerRef(dep) });
const ds = workload('DaemonSet', 'agent');
const cloneSet = workload('CloneSet', 'cs', { apiVersion: 'apps.kruise.io/v1alpha1', replicas: 2 });
const lookup = workloadLookupFromList([dep, rs, ds, cloneSet]);
const webPods = Array.from({ length: 4 }, (_, i) => pod(`web-${i}`, { owner: ownerRef(rs) }));

describe('syncPub', () => {
  it('sums the Deployment scale for a selector PUB and lowers it by one per unknown-scale owner', () => {
    const agent = pod('agent-x', { owner: ownerRef(ds) });
    const r = syncPub({
      pub: pub('web', { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 }),
      pods: [...webPods, agent],
      workloads: lookup,
      now: NOW,
    });
    expect(r.status).toStrictEqual({
      observedGeneration: 1,
      disruptedPods: {},
      unavailablePods: {},
      unavailableAllowed: 3,
      currentAvailable: 5,
      desiredAvailable: 2,
      totalReplicas: 3,
    });
  });

  it('excludes terminating and terminal pods, and pods labelled unavailable are not available', () => {
    const pods = [
      webPods[0]!,
      pod('web-t', { owner: ownerRef(rs), deletionTimestamp: '2024-05-01T11:59:00Z' }),
      pod('web-done', { owner: ownerRef(rs), phase: 'Succeeded' }),
      pod('web-off', {
        owner: ownerRef(rs),
        labels: { app: 'web', 'unavailable-pod.kruise.io/maintenance': 'true' },
      }),
    ];
    const r = syncPub({
      pub: pub('web', { selector: { matchLabels: { app: 'web' } }, minAvailable: 1 }),
      pods,
      workloads: lookup,
      now: NOW,
    });
    expect(r.classification.map((c) => [c.pod.name, c.lane, c.reason])).toStrictEqual([
      ['web-0', 'available', 'Running and Ready'],
      ['web-off', 'unavailable', 'labelled unavailable-pod.kruise.io/maintenance'],
    ]);
    expect([r.status.currentAvailable, r.status.unavailableAllowed]).toStrictEqual([1, 0]);
  });

  it('finds nothing for a targetRef whose group does not match the kind', () => {
    const r = syncPub({
      pub: pub('cs', {
        targetRef: { apiVersion: 'apps/v1', kind: 'CloneSet', name: 'cs' },
        maxUnavailable: 1,
      }),
      pods: webPods,
      workloads: lookup,
      now: NOW,
    });
    expect([r.status.totalReplicas, r.pods, r.events.map((e) => e.reason)]).toStrictEqual([
      0,
      [],
      ['NoPods'],
    ]);
  });

  it('prunes expired disrupted (20 s) and unavailable (10 s) entries and rechecks at the earliest expiry', () => {
    const p = pub(
      'web',
      { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 },
      {
        status: {
          disruptedPods: { 'web-0': '2024-05-01T11:59:45Z', 'web-1': '2024-05-01T11:59:30Z' },
          unavailablePods: { 'web-2': '2024-05-01T11:59:55Z', 'web-3': '2024-05-01T11:59:49Z' },
        },
      },
    );
    const r = syncPub({ pub: p, pods: webPods, workloads: lookup, now: NOW });
    expect([r.status.disruptedPods, r.status.unavailablePods, r.recheckAfterSeconds]).toStrictEqual(
      [{ 'web-0': '2024-05-01T11:59:45Z' }, { 'web-2': '2024-05-01T11:59:55Z' }, 5],
    );
    expect(r.events).toStrictEqual([
      {
        type: 'Warning',
        reason: 'NotDeleted',
        message: "Pod was expected by PUB default/web to be deleted but it wasn't",
        object: { kind: 'Pod', namespace: 'default', name: 'web-1' },
      },
    ]);
  });

  it('protects nothing, without failing, when the selector does not convert', () => {
    const p = pub('web', {
      selector: { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] },
      maxUnavailable: 1,
    });
    const r = syncPub({ pub: p, pods: webPods, workloads: lookup, now: NOW });
    expect([
      r.error,
      r.warning,
      r.pods,
      r.status.totalReplicas,
      r.status.unavailableAllowed,
    ]).toStrictEqual([
      undefined,
      'spec.selector does not convert: "Gt" is not a valid label selector operator',
      [],
      0,
      0,
    ]);
  });

  it('reports an unparsable percentage as an error and keeps the stored status', () => {
    const p = pub(
      'web',
      { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 'abc%' },
      { status: { unavailableAllowed: 2 } },
    );
    const r = syncPub({ pub: p, pods: webPods, workloads: lookup, now: NOW });
    expect([r.error, r.status]).toStrictEqual([
      'invalid value for IntOrString: invalid value "abc%": strconv.Atoi: parsing "abc": invalid syntax',
      p.status,
    ]);
  });
});
