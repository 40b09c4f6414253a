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

/** Page and page size of a paged list: at most `limit` items (default 100, at most 500) from page `page` (1-based). */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const DEFAULT_PAGE_LIMIT = 100;

/** The paging of an answer: `total` items match the filters; this page holds `items.length` of them. */
export const PageInfoSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** GET /api/findings?… filters (all optional, combined with AND). */
export const FindingListQuerySchema = PageQuerySchema.extend({
  /** One namespace, or several separated by commas. */
  namespace: z.string().max(4096).optional(),
  /** The subject's kind, e.g. `PodDisruptionBudget`, `Deployment`. */
  kind: z.string().max(128).optional(),
  /** The rule's name, e.g. `pods-under-multiple-budgets`. */
  rule: z.string().max(128).optional(),
  severity: SeveritySchema.optional(),
  /** Case-insensitive substring of the subject's namespace/name, the message or a related object. */
  text: z.string().max(256).optional(),
}).meta({ id: 'FindingListQuery' });
export type FindingListQuery = z.infer<typeof FindingListQuerySchema>;

/** GET /api/findings: one page of the findings that match; `counts` are over every finding. */
export const FindingsResponseSchema = z
  .object({
    items: z.array(FindingSchema),
    counts: z.object({
      error: z.number().int(),
      warning: z.number().int(),
      info: z.number().int(),
    }),
    ...PageInfoSchema.shape,
    eventId: z.string(),
  })
  .meta({ id: 'FindingsResponse' });
export type FindingsResponse = z.infer<typeof FindingsResponseSchema>;
export type PageQuery = z.infer<typeof PageQuerySchema>;

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

/**
 * Budgets of one namespace connected by overlaps (any two linked through a chain of overlapping
 * pairs): 2,000 budgets over the same pods are one group. Open it into its pairs with
 * GET /api/overlaps/{id}/pairs.
 */
export const OverlapGroupSchema = z
  .object({
    id: z.string(),
    namespace: z.string(),
    /** `live`: members share pods now; `potential`: none shared today, selectors could. */
    kind: z.enum(['live', 'potential']),
    /** The first members (at most 50), sorted by kind and name; `budgetCount` has the total. */
    budgets: z.array(BudgetRefSchema),
    budgetCount: z.number().int(),
    detectedBy: z.array(OverlapRuleSchema),
    /** Pods two or more members select (`namespace/name`), at most 20; `podCount` has the total. */
    pods: z.array(z.string()),
    podCount: z.number().int(),
    /** A shared pod has two PodDisruptionBudgets: evicting it fails with a 500. */
    evictionFails: z.boolean(),
    /** A label set two members' selectors both match. */
    witness: LabelsSchema.optional(),
    message: z.string(),
  })
  .meta({ id: 'OverlapGroup' });
export type OverlapGroup = z.infer<typeof OverlapGroupSchema>;

/** GET /api/overlaps?… filters (all optional, combined with AND). */
export const OverlapListQuerySchema = PageQuerySchema.extend({
  /** One namespace, or several separated by commas. */
  namespace: z.string().max(4096).optional(),
  kind: z.enum(['live', 'potential']).optional(),
  rule: OverlapRuleSchema.optional(),
  /** `error`: a shared pod has two PDBs (evictions fail with a 500); `warning`: the others. */
  severity: z.enum(['error', 'warning']).optional(),
  /** Case-insensitive substring of a member's namespace/name (any member, not only those listed). */
  text: z.string().max(256).optional(),
}).meta({ id: 'OverlapListQuery' });
export type OverlapListQuery = z.infer<typeof OverlapListQuerySchema>;

/** GET /api/overlaps: one page of the overlap groups that match. */
export const OverlapsResponseSchema = z
  .object({
    items: z.array(OverlapGroupSchema),
    ...PageInfoSchema.shape,
    eventId: z.string(),
  })
  .meta({ id: 'OverlapsResponse' });
export type OverlapsResponse = z.infer<typeof OverlapsResponseSchema>;

/** GET /api/overlaps/{id}/pairs?cursor=&limit= */
export const OverlapPairsQuerySchema = z
  .object({
    /** Where the previous page stopped (its `next`). */
    cursor: z
      .string()
      .regex(/^\d+\.\d+$/, 'expected the `next` of a previous page')
      .optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  })
  .meta({ id: 'OverlapPairsQuery' });
export type OverlapPairsQuery = z.infer<typeof OverlapPairsQuerySchema>;

/**
 * A page of a group's overlapping pairs. A page looks at a bounded number of pairs, so it may
 * hold fewer than `limit` (even none) while `next` says there are more to look at.
 */
export const OverlapPairsResponseSchema = z
  .object({
    group: OverlapGroupSchema,
    items: z.array(OverlapSchema),
    next: z.string().optional(),
    eventId: z.string(),
  })
  .meta({ id: 'OverlapPairsResponse' });
export type OverlapPairsResponse = z.infer<typeof OverlapPairsResponseSchema>;
