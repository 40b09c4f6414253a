import { z } from 'zod';
import {
  BudgetKindSchema,
  IntOrStringSchema,
  LabelSelectorSchema,
  TimestampSchema,
} from './common.js';

/** What the overview flags on a budget. */
export const BudgetFlagsSchema = z
  .object({
    /** Shares live pods with another budget (evicting those pods fails with a 500). */
    overlap: z.boolean(),
    /** Number of findings about this budget. */
    findings: z.number().int(),
    /** status.observedGeneration < metadata.generation: the controller has not caught up. */
    stale: z.boolean(),
    /**
     * No eviction of its pods gets through: the reported status allows no disruption, or every
     * pod is refused anyway (e.g. each is also under another PodDisruptionBudget: HTTP 500).
     */
    blocking: z.boolean(),
    /** Why it blocks, in words, or null when it does not. */
    blockingReason: z.string().nullable(),
    /** The recomputed status differs from the reported one. */
    mismatch: z.boolean(),
    /** Why the budget cannot be evaluated (e.g. an invalid selector), or null. */
    error: z.string().nullable(),
  })
  .meta({ id: 'BudgetFlags' });
export type BudgetFlags = z.infer<typeof BudgetFlagsSchema>;

/**
 * What a budget's figures cannot know because something they read is not visible (403, or a
 * namespace not watched): `pods` (no pod of it is known: no lanes, no matched-pod count, no
 * overlap or finding drawn from them), `recomputed` (why no recomputed status: its pods, or their
 * controllers' scale, are not visible). Its reported status is the cluster's and is shown as is.
 */
export const BudgetNotVisibleSchema = z
  .object({ pods: z.string().nullable(), recomputed: z.string() })
  .meta({ id: 'BudgetNotVisible' });
export type BudgetNotVisible = z.infer<typeof BudgetNotVisibleSchema>;

const rowCommon = {
  namespace: z.string(),
  name: z.string(),
  uid: z.string(),
  /** `null` when the selector is absent. For a v1beta1 PDB, as converted to policy/v1 meaning. */
  selector: LabelSelectorSchema.nullable(),
  /** The selector in kubectl's form (`app=web,tier in (a,b)`); `<none>` when absent. */
  selectorText: z.string(),
  minAvailable: IntOrStringSchema.optional(),
  maxUnavailable: IntOrStringSchema.optional(),
  creationTimestamp: TimestampSchema.optional(),
  generation: z.number().int(),
  observedGeneration: z.number().int(),
  /** Pods the budget selects now; null when its pods are not visible (see `notVisible`). */
  matchedPods: z.number().int().nullable(),
  /** Pods in the reported status's disruptedPods (evicted, not yet gone); absent when none. */
  disruptedPods: z.number().int().optional(),
  flags: BudgetFlagsSchema,
  /**
   * While blocking: since when it has allowed no disruption, as the disruption controller says
   * (the `DisruptionAllowed=False` condition's lastTransitionTime). Absent when not blocking, or
   * when the status has no such condition (a PodUnavailableBudget's has none).
   */
  blockingSince: TimestampSchema.optional(),
  /**
   * Set when something its figures read is not visible: its flags drawn from pods (overlap,
   * findings, mismatch, blocking beyond its status) are then not known. Absent when all is visible.
   */
  notVisible: BudgetNotVisibleSchema.optional(),
};

/** One PodDisruptionBudget in the overview; numbers are the status the cluster reports. */
export const PdbRowSchema = z
  .object({
    kind: z.literal('PodDisruptionBudget'),
    apiVersion: z.enum(['policy/v1', 'policy/v1beta1']),
    ...rowCommon,
    expectedPods: z.number().int(),
    desiredHealthy: z.number().int(),
    currentHealthy: z.number().int(),
    disruptionsAllowed: z.number().int(),
    unhealthyPodEvictionPolicy: z.string().optional(),
  })
  .meta({ id: 'PdbRow' });

