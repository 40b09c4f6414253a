import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import { parseLabelSelectorQuery } from '../selectors/query.js';
import { selectorMatches } from '../selectors/selector.js';
import type { DrainFlag, DrainOptions } from './drain-options.js';

/** kubectl's pkg/drain/filters.go messages, verbatim. */
export const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
export const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods';
export const LOCAL_STORAGE_FATAL =
  'Pods with local storage (use --delete-emptydir-data to override)';
export const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
export const UNMANAGED_FATAL = 'Pods that declare no controller (use --force to override)';
export const UNMANAGED_WARNING = 'deleting Pods that declare no controller';

export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

/** Which of kubectl's filters refused a pod. */
export type KubectlDrainFilter = 'daemonset' | 'local-storage' | 'unmanaged';

/** What kubectl's filters make of a pod (`PodDeleteStatus`). */
export type KubectlFilterStatus =
  | { action: 'delete'; warning?: string }
  | { action: 'skip'; reason: 'daemonset' | 'mirror'; warning?: string }
  | { action: 'error'; filter: KubectlDrainFilter; message: string; flag: DrainFlag };

/** One message of kubectl's, with the pods it names (in the order kubectl listed them). */
export interface DrainMessage {
  message: string;
  pods: ResourceRef[];
}

/** A refusal: `cannot delete <what> (use --flag to override): ns/a, ns/b`. */
export interface DrainRefusal extends DrainMessage {
  filter: KubectlDrainFilter | 'pod-selector';
  /** The flag that lets kubectl past it (none for a pod selector it cannot parse). */
  flag?: DrainFlag;
}

/** The pods kubectl lists on the node, filtered as `GetPodsForDeletion` does. */
export interface DrainSelection {
  /** The pods it will evict, in its order (namespace/name). */
  toEvict: PodView[];
  skipped: { pod: PodView; reason: 'daemonset' | 'mirror' }[];
  /** Non-empty: kubectl refuses the node and evicts nothing. */
  refusals: DrainRefusal[];
  /** kubectl's `Warning: …` line, one entry per message. */
  warnings: DrainMessage[];
}

const finished = (pod: PodView): boolean => pod.phase === 'Succeeded' || pod.phase === 'Failed';

/** kubectl ≥ 1.33 also compares the apiVersion, so OpenKruise's Advanced DaemonSet is not one. */
const daemonSetManaged = (pod: PodView): boolean =>
  pod.controller?.kind === 'DaemonSet' && pod.controller.apiVersion === 'apps/v1';

// kubectlPodFilter runs for every pod of every node (drainable now, forecasts): one shared,
// frozen answer per outcome rather than an object per pod.
const DELETE: KubectlFilterStatus = Object.freeze({ action: 'delete' });
const DELETE_UNMANAGED: KubectlFilterStatus = Object.freeze({
  action: 'delete',
  warning: UNMANAGED_WARNING,
});
const SKIP_DAEMONSET: KubectlFilterStatus = Object.freeze({
  action: 'skip',
  reason: 'daemonset',
  warning: DAEMONSET_WARNING,
});
const SKIP_MIRROR: KubectlFilterStatus = Object.freeze({ action: 'skip', reason: 'mirror' });
const DAEMONSET_ERROR: KubectlFilterStatus = Object.freeze({
  action: 'error',
  filter: 'daemonset',
  message: DAEMONSET_FATAL,
  flag: 'ignoreDaemonSets',
});
const LOCAL_STORAGE_ERROR: KubectlFilterStatus = Object.freeze({
  action: 'error',
  filter: 'local-storage',
  message: LOCAL_STORAGE_FATAL,
  flag: 'deleteEmptyDirData',
});
const UNMANAGED_ERROR: KubectlFilterStatus = Object.freeze({
  action: 'error',
  filter: 'unmanaged',
  message: UNMANAGED_FATAL,
  flag: 'force',
});

/**
 * kubectl's filters in its order (skip deleted, DaemonSet, mirror, local storage, unreplicated);
 * the first that does not say "delete" decides. The DaemonSet itself is assumed to exist (kubectl
 * GETs it; a missing one is an error unless --force). The answer is shared: never change it.
 */
