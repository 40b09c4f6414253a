import { z } from 'zod';
import { AsOfFields, BudgetRefSchema, PodKeySchema, refineLabelSelector } from './common.js';
import { EvictionDecisionSchema } from './simulate.js';
import { BudgetStatusAfterSchema } from './status.js';

/** kubectl drain's flags; each one left out takes kubectl's default. */
export const DrainOptionsSchema = z
  .object({
    /** `--force`: also delete pods that declare no controller. */
    force: z.boolean().default(false),
    /** `--ignore-daemonsets`: leave DaemonSet-managed pods instead of refusing the node. */
    ignoreDaemonSets: z.boolean().default(false),
    /** `--delete-emptydir-data`: also delete pods with emptyDir volumes. */
    deleteEmptyDirData: z.boolean().default(false),
    /** `--pod-selector`: only pods matching this label query are drained. */
    podSelector: z.string().max(1024).default('').superRefine(refineLabelSelector),
  })
  .meta({ id: 'DrainOptions' });
export type DrainOptionsBody = z.infer<typeof DrainOptionsSchema>;

/** POST /api/simulate/drain: the node and kubectl drain's flags (unknown fields are refused). */
export const SimulateDrainRequestSchema = z
  .strictObject({ node: z.string().min(1).max(253), ...DrainOptionsSchema.shape })
  .meta({ id: 'SimulateDrainRequest' });
export type SimulateDrainRequest = z.infer<typeof SimulateDrainRequestSchema>;

export const DrainPodSchema = z
  .object({ pod: PodKeySchema, decision: EvictionDecisionSchema })
  .meta({ id: 'DrainPod' });

/** One round of `kubectl drain`: every remaining pod is tried; accepted evictions use up budget. */
export const DrainRoundSchema = z
  .object({
    index: z.number().int(),
    evicted: z.array(DrainPodSchema),
    /** Answered neither 201 nor 429 (403, 500…): kubectl gives up on them. */
    failed: z.array(DrainPodSchema),
    /** Answered 429: kubectl tries again after 5 s. */
    blocked: z.array(DrainPodSchema),
    /** What the drain waits for before the next round (replacements scheduled and Ready). */
    waitsFor: z.array(z.string()),
  })
  .meta({ id: 'DrainRound' });

export const DrainFlagSchema = z.enum(['force', 'ignoreDaemonSets', 'deleteEmptyDirData']);

export const SimulateDrainResponseSchema = z
  .object({
    node: z.string(),
    /** The command the plan assumed, e.g. `kubectl drain worker-1 --ignore-daemonsets`. */
    kubectl: z.string(),
    options: z.object({
      force: z.boolean(),
      ignoreDaemonSets: z.boolean(),
      deleteEmptyDirData: z.boolean(),
      podSelector: z.string(),
    }),
    /**
     * `completes` (exit 0); `refused` before any eviction; `fails` (an eviction answered neither
     * 201 nor 429: exit 1); `stuck` (pods keep answering 429 until --timeout); `unknown`: the
     * visible pods would not stop it, but the node may hold pods that are not visible, or its
     * pods' budgets are not (see `notVisible`).
     */
    verdict: z.enum(['completes', 'refused', 'fails', 'stuck', 'unknown']),
    /** True when the verdict is `completes`. */
    complete: z.boolean(),
    /**
     * False when the cluster has no Node objects, or they are not visible: replacements are
     * assumed to fit elsewhere.
     */
    schedulingChecked: z.boolean(),
    /** What the plan cannot see, in words; absent when everything is visible. */
    notVisible: z.array(z.string()).optional(),
    /** kubectl's own errors when it refuses the node, each with the flag that lifts it. */
    refusals: z.array(
      z.object({
        message: z.string(),
        flag: DrainFlagSchema.nullable(),
        pods: z.array(PodKeySchema),
      }),
    ),
    /** kubectl's warnings (pods it ignores or deletes by force), verbatim. */
    warnings: z.array(z.string()),
    rounds: z.array(DrainRoundSchema),
    /** Pods kubectl gives up on, with its error line and why. */
    failed: z.array(
      z.object({
        pod: PodKeySchema,
        round: z.number().int(),
        message: z.string(),
        explanation: z.string(),
      }),
    ),
    /**
     * Pods still answering 429 when nothing more can change: `never` (no recovery frees them with
     * the budgets as they are) or `until` the pods in `waitsFor` are Ready.
     */
    blocked: z.array(
      z.object({
        pod: PodKeySchema,
        outlook: z.enum(['never', 'until']),
        reason: z.string(),
        explanation: z.string(),
        budget: BudgetRefSchema.nullable(),
        waitsFor: z.array(PodKeySchema),
      }),
    ),
    /** Replacements no node can take: they stay Pending and keep their budgets used up. */
    pending: z.array(
      z.object({
        replacement: PodKeySchema,
        replaces: PodKeySchema,
        /** kube-scheduler's `0/N nodes are available: …`. */
        reason: z.string(),
        /** Pods of the node that stay blocked by it. */
        blocks: z.array(PodKeySchema),
      }),
    ),
    /** Pods a drain does not evict (DaemonSet with --ignore-daemonsets, mirror pods), with why. */
    skipped: z.array(z.object({ pod: PodKeySchema, reason: z.string() })),
    budgetsAfter: z.array(BudgetStatusAfterSchema),
    ...AsOfFields,
  })
  .meta({ id: 'SimulateDrainResponse' });
export type SimulateDrainResponse = z.infer<typeof SimulateDrainResponseSchema>;
