import type { Result } from '../result/index.js';
import type { BudgetEvent } from '../budgets/types.js';
import type { WorkloadLookup } from '../budgets/workload-lookup.js';
import { scaledValue } from '../intstr/intstr.js';
import { timeMs } from '../budgets/time.js';
import type { PubStatus, PubView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import {
  PUB_DELETION_TIMEOUT_MS,
  PUB_UPDATE_DELAY_MS,
  isPodActive,
  pubUnavailability,
} from './available.js';
import { expectedScaleForPods, protectTotalReplicas, pubCoverage, pubPods } from './pods.js';
import type { PubPodClassification, PubSync } from './types.js';

export interface SyncPubInput {
  pub: PubView;
  /** The pods of the PUB's namespace (any phase); the PUB picks its own by selector or targetRef. */
  pods: readonly PodView[];
  workloads: WorkloadLookup;
  now: Date;
}

type Desired = Result<number>;

/** `getDesiredAvailableForPub`: maxUnavailable wins; percentages round up. */
export function desiredAvailableForPub(pub: PubView, expected: number): Desired {
  const { maxUnavailable, minAvailable } = pub.spec;
  if (maxUnavailable !== undefined) {
    const max = scaledValue(maxUnavailable, expected);
    return max.ok ? { ok: true, value: Math.max(0, expected - max.value) } : max;
  }
  if (minAvailable !== undefined) {
    if (typeof minAvailable === 'number') return { ok: true, value: Math.trunc(minAvailable) };
    return scaledValue(minAvailable, expected);
  }
  return { ok: true, value: 0 };
}

interface Pruned {
  disruptedPods: Record<string, string>;
  unavailablePods: Record<string, string>;
  recheckAtMs?: number;
  events: BudgetEvent[];
}

/** `buildDisruptedAndUnavailablePods`: entries kept only for active protected pods, until they expire. */
function prune(pub: PubView, pods: readonly PodView[], now: Date): Pruned {
  const out: Pruned = { disruptedPods: {}, unavailablePods: {}, events: [] };
  const nowMs = now.getTime();
  const keep = (
    into: Record<string, string>,
    pod: PodView,
    at: string | undefined,
    timeout: number,
  ) => {
    if (at === undefined) return;
    const expires = timeMs(at) + timeout;
    const name = pod.name;
    if (expires < nowMs) {
      if (into === out.disruptedPods) {
        out.events.push({
          type: 'Warning',
          reason: 'NotDeleted',
          message: `Pod was expected by PUB ${pub.namespace}/${pub.name} to be deleted but it wasn't`,
          object: { kind: 'Pod', namespace: pod.namespace, name },
        });
      }
      return;
    }
    into[name] = at;
    if (out.recheckAtMs === undefined || expires < out.recheckAtMs) out.recheckAtMs = expires;
  };
  for (const pod of pods) {
    if (!isPodActive(pod)) continue;
    keep(out.disruptedPods, pod, pub.status.disruptedPods[pod.name], PUB_DELETION_TIMEOUT_MS);
    keep(out.unavailablePods, pod, pub.status.unavailablePods[pod.name], PUB_UPDATE_DELAY_MS);
  }
  return out;
}

/** Lanes of protected pods given (pruned) maps: recorded pods are `disrupted`, then availability. */
export function classifyPubPodsWith(
  pods: readonly PodView[],
  maps: {
    disruptedPods: Readonly<Record<string, string>>;
    unavailablePods: Readonly<Record<string, string>>;
  },
): PubPodClassification[] {
  return pods.map((pod): PubPodClassification => {
    const disrupted = maps.disruptedPods[pod.name];
    if (disrupted !== undefined)
      return {
        pod,
        lane: 'disrupted',
        code: 'Disrupted',
        reason: `in disruptedPods since ${disrupted}`,
      };
    const updating = maps.unavailablePods[pod.name];
    if (updating !== undefined)
      return {
        pod,
        lane: 'disrupted',
        code: 'Disrupted',
        reason: `in unavailablePods since ${updating}`,
      };
    const why = pubUnavailability(pod);
    return why === undefined
      ? { pod, lane: 'available', code: 'Ready', reason: 'Running and Ready' }
      : { pod, lane: 'unavailable', ...why };
  });
}

/**
 * One reconcile of the PUB controller (`syncPodUnavailableBudget`). Note there is no
 * "expected ≤ 0 ⇒ 0" rule: a PUB whose workloads have scale 0 allows every available pod to go.
 */
export function syncPub({ pub, pods, workloads, now }: SyncPubInput): PubSync {
  const covered = pubCoverage(pub, workloads);
  if (!covered.ok)
    return { status: pub.status, error: covered.error, pods: [], classification: [], events: [] };
  const coverage = covered.value;
  const protectedPods = pubPods(coverage, pods);
  const pubRef = { kind: 'PodUnavailableBudget', namespace: pub.namespace, name: pub.name };
  const events: BudgetEvent[] =
    protectedPods.length === 0
      ? [{ type: 'Normal', reason: 'NoPods', message: 'No matching pods found', object: pubRef }]
      : [];
  const expected =
    protectTotalReplicas(pub) ??
    (coverage.expectedFromPods
      ? expectedScaleForPods(protectedPods, workloads)
      : coverage.targetReplicas);
  const desired = desiredAvailableForPub(pub, expected);
  if (!desired.ok) {
    events.push({
      type: 'Warning',
      reason: 'CalculateExpectedPodCountFailed',
      message: `Failed to calculate the number of expected pods: ${desired.error}`,
      object: pubRef,
    });
    return {
      status: pub.status,
      error: desired.error,
      pods: protectedPods,
      classification: [],
      events,
    };
  }
  const pruned = prune(pub, protectedPods, now);
  events.push(...pruned.events);
  const classification = classifyPubPodsWith(protectedPods, pruned);
  const currentAvailable = classification.filter((c) => c.lane === 'available').length;
  const status: PubStatus = {
    observedGeneration: pub.generation,
    disruptedPods: pruned.disruptedPods,
    unavailablePods: pruned.unavailablePods,
    unavailableAllowed: Math.max(0, currentAvailable - desired.value),
    currentAvailable,
    desiredAvailable: desired.value,
    totalReplicas: expected,
  };
  return {
    status,
    pods: protectedPods,
    classification,
    events,
    ...(coverage.warning !== undefined ? { warning: coverage.warning } : {}),
    ...(pruned.recheckAtMs !== undefined
      ? { recheckAfterSeconds: (pruned.recheckAtMs - now.getTime()) / 1000 }
      : {}),
  };
}