export function kubectlPodFilter(
  pod: PodView,
  options: Pick<DrainOptions, 'force' | 'ignoreDaemonSets' | 'deleteEmptyDirData'>,
): Readonly<KubectlFilterStatus> {
  if (daemonSetManaged(pod) && !finished(pod))
    return options.ignoreDaemonSets ? SKIP_DAEMONSET : DAEMONSET_ERROR;
  if (pod.annotations[MIRROR_POD_ANNOTATION] !== undefined) return SKIP_MIRROR;
  // kubectl's local-storage warning is overwritten by the next filter's status.
  if (pod.emptyDir && !finished(pod) && !options.deleteEmptyDirData) return LOCAL_STORAGE_ERROR;
  if (finished(pod) || pod.controller !== undefined) return DELETE;
  return options.force ? DELETE_UNMANAGED : UNMANAGED_ERROR;
}

const podRef = (p: PodView): ResourceRef => ({
  kind: 'Pod',
  namespace: p.namespace,
  name: p.name,
});

function group<T extends { message: string }>(
  entries: readonly (T & { pod: PodView })[],
): (DrainMessage & Omit<T, 'pod'>)[] {
  if (entries.length === 0) return [];
  const byMessage = new Map<string, DrainMessage & Omit<T, 'pod'>>();
  for (const { pod, ...rest } of entries) {
    const known = byMessage.get(rest.message);
    if (known) known.pods.push(podRef(pod));
    else
      byMessage.set(rest.message, { ...rest, pods: [podRef(pod)] } as DrainMessage &
        Omit<T, 'pod'>);
  }
  return [...byMessage.values()];
}

const EVERYTHING = Object.freeze({
  ok: true as const,
  value: Object.freeze({ kind: 'everything' as const }),
});
const FILTER_ORDER: readonly KubectlDrainFilter[] = ['daemonset', 'local-storage', 'unmanaged'];

/**
 * `GetPodsForDeletion`: the node's pods matching the pod selector, each through kubectl's filters.
 * kubectl groups refusals by message in Go map order; here they come in filter order.
 */
export function selectPodsForDrain(
  pods: readonly PodView[],
  options: DrainOptions,
): DrainSelection {
  // No pod selector (the usual drain) needs no parsing: every node of a cluster is asked.
  const parsed =
    options.podSelector === '' ? EVERYTHING : parseLabelSelectorQuery(options.podSelector);
  if (!parsed.ok)
    return {
      toEvict: [],
      skipped: [],
      refusals: [{ filter: 'pod-selector', message: parsed.error, pods: [] }],
      warnings: [],
    };
  const toEvict: PodView[] = [];
  const skipped: DrainSelection['skipped'] = [];
  const errors: { pod: PodView; message: string; filter: KubectlDrainFilter; flag: DrainFlag }[] =
    [];
  const warnings: { pod: PodView; message: string }[] = [];
  for (const pod of pods) {
    if (!selectorMatches(parsed.value, pod.labels)) continue;
    const status = kubectlPodFilter(pod, options);
    if (status.action === 'error') {
      errors.push({ pod, message: status.message, filter: status.filter, flag: status.flag });
      continue;
    }
    if (status.warning) warnings.push({ pod, message: status.warning });
    if (status.action === 'skip') skipped.push({ pod, reason: status.reason });
    else toEvict.push(pod);
  }
  const refusals = group(errors)
    .sort((a, b) => FILTER_ORDER.indexOf(a.filter) - FILTER_ORDER.indexOf(b.filter))
    .map((r) => ({ ...r, message: `cannot delete ${r.message}` }));
  return { toEvict, skipped, refusals, warnings: group(warnings) };
}

/** kubectl's error text for a refusal: `cannot delete <what>: ns/a, ns/b`. */
export function refusalText(refusal: DrainRefusal): string {
  if (refusal.pods.length === 0) return refusal.message;
  return `${refusal.message}: ${refusal.pods.map((p) => `${p.namespace}/${p.name}`).join(', ')}`;
}

/** kubectl's warning line: `Warning: ignoring DaemonSet-managed Pods: ns/a; deleting …`. */
export function warningText(warnings: readonly DrainMessage[]): string | undefined {
  if (warnings.length === 0) return undefined;
  return `Warning: ${warnings.map((w) => `${w.message}: ${w.pods.map((p) => `${p.namespace}/${p.name}`).join(', ')}`).join('; ')}`;
}
