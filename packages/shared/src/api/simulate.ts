import { z } from 'zod';
import { EVICTION_RULES } from '../eviction/decide-rule.js';
import { AsOfFields, BudgetRefSchema, PodKeySchema } from './common.js';
import { BudgetStatusAfterSchema } from './status.js';

export const StatusCauseSchema = z
  .object({ reason: z.string(), message: z.string() })
  .meta({ id: 'StatusCause' });

/** The figures an eviction rule was decided on (absent when that step did not run). */
export const EvictionFiguresSchema = z
  .object({
    /** PodDisruptionBudgets selecting the pod (OpenKruise budgets are not counted). */
    selectingPdbs: z.number().int().optional(),
    /** The deciding PodDisruptionBudget's status as read. */
    disruptionsAllowed: z.number().int().optional(),
    currentHealthy: z.number().int().optional(),
    desiredHealthy: z.number().int().optional(),
    /** disruptionsAllowed once this eviction used one. */
    disruptionsAllowedAfter: z.number().int().optional(),
    podReady: z.boolean().optional(),
  })
  .meta({ id: 'EvictionFigures' });

/**
 * What POST pods/{name}/eviction would answer. `httpStatus` is the status line; `code` is the
 * Status body's code (equal: a pod under more than one budget gets HTTP 500 with code 500).
 */
export const EvictionDecisionSchema = z
  .object({
    pod: PodKeySchema,
    allowed: z.boolean(),
    /** The rule of the eviction handler (or OpenKruise's webhook) that decided, named by the engine. */
    rule: z.enum(EVICTION_RULES),
    /** The rule in a few words, for a headline ("more than one PodDisruptionBudget"). */
    summary: z.string(),
    /** Asked as `dryRun=All` (nothing would be written). */
    dryRun: z.boolean(),
    figures: EvictionFiguresSchema,
    httpStatus: z.number().int(),
    code: z.number().int(),
    status: z.enum(['Success', 'Failure']),
    /** Status.reason, e.g. `TooManyRequests`, `Forbidden`, `NotFound`. */
    reason: z.string().optional(),
    /** The API server's message, verbatim. */
    message: z.string(),
    causes: z.array(StatusCauseSchema),
    retryAfterSeconds: z.number().int().optional(),
    /** Every budget that selects the pod. */
    budgets: z.array(BudgetRefSchema),
    /** The budget whose status decided (and was decremented), when one did. */
    decidedBy: BudgetRefSchema.nullable(),
    /** Why, in words, with the figures: rendered from `rule`. */
    explanation: z.string(),
  })
  .meta({ id: 'EvictionDecision' });
export type EvictionDecision = z.infer<typeof EvictionDecisionSchema>;

/** POST /api/simulate/evictions: pods evicted in order, each seeing the budget the previous ones used up. */
export const SimulateEvictionsRequestSchema = z
  .object({ pods: z.array(PodKeySchema).min(1).max(1000) })
  .meta({ id: 'SimulateEvictionsRequest' });
export type SimulateEvictionsRequest = z.infer<typeof SimulateEvictionsRequestSchema>;

export const EvictionStepSchema = z
  .object({
    pod: PodKeySchema,
    decision: EvictionDecisionSchema,
    /** The affected budgets' stored status after this step. */
    budgets: z.array(BudgetStatusAfterSchema),
  })
  .meta({ id: 'EvictionStep' });
export type EvictionStep = z.infer<typeof EvictionStepSchema>;

export const SimulateEvictionsResponseSchema = z
  .object({ steps: z.array(EvictionStepSchema), ...AsOfFields })
  .meta({ id: 'SimulateEvictionsResponse' });
export type SimulateEvictionsResponse = z.infer<typeof SimulateEvictionsResponseSchema>;

/** POST /api/verify/eviction */
export const VerifyEvictionRequestSchema = z
  .object({ pod: PodKeySchema })
  .meta({ id: 'VerifyEvictionRequest' });
export type VerifyEvictionRequest = z.infer<typeof VerifyEvictionRequestSchema>;

/** The API server's own answer to the eviction sent with dryRun=All. */
export const ServerEvictionAnswerSchema = z
  .object({
    httpStatus: z.number().int(),
    code: z.number().int(),
    status: z.string(),
    reason: z.string().optional(),
    message: z.string(),
    causes: z.array(StatusCauseSchema),
    retryAfterSeconds: z.number().int().optional(),
  })
  .meta({ id: 'ServerEvictionAnswer' });
export type ServerEvictionAnswer = z.infer<typeof ServerEvictionAnswerSchema>;

export const VerifyEvictionResponseSchema = z
  .object({
    pod: PodKeySchema,
    ours: EvictionDecisionSchema,
    server: ServerEvictionAnswerSchema,
    /** Same status code and message. */
    agree: z.boolean(),
  })
  .meta({ id: 'VerifyEvictionResponse' });
export type VerifyEvictionResponse = z.infer<typeof VerifyEvictionResponseSchema>;