/** One OpenKruise PodUnavailableBudget in the overview; numbers are the status the cluster reports. */
export const PubRowSchema = z
  .object({
    kind: z.literal('PodUnavailableBudget'),
    apiVersion: z.enum(['policy.kruise.io/v1alpha1', 'policy.kruise.io/v1beta1']),
    ...rowCommon,
    targetRef: z.object({ apiVersion: z.string(), kind: z.string(), name: z.string() }).optional(),
    totalReplicas: z.number().int(),
    desiredAvailable: z.number().int(),
    currentAvailable: z.number().int(),
    unavailableAllowed: z.number().int(),
    /**
     * The pod operations it guards (DELETE, EVICT, UPDATE: in-place update, RESIZE), from
     * spec.protectOperations or the `kruise.io/pub-protect-operations` annotation, else Kruise's
     * default (DELETE, EVICT, UPDATE; RESIZE with UPDATE).
     */
    protects: z.array(z.enum(['DELETE', 'EVICT', 'UPDATE', 'RESIZE'])).optional(),
    /** Where `protects` comes from: the v1alpha1 annotation, the v1beta1 field, or the default. */
    protectsFrom: z.enum(['annotation', 'spec', 'default']).optional(),
  })
  .meta({ id: 'PubRow' });

export const BudgetRowSchema = z
  .discriminatedUnion('kind', [PdbRowSchema, PubRowSchema])
  .meta({ id: 'BudgetRow' });
export type PdbRow = z.infer<typeof PdbRowSchema>;
export type PubRow = z.infer<typeof PubRowSchema>;
export type BudgetRow = z.infer<typeof BudgetRowSchema>;

export const BudgetStateFilterSchema = z
  .enum(['blocking', 'overlapping', 'findings', 'stale', 'mismatch', 'error'])
  .meta({ id: 'BudgetStateFilter' });
export type BudgetStateFilter = z.infer<typeof BudgetStateFilterSchema>;

/** GET /api/budgets query. Every filter is optional; they combine with AND. */
export const BudgetListQuerySchema = z
  .object({
    /** One namespace, or several separated by commas. */
    namespace: z.string().optional(),
    kind: BudgetKindSchema.optional(),
    /**
     * Case-insensitive substring of namespace/name, the selector text or the name of one of the
     * budget's pods; or `key=value`, a label its selector asks for (`=` or `in`).
     */
    text: z.string().max(256).optional(),
    state: BudgetStateFilterSchema.optional(),
  })
  .meta({ id: 'BudgetListQuery' });
export type BudgetListQuery = z.infer<typeof BudgetListQuerySchema>;

/** Counts over every budget in the watched namespaces (filters do not apply). */
export const BudgetSummarySchema = z
  .object({
    budgets: z.number().int(),
    blocking: z.number().int(),
    overlapping: z.number().int(),
    withFindings: z.number().int(),
    stale: z.number().int(),
    mismatched: z.number().int(),
    /** Pods selected by more than one budget. */
    podsWithMultipleBudgets: z.number().int(),
    /** Pods of replicated workloads that no budget selects. */
    podsWithoutBudget: z.number().int(),
  })
  .meta({ id: 'BudgetSummary' });
export type BudgetSummary = z.infer<typeof BudgetSummarySchema>;

/** A namespace and how many budgets it holds. */
export const NamespaceBudgetsSchema = z
  .object({ namespace: z.string(), budgets: z.number().int() })
  .meta({ id: 'NamespaceBudgets' });
export type NamespaceBudgets = z.infer<typeof NamespaceBudgetsSchema>;

/** GET /api/budgets; items sorted by namespace, name, kind (see {@link compareBudgetRows}). */
export const BudgetListResponseSchema = z
  .object({
    items: z.array(BudgetRowSchema),
    summary: BudgetSummarySchema,
    /**
     * Every namespace holding budgets, with how many (filters do not apply), so a namespace the
     * search finds nothing in can still be picked.
     */
    namespaces: z.array(NamespaceBudgetsSchema),
    /** The id of the last event on /api/events reflected here: resume the stream from it. */
    eventId: z.string(),
  })
  .meta({ id: 'BudgetListResponse' });
export type BudgetListResponse = z.infer<typeof BudgetListResponseSchema>;
