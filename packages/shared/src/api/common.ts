import { z } from 'zod';
import { parseLabelSelectorQuery } from '../selectors/query.js';

/** `metadata.labels` and similar string maps. */
export const LabelsSchema = z.record(z.string(), z.string()).meta({ id: 'Labels' });

/** IntOrString as written: `2` or `"50%"`; kept as written so invalid values can be reported. */
export const IntOrStringSchema = z.union([z.number(), z.string()]).meta({ id: 'IntOrString' });

export const LabelSelectorRequirementSchema = z
  .object({ key: z.string(), operator: z.string(), values: z.array(z.string()).optional() })
  .meta({ id: 'LabelSelectorRequirement' });

/** `metav1.LabelSelector`; `null` where the field is absent (nil: matches no pod). */
export const LabelSelectorSchema = z
  .object({
    matchLabels: LabelsSchema.optional(),
    matchExpressions: z.array(LabelSelectorRequirementSchema).optional(),
  })
  .meta({ id: 'LabelSelector' });

export const ConditionSchema = z
  .object({
    type: z.string(),
    status: z.string(),
    reason: z.string().optional(),
    message: z.string().optional(),
    observedGeneration: z.number().optional(),
    lastTransitionTime: z.string().optional(),
  })
  .meta({ id: 'Condition' });

export const BudgetKindSchema = z
  .enum(['PodDisruptionBudget', 'PodUnavailableBudget'])
  .meta({ id: 'BudgetKind' });
export type BudgetKindName = z.infer<typeof BudgetKindSchema>;

/** A reference to any object; `namespace` is `""` for cluster-scoped ones (nodes). */
export const ObjectRefSchema = z
  .object({ kind: z.string(), namespace: z.string(), name: z.string() })
  .meta({ id: 'ObjectRef' });
export type ObjectRef = z.infer<typeof ObjectRefSchema>;

export const BudgetRefSchema = z
  .object({ kind: BudgetKindSchema, namespace: z.string(), name: z.string() })
  .meta({ id: 'BudgetRef' });
export type BudgetRef = z.infer<typeof BudgetRefSchema>;

/** The controller of a pod or workload, as its ownerReference names it. */
export const OwnerSchema = z
  .object({ apiVersion: z.string(), kind: z.string(), name: z.string() })
  .meta({ id: 'Owner' });

/** A pod as `namespace/name`, the form Kubernetes itself uses as a key. */
export const PodKeySchema = z
  .string()
  .regex(/^[^/\s]+\/[^/\s]+$/, 'expected "namespace/name"')
  .meta({ id: 'PodKey', example: 'default/web-0' });

/** RFC 3339 time, as the API server writes it. */
export const TimestampSchema = z
  .string()
  .meta({ id: 'Timestamp', example: '2026-11-21T19:35:00Z' });

/** One problem with a request field, in a 400 answer. */
export const FieldProblemSchema = z
  .object({ path: z.string(), message: z.string() })
  .meta({ id: 'FieldProblem' });
export type FieldProblem = z.infer<typeof FieldProblemSchema>;

/** RFC 9457 problem details; every error answer of the API has this body (`application/problem+json`). */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    /** For 400: what is wrong with which field. */
    errors: z.array(FieldProblemSchema).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof ProblemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * When the data a simulation was computed on was current: the time of the last change the BFF
 * had applied (`asOf`, the latest source's last event) and the event stream's id then.
 */
export const AsOfFields = {
  asOf: TimestampSchema,
  eventId: z.string(),
};

/**
 * A zod refinement for a label selector as `kubectl -l` takes it (`app=web,tier in (a,b)`): an
 * issue in the engine parser's own words when it does not parse, so a 400 says what is wrong.
 */
export function refineLabelSelector(text: string, ctx: z.RefinementCtx): void {
  const parsed = parseLabelSelectorQuery(text);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
}
