import { z } from 'zod';
import { AsOfFields, BudgetRefSchema, PodKeySchema } from './common.js';
import { parseFix } from './fix-param.js';
import { UpgradeProfileSchema, UpgradeProviderRequestFields } from './upgrade-provider.js';

const count = (max: number) => z.number().int().min(0).max(max);

export const UpgradeChangeSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('budget-spec'),
      budget: BudgetRefSchema,
      field: z.enum(['minAvailable', 'maxUnavailable']),
      value: count(1_000_000),
    }),
    z.object({ kind: z.literal('remove-budget'), budget: BudgetRefSchema }),
    z.object({
      kind: z.literal('scale'),
      workload: z.object({ kind: z.string(), namespace: z.string(), name: z.string() }),
      replicas: count(1_000_000),
      /** The pod the new one is copied from; in a request it may be left out (one is taken). */
      template: z
        .object({ kind: z.literal('Pod'), namespace: z.string(), name: z.string() })
        .optional(),
    }),
    z.object({ kind: z.literal('surge'), maxSurge: count(1000) }),
    z.object({
      kind: z.literal('drain-option'),
      option: z.enum(['force', 'ignoreDaemonSets', 'deleteEmptyDirData']),
    }),
  ])
  .meta({ id: 'UpgradeChange' });

/**
 * A change in an address's readable form (`scale:payments/Deployment/payments-api=3`,
 * `min-available:payments/payments-pdb=1`, `remove-budget:shop/edge-proxy`, `surge:2`,
 * `drain:force`; see `formatFix`).
 */
