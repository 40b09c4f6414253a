import type { WorkloadView } from '../model/workload.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import { refKey } from '../model/refs.js';
import { isFullyVisible, unseenReason } from '../visibility/visibility.js';
import type { Finding, FindingKind, FindingsContext, FindingsInput, Severity } from './types.js';

/**
 * Builds the shared lookups once: cost is the budgets' memberships plus the workloads. Pods are
 * keyed namespace → name without building a string per pod: at 150,000 pods the garbage of
 * concatenated keys costs more than the lookups.
 */
export function findingsContext(input: FindingsInput): FindingsContext {
  const covered = new Map<string, Set<string>>();
  for (const facts of input.budgets) {
    for (const pod of facts.pods) {
      let names = covered.get(pod.namespace);
      if (!names) covered.set(pod.namespace, (names = new Set()));
      names.add(pod.name);
    }
  }
  const workloadsByUid = new Map<string, WorkloadView>();
  for (const w of input.workloads) if (w.uid !== '') workloadsByUid.set(w.uid, w);
  // Several rules walk the pods: a one-shot iterable (a generator over the index) is read once here.
  const all: readonly PodView[] = Array.isArray(input.pods)
    ? (input.pods as readonly PodView[])
    : [...input.pods];
  // A pod whose namespace's budgets are not visible may well have one: the coverage rules skip it.
  const visibility = input.visibility;
  const pods =
    visibility === undefined || isFullyVisible(visibility)
      ? all
      : all.filter((pod) => unseenReason(visibility, 'budgets', pod.namespace) === undefined);
  return {
    ...input,
    pods,
    isCovered: (pod) => covered.get(pod.namespace)?.has(pod.name) ?? false,
    workloadsByUid,
  };
}

/**
 * The top-level workload that owns a pod (a Deployment through its ReplicaSet), as the
 * disruption controller resolves it; undefined for bare pods and unknown owners.
 */
export function topWorkloadOf(
  pod: PodView,
  byUid: ReadonlyMap<string, WorkloadView>,
): WorkloadView | undefined {
  const owner = pod.controller && byUid.get(pod.controller.uid);
  if (!owner) return undefined;
  if (owner.kind !== 'ReplicaSet') return owner;
  const parent = owner.controller && byUid.get(owner.controller.uid);
  return parent?.kind === 'Deployment' ? parent : owner;
}

export function finding(opts: {
  kind: FindingKind;
  severity: Severity;
  object: ResourceRef;
  message: string;
  remedy: string;
  /** Distinguishes several findings of one kind on one object. */
  detail?: string;
  related?: ResourceRef[];
}): Finding {
  const id = `${opts.kind}:${refKey(opts.object)}${opts.detail !== undefined ? `:${opts.detail}` : ''}`;
  return {
    id,
    kind: opts.kind,
    severity: opts.severity,
    object: opts.object,
    message: opts.message,
    remedy: opts.remedy,
    ...(opts.related && opts.related.length > 0 ? { related: opts.related } : {}),
  };
}

/** At most `limit` pod refs, so a finding on a 5,000-pod budget stays small. */
export function somePods(pods: readonly PodView[], limit = 20): ResourceRef[] {
  return pods.slice(0, limit).map((p) => ({ kind: 'Pod', namespace: p.namespace, name: p.name }));
}

export function namesList(names: readonly string[], limit = 5): string {
  const shown = names.slice(0, limit).join(', ');
  return names.length > limit ? `${shown} and ${names.length - limit} more` : shown;
}
