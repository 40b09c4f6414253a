import { describe, expect, it } from 'vitest';
import { ownerRef, workload } from './__fixtures__/objects.js';
import { findControllerScale } from './finders.js';
import { workloadLookupFromList } from './workload-lookup.js';

const rc = workload('ReplicationController', 'legacy', { replicas: 3 });
const ss = workload('StatefulSet', 'db', { replicas: 5 });
const dep = workload('Deployment', 'web', { apiVersion: 'extensions/v1beta1', replicas: 4 });
const rs = workload('ReplicaSet', 'web-1', {
  apiVersion: 'extensions/v1beta1',
  replicas: 9,
  owner: ownerRef(dep),
});
const lonelyRs = workload('ReplicaSet', 'batch-1', { replicas: 2 });
const custom = workload('TestWorkload', 'tw', { apiVersion: 'apps.test.io/v1', replicas: 6 });
const lookup = workloadLookupFromList([rc, ss, dep, rs, lonelyRs, custom], {
  'apps.test.io/TestWorkload': { resource: 'testworkloads', scale: true },
});

describe('findControllerScale (the disruption controller finders, in order)', () => {
  it.each([
    [
      'ReplicationController (core group)',
      ownerRef(rc),
      { kind: 'ReplicationController', name: 'legacy', uid: rc.uid, scale: 3 },
    ],
    ['StatefulSet', ownerRef(ss), { kind: 'StatefulSet', name: 'db', uid: ss.uid, scale: 5 }],
    [
      'ReplicaSet of a Deployment (extensions group)',
      ownerRef(rs),
      { kind: 'Deployment', name: 'web', uid: dep.uid, scale: 4 },
    ],
    [
      'ReplicaSet without a Deployment',
      ownerRef(lonelyRs),
      { kind: 'ReplicaSet', name: 'batch-1', uid: lonelyRs.uid, scale: 2 },
    ],
    [
      'custom kind through /scale',
      ownerRef(custom),
      { kind: 'TestWorkload', name: 'tw', uid: custom.uid, scale: 6 },
    ],
  ])('%s', (_name, ref, found) => {
    expect(findControllerScale(ref, 'default', lookup)).toStrictEqual({ ok: true, value: found });
  });

  it('errors on an apiVersion with two slashes', () => {
    expect(
      findControllerScale({ ...ownerRef(rc), apiVersion: 'a/b/c' }, 'default', lookup),
    ).toStrictEqual({
      ok: false,
      error: 'unexpected GroupVersion string: a/b/c',
    });
  });

  it('errors with the REST mapper text for an unknown kind', () => {
    const ref = { apiVersion: 'apps.test.io/v1', kind: 'Unknown', name: 'x', uid: 'u' };
    expect(findControllerScale(ref, 'default', lookup)).toStrictEqual({
      ok: false,
      error: 'no matches for kind "Unknown" in version "apps.test.io/v1"',
    });
  });

  it('errors for a kind without /scale (a DaemonSet)', () => {
    const ref = { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'u' };
    expect(findControllerScale(ref, 'default', lookup)).toStrictEqual({
      ok: false,
      error: 'daemonsets.apps does not implement the scale subresource',
    });
  });

  it('finds nothing for a ReplicationController referenced in the wrong group', () => {
    expect(
      findControllerScale({ ...ownerRef(rc), apiVersion: 'apps/v1' }, 'default', lookup),
    ).toStrictEqual({
      ok: false,
      error: 'no matches for kind "ReplicationController" in version "apps/v1"',
    });
  });
});
