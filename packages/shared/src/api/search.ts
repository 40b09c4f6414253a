import { z } from 'zod';
import { BudgetRefSchema, refineLabelSelector } from './common.js';

/** The most hits of one kind GET /api/search names. */
export const MAX_SEARCH_HITS = 50;
export const DEFAULT_SEARCH_HITS = 8;

/** GET /api/search query. */
export const SearchQuerySchema = z
  .object({
    /**
     * A name (case-insensitive substring of `namespace/name`, or a node's name), or a label
     * selector as `kubectl -l` takes it when it has `=`, `!` or `in`: `app=ledger`.
     */
    q: z
      .string()
      .trim()
      .min(1)
      .max(256)
      .superRefine((text, ctx) => {
        if (looksLikeSelector(text)) refineLabelSelector(text, ctx);
      }),
    /** At most this many hits of each kind (default 8). */
    limit: z.coerce.number().int().min(1).max(MAX_SEARCH_HITS).optional(),
  })
  .meta({ id: 'SearchQuery' });
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const BudgetHitSchema = BudgetRefSchema.extend({
  /** The selector in kubectl's form; `<none>` when absent. */
  selectorText: z.string(),
}).meta({ id: 'BudgetHit' });

export const PodHitSchema = z
  .object({
    namespace: z.string(),
    name: z.string(),
    phase: z.string(),
    ready: z.boolean(),
    nodeName: z.string().optional(),
  })
  .meta({ id: 'PodHit' });

export const NodeHitSchema = z
  .object({
    name: z.string(),
    /** False for a node known only from its pods' `spec.nodeName`. */
    known: z.boolean(),
    ready: z.boolean(),
  })
  .meta({ id: 'NodeHit' });

export const WorkloadHitSchema = z
  .object({
    apiVersion: z.string(),
    kind: z.string(),
    namespace: z.string(),
    name: z.string(),
    /** Its pod selector in kubectl's form, or null when it has none. */
    selectorText: z.string().nullable(),
    replicas: z.number().int().optional(),
  })
  .meta({ id: 'WorkloadHit' });

/** The hits of one kind: the first `limit` (exact names, then prefixes, then the rest) and how many matched. */
function hits<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

/** GET /api/search: what matches, by kind, each bounded. */
export const SearchResponseSchema = z
  .object({
    q: z.string(),
    /** True when `q` was read as a label selector (it has `=`, `!` or `in`). */
    selector: z.boolean(),
    budgets: hits(BudgetHitSchema),
    pods: hits(PodHitSchema),
    nodes: hits(NodeHitSchema),
    workloads: hits(WorkloadHitSchema),
    eventId: z.string(),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type BudgetHit = z.infer<typeof BudgetHitSchema>;
export type PodHit = z.infer<typeof PodHitSchema>;
export type NodeHit = z.infer<typeof NodeHitSchema>;
export type WorkloadHit = z.infer<typeof WorkloadHitSchema>;

/**
 * Whether a search is a label selector rather than a name: it has `=`, `!`, or an `in` / `notin`
 * set. A bare word (`ledger`) is a name, never the selector "has the label ledger".
 */
export function looksLikeSelector(q: string): boolean {
  return /[=!]|\s(not)?in\s*\(/.test(q);
}
