import { z } from 'zod';
import { EvictableNowSchema } from './budget-detail.js';
import { BudgetRefSchema, OwnerSchema, TimestampSchema, refineLabelSelector } from './common.js';

/**
 * Which pods by their budgets: `none`, pods of replicated workloads that no budget covers (bare,
 * Job, DaemonSet and static pods are not expected to have one: the summary's "pods with no
 * budget"); `any`, covered by at least one; `several`, selected by two or more (the summary's
 * "pods with more than one budget": a PodUnavailableBudget selects only the active pods it
 * protects).
 */
export const PodBudgetsFilterSchema = z
  .enum(['none', 'any', 'several'])
  .meta({ id: 'PodBudgetsFilter' });
export type PodBudgetsFilter = z.infer<typeof PodBudgetsFilterSchema>;

/** The most pods one answer of GET /api/pods holds. */
export const MAX_POD_PAGE = 500;

/** GET /api/pods query. Every filter is optional; they combine with AND. */
export const PodListQuerySchema = z
  .object({
    /** One namespace, or several separated by commas. */
    namespace: z.string().max(4096).optional(),
    /** The node the pod is bound to (`spec.nodeName`). */
    node: z.string().max(253).optional(),
    /** A label selector as `kubectl get pods -l` takes it: `app=web,tier in (a,b),!canary`. */
    labels: z.string().max(1024).superRefine(refineLabelSelector).optional(),
    budgets: PodBudgetsFilterSchema.optional(),
    /** `yes`: an eviction now would be accepted (dry run); `no`: it would be refused. */
    evictable: z.enum(['yes', 'no']).optional(),
    /** The pods of an overlap group's budgets (GET /api/overlaps' `id`). */
    group: z.string().max(1024).optional(),
    /** Case-insensitive substring of `namespace/name`. */
    text: z.string().max(256).optional(),
    /** The first pod of the answer, counted from 0 in the list's order. */
    offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
    /** At most this many pods (default 100). */
    limit: z.coerce.number().int().min(1).max(MAX_POD_PAGE).optional(),
  })
  .meta({ id: 'PodListQuery' });
export type PodListQuery = z.infer<typeof PodListQuerySchema>;

export const DEFAULT_POD_PAGE = 100;

/** One pod in the Pods view: where it runs, who owns it, its budgets, and whether it can go now. */
export const PodRowSchema = z
  .object({
    namespace: z.string(),
    name: z.string(),
    phase: z.string(),
    /** The Ready condition: what a budget counts as healthy. */
    ready: z.boolean(),
    waitingReason: z.string().optional(),
    nodeName: z.string().optional(),
    owner: OwnerSchema.optional(),
    deletionTimestamp: TimestampSchema.optional(),
    /** The budgets covering it (as GET /api/pods/{namespace}/{name} lists them), sorted. */
    budgets: z.array(BudgetRefSchema),
    /** What a dry-run eviction would answer now, and by which rule. */
    evictableNow: EvictableNowSchema,
  })
  .meta({ id: 'PodRow' });
export type PodRow = z.infer<typeof PodRowSchema>;

/** GET /api/pods: the pods that match, in namespace/name order, from `offset`. */
export const PodListResponseSchema = z
  .object({
    items: z.array(PodRowSchema),
    /** How many pods match the filters. */
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
    eventId: z.string(),
  })
  .meta({ id: 'PodListResponse' });
export type PodListResponse = z.infer<typeof PodListResponseSchema>;

/** A namespace the BFF knows, with how many pods and budgets it holds. */
export const NamespaceCountsSchema = z
  .object({ namespace: z.string(), pods: z.number().int(), budgets: z.number().int() })
  .meta({ id: 'NamespaceCounts' });
export type NamespaceCounts = z.infer<typeof NamespaceCountsSchema>;

/** GET /api/namespaces: every namespace holding pods or budgets, sorted by name. */
export const NamespacesResponseSchema = z
  .object({ items: z.array(NamespaceCountsSchema), eventId: z.string() })
  .meta({ id: 'NamespacesResponse' });
export type NamespacesResponse = z.infer<typeof NamespacesResponseSchema>;
