import { z } from 'zod';
import { BudgetRefSchema, TimestampSchema } from './common.js';

/**
 * A budget's numbers from one moment on (until the next point). A PodUnavailableBudget's are
 * under the PDB's names: unavailableAllowed, currentAvailable, desiredAvailable.
 */
export const HistoryPointSchema = z
  .object({
    at: TimestampSchema,
    disruptionsAllowed: z.number().int(),
    currentHealthy: z.number().int(),
    desiredHealthy: z.number().int(),
  })
  .meta({ id: 'HistoryPoint' });
export type HistoryPoint = z.infer<typeof HistoryPointSchema>;

/** A moment one of the budget's pods was evicted (Eviction API) or stopped being Ready. */
export const HistoryMarkSchema = z
  .object({
    at: TimestampSchema,
    type: z.enum(['evicted', 'unready']),
    /** `namespace/name` */
    pod: z.string(),
  })
  .meta({ id: 'HistoryMark' });
export type HistoryMark = z.infer<typeof HistoryMarkSchema>;

/** GET /api/budgets/{kind}/{namespace}/{name}/history */
export const BudgetHistoryResponseSchema = z
  .object({
    budget: BudgetRefSchema,
    /** `memory`: what this BFF saw since it started, over its window; `prometheus`: range queries. */
    source: z.enum(['memory', 'prometheus']),
    from: TimestampSchema,
    to: TimestampSchema,
    /** Oldest first; the first point may be older than `from` (the numbers in force at `from`). */
    points: z.array(HistoryPointSchema),
    marks: z.array(HistoryMarkSchema),
    /** Older points or marks were dropped to keep memory bounded. */
    truncated: z.boolean(),
    /** With --prometheus, why it could not be read (the memory history is answered instead). */
    prometheusError: z.string().optional(),
  })
  .meta({ id: 'BudgetHistoryResponse' });
export type BudgetHistoryResponse = z.infer<typeof BudgetHistoryResponseSchema>;
