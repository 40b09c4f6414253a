import type { NodeView } from '../model/node.js';
import type { NodeTaint as Taint } from '../model/node.js';
import type {
  NodeAllocatable,
  NodeSelectorRequirement,
  NodeSelectorTerm,
  PodScheduling,
  ResourceAmounts,
  Toleration,
} from '../model/scheduling.js';
import { cpuMilli, wholeUnits } from './quantity.js';

/** Why a node cannot take a pod, in the words of kube-scheduler's "0/N nodes are available" message. */
export type UnfitReason =
  | { kind: 'unschedulable'; message: 'node(s) were unschedulable' }
  | { kind: 'not-ready'; message: 'node(s) were not ready' }
  | { kind: 'taint'; message: string; taint: Taint }
  | { kind: 'node-affinity'; message: "node(s) didn't match Pod's node affinity/selector" }
  | { kind: 'node-name'; message: "node(s) didn't match the requested node name" }
  | { kind: 'resources'; message: 'Insufficient cpu' | 'Insufficient memory' | 'Too many pods' };

/** What is already asked of a node by the pods bound to it. */
export interface NodeUsage extends ResourceAmounts {
  pods: number;
}

const UNSCHEDULABLE_TAINT: Taint = {
  key: 'node.kubernetes.io/unschedulable',
  effect: 'NoSchedule',
};

/** `v1helper.TolerationsTolerateTaint` / `Toleration.ToleratesTaint`. */
export function tolerates(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  const operator = toleration.operator ?? 'Equal';
  if (operator === 'Exists') return true;
  if (operator === 'Equal' || operator === '')
    return (toleration.value ?? '') === (taint.value ?? '');
  return false;
}

function tolerated(pod: PodScheduling | undefined, taint: Taint): boolean {
  for (const t of pod?.tolerations ?? []) if (tolerates(t, taint)) return true;
  return false;
}

function requirementMet(r: NodeSelectorRequirement, value: string | undefined): boolean {
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    case 'Gt':
    case 'Lt': {
      // One integer value; a label that is not an integer never matches.
      if (value === undefined || values.length !== 1 || !/^-?\d+$/.test(value)) return false;
      const limit = Number(values[0]);
      if (!Number.isInteger(limit)) return false;
      return r.operator === 'Gt' ? Number(value) > limit : Number(value) < limit;
    }
    default:
      return false;
  }
}

/** A term with neither expressions nor fields matches no node (`nodeaffinity.NodeSelectorTerms`). */
function termMatches(term: NodeSelectorTerm, node: NodeView): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  return (
    exprs.every((r) => requirementMet(r, node.labels[r.key])) &&
    fields.every(
      (r) =>
        r.key === 'metadata.name' &&
        (r.operator === 'In' || r.operator === 'NotIn') &&
        requirementMet(r, node.name),
    )
  );
}

/** nodeSelector and required node affinity (the NodeAffinity filter plugin). */
export function matchesNodeAffinity(pod: PodScheduling | undefined, node: NodeView): boolean {
  const selector = pod?.nodeSelector;
  for (const k in selector) if (node.labels[k] !== selector[k]) return false;
  const terms = pod?.requiredNodeAffinity;
  return terms === undefined || terms.some((t) => termMatches(t, node));
}

// A forecast asks every node it tries for each pod it places, and most say no: one shared, frozen
// reason per fixed message rather than an object per node asked.
const fixed = (reason: Exclude<UnfitReason, { kind: 'taint' }>): UnfitReason =>
  Object.freeze(reason);
const UNSCHEDULABLE = fixed({ kind: 'unschedulable', message: 'node(s) were unschedulable' });
const NOT_READY = fixed({ kind: 'not-ready', message: 'node(s) were not ready' });
const NODE_AFFINITY = fixed({
  kind: 'node-affinity',
  message: "node(s) didn't match Pod's node affinity/selector",
});
const NODE_NAME = fixed({
  kind: 'node-name',
  message: "node(s) didn't match the requested node name",
});
const TOO_MANY_PODS = fixed({ kind: 'resources', message: 'Too many pods' });
const INSUFFICIENT_CPU = fixed({ kind: 'resources', message: 'Insufficient cpu' });
const INSUFFICIENT_MEMORY = fixed({ kind: 'resources', message: 'Insufficient memory' });

/** A taint's reason is the same each time it is asked: made once per taint. */
const TAINT_REASONS = new WeakMap<Taint, UnfitReason>();

function taintUnfit(taint: Taint): UnfitReason {
  let reason = TAINT_REASONS.get(taint);
  if (reason === undefined) {
    reason = Object.freeze({
      kind: 'taint' as const,
      taint,
      message: `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`,
    });
    TAINT_REASONS.set(taint, reason);
  }
  return reason;
}

/**
 * Why the node cannot take the pod regardless of what runs there (cordon, readiness, a pod bound to
 * another node by `spec.nodeName`, taints, affinity); undefined when it can. Filters in
 * kube-scheduler's order (NodeUnschedulable, NodeName, TaintToleration, NodeAffinity): the first
 * failing one names it. Readiness is no plugin of its own: the node lifecycle controller taints a
 * node that is not ready, and this reads that as the taint would.
 */