export const FixTextSchema = z
  .string()
  .max(600)
  .superRefine((text, ctx) => {
    const parsed = parseFix(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
  })
  .meta({ id: 'FixText', example: 'scale:payments/Deployment/payments-api=3' });

/** One change of a fix as a user would make it (pdbscope never applies it). */
export const ChangeStepSchema = z
  .object({
    title: z.string(),
    /**
     * One shell command (kubectl; for an object an operator writes, a patch of its custom
     * resource), or a comment line for a setting of the upgrade (surge, a drain flag).
     */
    command: z.string(),
    /** The YAML document it writes (a merge patch, or the object to delete); null for none. */
    yaml: z.string().nullable(),
  })
  .meta({ id: 'ChangeStep' });

/** POST /api/simulate/upgrade */
export const SimulateUpgradeRequestSchema = z
  .object({
    /** The pool: `key=value[,key=value]` over node labels … */
    selector: z.string().min(1).max(1000).optional(),
    /** … or node names (upgraded in this order). */
    nodes: z.array(z.string().min(1).max(253)).min(1).max(10_000).optional(),
    /**
     * kubectl: nodes drained at a time (default 1, at least 1). A managed provider's maxUnavailable
     * (its default when absent: GKE 0, EKS 1, AKS 0).
     */
    maxUnavailable: count(10_000).optional(),
    /** New empty nodes that join before the first drain (kubectl default 0; GKE 1, AKS 10%). */
    maxSurge: count(1000).optional(),
    force: z.boolean().optional(),
    ignoreDaemonSets: z.boolean().optional(),
    deleteEmptyDirData: z.boolean().optional(),
    /** Creation → Ready for workloads the cluster says nothing about (default 30). */
    defaultReadySeconds: count(86_400).optional(),
    /** A drained node deleted → its upgraded node Ready (default 90). */
    nodeReplaceSeconds: count(86_400).optional(),
    /** What-if changes (a fix's `changes`), applied on a copy; nothing is changed in the cluster. */
    changes: z.array(UpgradeChangeSchema).max(50).optional(),
    /** More what-if changes in their readable form (an address's `fix=`), applied after `changes`. */
    fix: z.array(FixTextSchema).max(50).optional(),
    ...UpgradeProviderRequestFields,
  })
  .strict()
  .refine((r) => (r.selector === undefined) !== (r.nodes === undefined), {
    message: 'give either selector or nodes',
    path: ['selector'],
  })
  .meta({ id: 'SimulateUpgradeRequest' });
export type SimulateUpgradeRequest = z.infer<typeof SimulateUpgradeRequestSchema>;

export const StallReasonSchema = z
  .enum([
    'kubectl-refuses',
    'multiple-budgets',
    'webhook-denied',
    'replacement-unschedulable',
    'no-disruption-allowed',
  ])
  .meta({ id: 'StallReason' });

export const UpgradeStepSchema = z
  .object({
    step: z.number().int(),
    nodes: z.array(z.string()),
    /** Seconds since the upgrade started. */
    startSeconds: z.number(),
    endSeconds: z.number(),
    evicted: z.array(PodKeySchema),
    /** Each replacement with the node it is scheduled on (null: Pending, no node can take it). */
    replacements: z.array(
      z.object({ pod: PodKeySchema, node: z.string().nullable(), readySeconds: z.number() }),
    ),
    /** 429 answers retried while budgets recovered. */
    retries: z.number().int(),
    completed: z.boolean(),
    /** Pods the provider deleted at its drain timeout, despite their budgets. */
    forced: z.array(PodKeySchema),
    /** Nodes AKS quarantined at its drain timeout (undrainable node behavior Cordon). */
    quarantined: z.array(z.string()),
  })
  .meta({ id: 'UpgradeStep' });

export const StuckPodSchema = z
  .object({
    pod: PodKeySchema,
    node: z.string(),
    reason: StallReasonSchema,
    budgets: z.array(BudgetRefSchema),
    /** The API server's HTTP status (0: kubectl refuses before asking). */
    httpStatus: z.number().int(),
    explanation: z.string(),
    pendingReplacements: z.array(PodKeySchema),
  })
  .meta({ id: 'StuckPod' });

export const UpgradeStallSchema = z
  .object({
    step: z.number().int(),
    node: z.string(),
    nodes: z.array(z.string()),
    pods: z.array(StuckPodSchema),
    budgets: z.array(BudgetRefSchema),
    reasons: z.array(StallReasonSchema),
    summary: z.string(),
  })
  .meta({ id: 'UpgradeStall' });

export const UpgradeVerdictSchema = z
  .enum(['completes', 'stalls', 'fails', 'forces', 'unknown'])
  .meta({ id: 'UpgradeVerdict' });

/** A batch whose pods the provider deleted at its drain timeout: what their budgets should have prevented. */
export const ForcedDeletionSchema = z
  .object({
    step: z.number().int(),
    nodes: z.array(z.string()),
    /** Seconds since the upgrade started when the pods were deleted. */
    atSeconds: z.number(),
    /** How long the provider waited: its drain timeout. */
    afterSeconds: z.number(),
    pods: z.array(StuckPodSchema),
    /** Each budget right after the deletion: healthy pods against what it requires. */
    budgets: z.array(
      z.object({ budget: BudgetRefSchema, healthy: z.number().int(), required: z.number().int() }),
    ),
    summary: z.string(),
  })
  .meta({ id: 'ForcedDeletion' });

/** The provider gave up: the upgrade ends failed (EKS, AKS). */
export const UpgradeFailureSchema = z
  .object({
    provider: z.enum(['eks', 'aks']),
    /** PodEvictionFailure (EKS), UpgradeFailed (AKS); with Cordon, the end state (Failed, Canceled). */
    code: z.string(),
    /** The provider's message (EKS's errorMessage, AKS's with its PDB debug info). */
    message: z.string(),
    step: z.number().int(),
    /** The node it failed on. */
    node: z.string(),
    nodes: z.array(z.string()),
    atSeconds: z.number(),
    pods: z.array(StuckPodSchema),
    budgets: z.array(BudgetRefSchema),
  })
  .meta({ id: 'UpgradeFailure' });

/** A node AKS could not drain in time, left cordoned and labelled, not upgraded. */
export const QuarantinedNodeSchema = z
  .object({
    step: z.number().int(),
    node: z.string(),
    atSeconds: z.number(),
    /** `kubernetes.azure.com/upgrade-status=Quarantined`. */
    label: z.string(),
    pods: z.array(StuckPodSchema),
    message: z.string(),
  })
  .meta({ id: 'QuarantinedNode' });

export const UpgradeForecastSchema = z
  .object({
    /**
     * `completes`; `stalls` (kubectl waits for ever: `stall`); `fails` (the provider gives up:
     * `failure`); `forces` (the provider deletes protected pods and completes: `forced`);
     * `unknown`: the visible pods would not stop it, but the pool may hold pods that are not
     * visible, or their budgets are not (see `notVisible`).
     */
    verdict: UpgradeVerdictSchema,
    /** What the forecast cannot see, in words; absent when everything is visible. */
    notVisible: z.array(z.string()).optional(),
    nodes: z.array(z.string()),
    strategy: z.object({ maxUnavailable: z.number().int(), maxSurge: z.number().int() }),
    drain: z.object({
      force: z.boolean(),
      ignoreDaemonSets: z.boolean(),
      deleteEmptyDirData: z.boolean(),
    }),
    steps: z.array(UpgradeStepSchema),
    /** Seconds until the last node is replaced, or until the stall. */
    durationSeconds: z.number(),
    stall: UpgradeStallSchema.nullable(),
    forced: z.array(ForcedDeletionSchema),
    failure: UpgradeFailureSchema.nullable(),
    /** AKS with Cordon: the nodes left cordoned, not upgraded. */
    quarantined: z.array(QuarantinedNodeSchema),
    surgeNodes: z.array(z.string()),
    readiness: z.object({ defaultSeconds: z.number(), measuredWorkloads: z.number().int() }),
  })
  .meta({ id: 'UpgradeForecast' });

/** The changes a forecast was made with, each with its readable form and how to make it. */
export const AppliedChangesSchema = z
  .object({
    items: z.array(ChangeStepSchema.extend({ fix: z.string() })),
    script: z.string(),
    yaml: z.string(),
  })
  .meta({ id: 'AppliedChanges' });

export const UpgradeFixSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    cost: z.string(),
    changes: z.array(UpgradeChangeSchema),
    outcome: z.enum(['completes', 'gets-further', 'does-not-help']),
    forecast: z.object({
      verdict: UpgradeVerdictSchema,
      steps: z.number().int(),
      durationSeconds: z.number(),
      stall: z.string().nullable(),
      /** For `fails`: the provider's message. */
      failure: z.string().nullable(),
      /** For `forces`: how many protected pods are still deleted. */
      forcedPods: z.number().int().nullable(),
    }),
    /** Its changes in their readable form, for an address (`fix=`). */
    fix: z.array(z.string()),
    /** What a user would apply, one step per change; pdbscope never applies it. */
    steps: z.array(ChangeStepSchema),
    /** The steps as one commented bash script, one command per change. */
    script: z.string(),
    /** The steps as one multi-document YAML. */
    yaml: z.string(),
    /**
     * A combination (no single change lets the upgrade complete): its parts, each with its cost;
     * `changes` holds them all. Empty for a single change.
     */
    parts: z.array(z.object({ title: z.string(), cost: z.string() })),
    /**
     * For a combination, how the search found it: `fewestChanges`, no combination with fewer
     * changes completes (among the changes tried); `exhaustive`, the search for the smallest (of at
     * most `maxChanges` changes) ran to its end, so it is also the cheapest of its size, or none
     * that small completes; `forecasts` it ran beyond the single fixes'. Null for a single change.
     * A combination whose outcome is `gets-further` is the one that got furthest: none found
     * completes.
     */
    search: z
      .object({
        fewestChanges: z.boolean(),
        exhaustive: z.boolean(),
        forecasts: z.number().int(),
        maxChanges: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: 'UpgradeFix' });
export type UpgradeFix = z.infer<typeof UpgradeFixSchema>;
export type UpgradeForecastBody = z.infer<typeof UpgradeForecastSchema>;

export const SimulateUpgradeResponseSchema = z
  .object({
    forecast: UpgradeForecastSchema,
    /**
     * For a stall (or a failure, or forced deletions): changes that would let it go on, ranked, each checked by a new forecast; when no
     * single change lets it complete, the combination with the fewest changes that does comes
     * first, or else the one that gets furthest.
     */
    fixes: z.array(UpgradeFixSchema),
    /** Who the forecast had upgrade the pool, with which settings, and what the node labels say. */
    profile: UpgradeProfileSchema,
    /** The request's changes, as applied on the copy (in order), and as a user would make them. */
    applied: AppliedChangesSchema,
    ...AsOfFields,
  })
  .meta({ id: 'SimulateUpgradeResponse' });
export type SimulateUpgradeResponse = z.infer<typeof SimulateUpgradeResponseSchema>;
