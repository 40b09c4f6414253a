import type { Result } from '../result/index.js';
import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { findControllerScale } from './finders.js';
import { scaledValue } from '../intstr/intstr.js';
import type { ExpectedController, ExpectedSource } from './types.js';
import type { WorkloadLookup } from './workload-lookup.js';

export interface ExpectedScale {
  expected: number;
  controllers: ExpectedController[];
  unmanagedPods: string[];
}

/**
 * `getExpectedScale`: the sum of the scales of the distinct controllers of the pods. Pods without
 * a controller are unmanaged (named, not counted); a controller no finder resolves is an error.
 */
export function getExpectedScale(
  pods: readonly PodView[],
  lookup: WorkloadLookup,
): Result<ExpectedScale> {
  const controllers = new Map<string, ExpectedController>();
  const unmanagedPods: string[] = [];
  // Keyed by the finder's result UID, but a pod's ref UID seen before is skipped too.
  const seenRefs = new Set<string>();
  for (const pod of pods) {
    const ref = pod.controller;
    if (!ref) {
      unmanagedPods.push(pod.name);
      continue;
    }
    if (controllers.has(ref.uid) || seenRefs.has(ref.uid)) continue;
    const r = findControllerScale(ref, pod.namespace, lookup);
    if (!r.ok) return r;
    const found = r.value;
    if (!found) return { ok: false, error: `found no controllers for pod "${pod.name}"` };
    seenRefs.add(ref.uid);
    if (!controllers.has(found.uid)) {
      controllers.set(found.uid, {
        kind: found.kind,
        name: found.name,
        uid: found.uid,
        replicas: found.scale,
      });
    }
  }
  let expected = 0;
  for (const c of controllers.values()) expected += c.replicas;
  return { ok: true, value: { expected, controllers: [...controllers.values()], unmanagedPods } };
}

export interface ExpectedPodCount {
  expectedCount: number;
  desiredHealthy: number;
  source: ExpectedSource;
}

/** `getExpectedPodCount`: maxUnavailable first, then minAvailable (int: pod count; percent: scale). */
export function getExpectedPodCount(
  pdb: PdbView,
  pods: readonly PodView[],
  lookup: WorkloadLookup,
): Result<ExpectedPodCount> {
  const { maxUnavailable, minAvailable } = pdb.spec;
  // maxUnavailable and a percentage minAvailable both count the controllers' scale.
  const fromScale = (desired: (expected: number) => Result<number>): Result<ExpectedPodCount> => {
    const scaled = getExpectedScale(pods, lookup);
    if (!scaled.ok) return scaled;
    const scale = scaled.value;
    const d = desired(scale.expected);
    if (!d.ok) return d;
    return {
      ok: true,
      value: {
        expectedCount: scale.expected,
        desiredHealthy: d.value,
        source: {
          kind: 'controllers',
          controllers: scale.controllers,
          unmanagedPods: scale.unmanagedPods,
        },
      },
    };
  };
  if (maxUnavailable !== undefined) {
    return fromScale((expected) => {
      const max = scaledValue(maxUnavailable, expected);
      return max.ok ? { ok: true, value: Math.max(0, expected - max.value) } : max;
    });
  }
  if (typeof minAvailable === 'number') {
    return {
      ok: true,
      value: {
        expectedCount: pods.length,
        desiredHealthy: Math.trunc(minAvailable),
        source: { kind: 'pod-count', unmanagedPods: [] },
      },
    };
  }
  if (minAvailable !== undefined)
    return fromScale((expected) => scaledValue(minAvailable, expected));
  return {
    ok: true,
    value: { expectedCount: 0, desiredHealthy: 0, source: { kind: 'none', unmanagedPods: [] } },
  };
}
