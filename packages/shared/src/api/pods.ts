import { z } from 'zod';
import { BudgetRowSchema } from './budgets.js';
import {
  BudgetRefSchema,
  LabelsSchema,
  ObjectRefSchema,
  OwnerSchema,
  TimestampSchema,
} from './common.js';
import { BlockingActorSchema } from './node-actors.js';
import { EvictionDecisionSchema } from './simulate.js';

export const PodSummarySchema = z
  .object({
    namespace: z.string(),
    name: z.string(),
    uid: z.string(),
    phase: z.string(),
    ready: z.boolean(),
    labels: LabelsSchema,
    /**
     * The annotations the engine keeps (those a rule reads: OpenKruise's `pub.kruise.io/*`,
     * `kruise.io/related-pub`, `kubernetes.io/config.mirror`); absent when it has none of them.
     */
    annotations: LabelsSchema.optional(),
    nodeName: z.string().optional(),
    owner: OwnerSchema.optional(),
    restartCount: z.number().int(),
    waitingReason: z.string().optional(),
    creationTimestamp: TimestampSchema.optional(),
    deletionTimestamp: TimestampSchema.optional(),
  })
  .meta({ id: 'PodSummary' });
export type PodSummary = z.infer<typeof PodSummarySchema>;

/**
 * GET /api/pods/{namespace}/{name}: the pod, the budgets covering it, what evicting it now would
 * answer. `notVisible`: what the answer cannot see (the budgets of its namespace, when they may
 * not be listed: the eviction is decided on the visible ones only); absent when all is visible.
 */
export const PodResponseSchema = z
  .object({
    pod: PodSummarySchema,
    budgets: z.array(BudgetRowSchema),
    eviction: EvictionDecisionSchema,
    notVisible: z.array(z.string()).optional(),
    eventId: z.string(),
  })
  .meta({ id: 'PodResponse' });
export type PodResponse = z.infer<typeof PodResponseSchema>;

/** A taint of `spec.taints`; `value` is absent when the taint has none. */
export const NodeTaintSchema = z
  .object({ key: z.string(), value: z.string().optional(), effect: z.string() })
  .meta({ id: 'NodeTaint' });

/**
 * How many of a node's stopping pods and holding budgets GET /api/nodes names per row; the
 * counts say how many there are, the node's own page (GET /api/nodes/{name}) names them all.
 * At 5,000 nodes the full lists were two thirds of the list's bytes; naming one instead of three
 * took the Nodes page's first rows from 466 ms to 282 ms (bench:web).
 */
export const NODE_LIST_REFS = 1;

/**
 * Would `kubectl drain --ignore-daemonsets --delete-emptydir-data` finish now without waiting
 * (`drainable`), be refused by kubectl's filters (`refused`: bare pods), or leave pods whose
 * eviction is refused now (`stuck`: a budget at 0, several PDBs, a 403)? `unknown`: its visible
 * pods would drain, but pods of some namespace are not visible (any node may hold them) or its
 * pods' budgets are not: never `drainable` on partial data. `pods` are those that stop it
 * (`podCount` of them), `budgets` those holding the stuck pods (`budgetCount`); in
 * GET /api/nodes only the first NODE_LIST_REFS of each. `notVisible` says what the answer cannot
 * see (absent when everything is visible).
 */
export const DrainableNowSchema = z
  .object({
    state: z.enum(['drainable', 'refused', 'stuck', 'unknown']),
    pods: z.array(ObjectRefSchema),
    podCount: z.number().int(),
    budgets: z.array(BudgetRefSchema),
    budgetCount: z.number().int(),
    reason: z.string(),
    notVisible: z.array(z.string()).optional(),
  })
  .meta({ id: 'DrainableNow' });
export type DrainableNowRow = z.infer<typeof DrainableNowSchema>;

export const NodeRowSchema = z
  .object({
    name: z.string(),
    /**
     * False when no Node object is known and the node is named only by its pods' `spec.nodeName`
     * (a snapshot of pods without nodes); `ready` and `unschedulable` are then unknown (false).
     */
    known: z.boolean(),
    ready: z.boolean(),
    unschedulable: z.boolean(),
    labels: LabelsSchema,
    taints: z.array(NodeTaintSchema),
    pods: z.number().int(),
    /** Pods on the node that at least one budget selects. */
    budgetedPods: z.number().int(),
    drainableNow: DrainableNowSchema,
    /**
     * The actors that would not remove the node now, in NODE_ACTORS' order: kubectl drain
     * (refused or stuck), Cluster Autoscaler (with the BFF's `--ca-…` flags), Karpenter (only on
     * the nodes it manages). Preemption is never listed: budgets do not stop it.
     */
    blockedFor: z.array(BlockingActorSchema),
    creationTimestamp: TimestampSchema.optional(),
  })
  .meta({ id: 'NodeRow' });
export type NodeRow = z.infer<typeof NodeRowSchema>;

/**
 * GET /api/nodes, sorted by name. `notVisible`: what the list cannot see (nodes refused: only the
 * nodes its pods name are listed; pods of some namespace refused), absent when all is visible.
 */
export const NodesResponseSchema = z
  .object({
    items: z.array(NodeRowSchema),
    notVisible: z.array(z.string()).optional(),
    eventId: z.string(),
  })
  .meta({ id: 'NodesResponse' });
export type NodesResponse = z.infer<typeof NodesResponseSchema>;
