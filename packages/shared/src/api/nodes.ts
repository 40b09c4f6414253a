import { z } from 'zod';
import { BudgetRefSchema, TimestampSchema } from './common.js';
import { BudgetRowSchema } from './budgets.js';
import { NodeActorAnswerSchema } from './node-actors.js';
import { NodeRowSchema, PodSummarySchema } from './pods.js';

/** A node condition (`status.conditions`), without its heartbeat. */
export const NodeConditionSchema = z
  .object({
    type: z.string(),
    status: z.string(),
    reason: z.string().optional(),
    message: z.string().optional(),
    lastTransitionTime: TimestampSchema.optional(),
  })
  .meta({ id: 'NodeCondition' });

/** A pod on the node and the budgets that select it (none for a pod no budget covers). */
export const NodePodSchema = z
  .object({ pod: PodSummarySchema, budgets: z.array(BudgetRefSchema) })
  .meta({ id: 'NodePod' });

/**
 * GET /api/nodes/{name}: the node's row, conditions, capacity and allocatable quantities as
 * written, its pods (sorted by namespace and name), every budget those pods fall under, and what
 * each actor that removes pods would do with the node now (Karpenter's only on nodes it manages).
 */
export const NodeDetailResponseSchema = z
  .object({
    node: NodeRowSchema,
    conditions: z.array(NodeConditionSchema),
    capacity: z.record(z.string(), z.string()),
    allocatable: z.record(z.string(), z.string()),
    pods: z.array(NodePodSchema),
    budgets: z.array(BudgetRowSchema),
    actors: z.array(NodeActorAnswerSchema),
    eventId: z.string(),
  })
  .meta({ id: 'NodeDetailResponse' });
export type NodeDetailResponse = z.infer<typeof NodeDetailResponseSchema>;
