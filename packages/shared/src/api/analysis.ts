import { z } from 'zod';
import { BudgetRefSchema, LabelsSchema, ObjectRefSchema } from './common.js';

export const SeveritySchema = z.enum(['error', 'warning', 'info']).meta({ id: 'Severity' });
export type Severity = z.infer<typeof SeveritySchema>;

/** One problem found by a rule of the findings catalogue. */
export const FindingSchema = z
  .object({
    /** Stable across answers: rule + subject (+ detail), usable as a React key. */
    id: z.string(),
    /** The rule's name, e.g. `never-allows-disruption`. */
    rule: z.string(),
    severity: SeveritySchema,
    /** The object the finding is about (usually a budget, sometimes a workload or pod). */
    subject: ObjectRefSchema,
    /** Other objects involved (the other budget of an overlap, the pods of a workload...). */
    related: z.array(ObjectRefSchema),
    message: z.string(),
    remedy: z.string(),
  })
  .meta({ id: 'Finding' });
export type Finding = z.infer<typeof FindingSchema>;

/** GET /api/findings */
export const FindingsResponseSchema = z
  .object({
    items: z.array(FindingSchema),
    counts: z.object({
      error: z.number().int(),
      warning: z.number().int(),
      info: z.number().int(),
    }),
    eventId: z.string(),
  })
  .meta({ id: 'FindingsResponse' });
export type FindingsResponse = z.infer<typeof FindingsResponseSchema>;

/**
 * Who says two budgets overlap: they share live pods now; static analysis of their selectors
 * says some label set would match both; OpenKruise's admission webhook would reject the pair.
 */
export const OverlapRuleSchema = z
  .enum(['live-pods', 'static-analysis', 'kruise-admission'])
  .meta({ id: 'OverlapRule' });

/** Two (or more) budgets that select, or could select, the same pods. */
export const OverlapSchema = z
  .object({
    id: z.string(),
    /** `live`: they share pods now (evicting one fails with a 500); `potential`: none shared today. */
    kind: z.enum(['live', 'potential']),
    budgets: z.array(BudgetRefSchema),
    detectedBy: z.array(OverlapRuleSchema),
    /** Shared pods (`namespace/name`), at most 100; `podCount` has the total. */
    pods: z.array(z.string()),
    podCount: z.number().int(),
    /** For a potential overlap: a label set both selectors match. */
    witness: LabelsSchema.optional(),
    message: z.string(),
  })
  .meta({ id: 'Overlap' });
export type Overlap = z.infer<typeof OverlapSchema>;

/** GET /api/overlaps */
export const OverlapsResponseSchema = z
  .object({ items: z.array(OverlapSchema), eventId: z.string() })
  .meta({ id: 'OverlapsResponse' });
export type OverlapsResponse = z.infer<typeof OverlapsResponseSchema>;
