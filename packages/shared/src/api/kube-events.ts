import { z } from 'zod';
import { BudgetRefSchema, ObjectRefSchema, TimestampSchema } from './common.js';

/** A core/v1 Event about the budget or one of its pods, as `kubectl describe` shows them. */
export const KubeEventSchema = z
  .object({
    type: z.string(),
    /** e.g. `NoPods`, `CalculateExpectedPodCountFailed`, `UnmanagedPods`, `Killing`. */
    reason: z.string(),
    message: z.string(),
    count: z.number().int(),
    /** The object it is about. */
    involvedObject: ObjectRefSchema,
    firstTimestamp: TimestampSchema.optional(),
    /** The last time it happened (its `lastTimestamp`, else `eventTime`). */
    lastTimestamp: TimestampSchema.optional(),
    /** Who wrote it, e.g. `controllermanager`. */
    source: z.string().optional(),
  })
  .meta({ id: 'KubeEvent' });
export type KubeEvent = z.infer<typeof KubeEventSchema>;

/** GET /api/budgets/{kind}/{namespace}/{name}/events */
export const BudgetEventsResponseSchema = z
  .object({
    budget: BudgetRefSchema,
    /** The budget's and its pods' events, the latest first. */
    items: z.array(KubeEventSchema),
    /** More were kept than listed (at most 100 are). */
    truncated: z.boolean(),
  })
  .meta({ id: 'BudgetEventsResponse' });
export type BudgetEventsResponse = z.infer<typeof BudgetEventsResponseSchema>;
