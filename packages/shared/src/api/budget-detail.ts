import { z } from 'zod';
import { EVICTION_RULES } from '../eviction/decide-rule.js';
import { FindingSchema, OverlapSchema } from './analysis.js';
import { BudgetRowSchema } from './budgets.js';
import { ConditionSchema, OwnerSchema, TimestampSchema } from './common.js';
import { BudgetStatusNumbersSchema } from './status.js';

export const LaneSchema = z.enum(['available', 'unavailable', 'disrupted']).meta({ id: 'Lane' });
export type Lane = z.infer<typeof LaneSchema>;

/**
 * What evicting this pod alone would answer now: a dry run against the stored statuses of every
 * budget covering it, as the API server decides (`decideEviction`).
 */
export const EvictableNowSchema = z
  .object({
    allowed: z.boolean(),
    /** The engine's rule that decided, e.g. `budget-decremented`, `budget-exhausted`, `multiple-pdbs`. */
    rule: z.enum(EVICTION_RULES),
    /** The rule in a few words. */
    summary: z.string(),
    /** The HTTP status the API server would answer (201, 429, 500, 403...). */
    code: z.number().int(),
  })
  .meta({ id: 'EvictableNow' });
export type EvictableNow = z.infer<typeof EvictableNowSchema>;

/** A pod selected by a budget, with the lane it is in and why. */
export const LanePodSchema = z
  .object({
    namespace: z.string(),
    name: z.string(),
    lane: LaneSchema,
    /** Machine-readable reason (the engine's `PodLaneCode`): `Ready`, `NotReady`, `Pending`, `Succeeded`, `Failed`, `Terminating`, `Disrupted`, `UnavailableLabel`, `Updating`. */
    reason: z.string(),
    /** The reason in words, e.g. "in status.disruptedPods since 19:40:02". */
    message: z.string(),
    phase: z.string(),
    ready: z.boolean(),
    nodeName: z.string().optional(),
    owner: OwnerSchema.optional(),
    restartCount: z.number().int(),
    waitingReason: z.string().optional(),
    deletionTimestamp: TimestampSchema.optional(),
    /** When its eviction was admitted, if it is in `disruptedPods`. */
    disruptedAt: TimestampSchema.optional(),
    evictableNow: EvictableNowSchema,
  })
  .meta({ id: 'LanePod' });
export type LanePod = z.infer<typeof LanePodSchema>;

/** One controller counted into the expected pod count. */
export const ExpectedControllerSchema = z
  .object({
    apiVersion: z.string(),
    kind: z.string(),
    name: z.string(),
    replicas: z.number().int(),
    pods: z.number().int(),
  })
  .meta({ id: 'ExpectedController' });

/**
 * Where the expected count comes from: the scale of the pods' controllers; the number of
 * selected pods (integer minAvailable); a PUB's targetRef or protectTotalReplicas; an error
 * (e.g. bare pods with a percentage), which is what makes the controller fail safe; or
 * `not-visible`: what it is counted from (the pods, or their controllers) is not visible, the
 * message says why.
 */
export const ExpectedSourceSchema = z
  .object({
    type: z.enum([
      'controllers',
      'pod-count',
      'target-ref',
      'protect-total-replicas',
      'none',
      'error',
      'not-visible',
    ]),
    controllers: z.array(ExpectedControllerSchema),
    message: z.string(),
  })
  .meta({ id: 'ExpectedSource' });
export type ExpectedSource = z.infer<typeof ExpectedSourceSchema>;

/** An event the controller would record on this budget (e.g. `UnmanagedPods`, `NoPods`). */
export const ControllerEventSchema = z
  .object({ type: z.enum(['Normal', 'Warning']), reason: z.string(), message: z.string() })
  .meta({ id: 'ControllerEvent' });

/** GET /api/budgets/{kind}/{namespace}/{name} */
/** One way the budget's pods can still be removed despite it (a PodDisruptionBudget's). */
export const BudgetExposureSchema = z
  .object({
    kind: z.enum([
      'preemption',
      'provider-upgrade',
      'karpenter-termination',
      'cluster-autoscaler-safe-to-evict',
      'direct-delete',
    ]),
    /** True when the pods go although the budget allows no disruption; false when it holds in the end. */
    overridesBudget: z.boolean(),
    sentence: z.string(),
    /** The rule that makes it so. */
    rule: z.string(),
    /** The budget's pods concerned (`namespace/name`); all of them when absent. */
    pods: z.array(z.string()).optional(),
  })
  .meta({ id: 'BudgetExposure' });
export type BudgetExposureItem = z.infer<typeof BudgetExposureSchema>;

export const BudgetDetailResponseSchema = z
  .object({
    budget: BudgetRowSchema,
    lanes: z.object({
      available: z.array(LanePodSchema),
      unavailable: z.array(LanePodSchema),
      disrupted: z.array(LanePodSchema),
    }),
    /** The status as the cluster reports it. */
    reported: BudgetStatusNumbersSchema,
    /**
     * The status as our engine computes it now; null when it cannot be computed (see
     * `recomputeError`) or is not known (see `budget.notVisible`: its pods, or their controllers'
     * scale, are not visible). With pods not visible, `lanes` are empty and say nothing.
     */
    recomputed: BudgetStatusNumbersSchema.nullable(),
    recomputeError: z.string().nullable(),
    /** Status fields where reported and recomputed differ, e.g. `currentHealthy`. */
    differences: z.array(z.string()),
    expected: ExpectedSourceSchema,
    conditions: z.array(ConditionSchema),
    controllerEvents: z.array(ControllerEventSchema),
    /** The budget as stored (managedFields omitted), in YAML. */
    yaml: z.string(),
    findings: z.array(FindingSchema),
    overlaps: z.array(OverlapSchema),
    /** What can still disrupt the pods despite the budget; absent for kinds other than PodDisruptionBudget. */
    exposure: z.array(BudgetExposureSchema).optional(),
    eventId: z.string(),
  })
  .meta({ id: 'BudgetDetailResponse' });
export type BudgetDetailResponse = z.infer<typeof BudgetDetailResponseSchema>;