export function staticUnfit(
  pod: PodScheduling | undefined,
  node: NodeView,
  nodeName?: string,
): UnfitReason | undefined {
  if (node.unschedulable && !tolerated(pod, UNSCHEDULABLE_TAINT)) return UNSCHEDULABLE;
  if (!node.ready) return NOT_READY;
  if (nodeName !== undefined && nodeName !== node.name) return NODE_NAME;
  for (const taint of node.taints) {
    if (taint.effect !== 'NoSchedule' && taint.effect !== 'NoExecute') continue;
    if (!tolerated(pod, taint)) return taintUnfit(taint);
  }
  if (!matchesNodeAffinity(pod, node)) return NODE_AFFINITY;
  return undefined;
}

/** `status.allocatable` in numbers; undefined when the node does not say (then any request fits). */
export function allocatableOf(node: NodeView): NodeAllocatable | undefined {
  const a = node.allocatable;
  if (a['cpu'] === undefined && a['memory'] === undefined && a['pods'] === undefined)
    return undefined;
  const pods = wholeUnits(a['pods']);
  return {
    cpuMilli: cpuMilli(a['cpu']) ?? 0,
    memoryBytes: wholeUnits(a['memory']) ?? 0,
    ...(pods !== undefined ? { pods } : {}),
  };
}

type Shortage = (
  req: PodScheduling['requests'],
  alloc: NodeAllocatable,
  used: NodeUsage,
) => boolean;

/** NodeResourcesFit's checks in its order, each with the reason it gives. */
const SHORTAGES: readonly (readonly [Shortage, UnfitReason])[] = [
  [(_, alloc, used) => alloc.pods !== undefined && used.pods + 1 > alloc.pods, TOO_MANY_PODS],
  [
    (req, alloc, used) =>
      req !== undefined && req.cpuMilli > 0 && used.cpuMilli + req.cpuMilli > alloc.cpuMilli,
    INSUFFICIENT_CPU,
  ],
  [
    (req, alloc, used) =>
      req !== undefined &&
      req.memoryBytes > 0 &&
      used.memoryBytes + req.memoryBytes > alloc.memoryBytes,
    INSUFFICIENT_MEMORY,
  ],
];

/** The NodeResourcesFit filter: requests within allocatable minus what is already requested. */
export function resourcesUnfit(
  pod: PodScheduling | undefined,
  alloc: NodeAllocatable | undefined,
  used: NodeUsage,
): UnfitReason | undefined {
  if (!alloc) return undefined;
  for (const [short, reason] of SHORTAGES) if (short(pod?.requests, alloc, used)) return reason;
  return undefined;
}

const NONE: readonly UnfitReason[] = Object.freeze([]);

/**
 * Every reason NodeResourcesFit gives, as its status lists them (`Too many pods`, `Insufficient
 * cpu`, `Insufficient memory`): each counts on its own in the "0/N nodes are available" histogram.
 */
export function resourceShortages(
  pod: PodScheduling | undefined,
  alloc: NodeAllocatable | undefined,
  used: NodeUsage,
): readonly UnfitReason[] {
  if (!alloc) return NONE;
  const out = SHORTAGES.filter(([short]) => short(pod?.requests, alloc, used)).map(([, r]) => r);
  return out.length === 0 ? NONE : out;
}

/** kube-scheduler's status codes for a filter's answer. */
export type FilterCode = 'Success' | 'Unschedulable' | 'UnschedulableAndUnresolvable';

/** The Filter phase's answer for one node: the failing plugin's code and its reasons. */
export interface FilterStatus {
  code: FilterCode;
  reasons: readonly UnfitReason[];
}

const FITS: FilterStatus = Object.freeze({ code: 'Success', reasons: NONE });

/**
 * The filters run on one node as the scheduling cycle runs them, stopping at the first that fails.
 * Only a resource shortage is `Unschedulable` (removing pods can fix it); a cordon, a node name, a
 * taint or the pod's node affinity is `UnschedulableAndUnresolvable`, which preemption skips.
 */
export function filterStatus(input: {
  pod: PodScheduling | undefined;
  /** The pod's `spec.nodeName`, when set. */
  nodeName?: string;
  node: NodeView;
  alloc: NodeAllocatable | undefined;
  used: NodeUsage;
}): FilterStatus {
  const fixed = staticUnfit(input.pod, input.node, input.nodeName);
  if (fixed) return { code: 'UnschedulableAndUnresolvable', reasons: [fixed] };
  const short = resourceShortages(input.pod, input.alloc, input.used);
  return short.length === 0 ? FITS : { code: 'Unschedulable', reasons: short };
}

/** kube-scheduler's summary: `0/6 nodes are available: 1 node(s) were unschedulable, 5 Insufficient cpu.` */
export function unavailableMessage(
  total: number,
  reasons: readonly { readonly message: string }[],
): string {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(r.message, (counts.get(r.message) ?? 0) + 1);
  const parts = [...counts.entries()]
    .map(([message, n]) => `${n} ${message}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `0/${total} nodes are available${parts.length > 0 ? `: ${parts.join(', ')}` : ''}.`;
}
