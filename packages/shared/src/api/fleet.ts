import { z } from 'zod';
import { BudgetKindSchema, TimestampSchema } from './common.js';

/**
 * Where a cluster's pdbscope stands in Prometheus: `up` (scraped now, synced), `syncing` (scraped
 * now, first sync not finished: its figures are not in yet), `absent` (no sample now: its scrape
 * target fails, or it was seen earlier in the look-back, or it is listed in --fleet-links; the
 * reason says which), `unknown` (Prometheus did not answer the question).
 */
export const FleetStatusSchema = z
  .enum(['up', 'syncing', 'absent', 'unknown'])
  .meta({ id: 'FleetStatus' });
export type FleetStatus = z.infer<typeof FleetStatusSchema>;

/** Nodes of one drainable-now state (and actor, where the exporter splits by actor). */
export const FleetNodeCountSchema = z
  .object({
    /** `drainable`, `refused` or `stuck` (the `drainable_now` label). */
    drainableNow: z.string(),
    /** The `actor` label, when the series has one. */
    actor: z.string().optional(),
    nodes: z.number(),
  })
  .meta({ id: 'FleetNodeCount' });
export type FleetNodeCount = z.infer<typeof FleetNodeCountSchema>;

export const FleetFindingCountSchema = z
  .object({ severity: z.string(), findings: z.number() })
  .meta({ id: 'FleetFindingCount' });
export type FleetFindingCount = z.infer<typeof FleetFindingCountSchema>;

/** One sample of a range query. */
export const FleetPointSchema = z
  .object({ at: TimestampSchema, value: z.number() })
  .meta({ id: 'FleetPoint' });
export type FleetPoint = z.infer<typeof FleetPointSchema>;

/**
 * One cluster as Prometheus knows it. Every figure is `null` when Prometheus did not answer its
 * query (see the response's `errors`) or has no sample of it for this cluster; counts of
 * per-budget series are 0 for a synced pdbscope that exports none.
 */
export const FleetClusterSchema = z
  .object({
    /** The value of the fleet label (--fleet-label, default `cluster`). */
    cluster: z.string(),
    status: FleetStatusSchema,
    /** The status in words, with what it was read from. */
    reason: z.string(),
    /** When Prometheus last scraped this cluster's pdbscope (within the look-back). */
    lastScrapeAt: TimestampSchema.nullable(),
    lastScrapeAgeSeconds: z.number().nullable(),
    /** The cluster's own pdbscope, when a URL for it is known. */
    url: z.string().nullable(),
    /** Where the URL comes from: the --fleet-links file, or the `pdbscope_url` label of `pdbscope_info`. */
    urlFrom: z.enum(['links', 'pdbscope_info']).nullable(),
    budgets: z.number().nullable(),
    blocking: z.number().nullable(),
    /** The oldest `blocking since` among its blocking budgets whose status says since when. */
    blockingSince: TimestampSchema.nullable(),
    /** Budgets sharing live pods with another (`pdbscope_overlapping_budgets{overlap="live"}`). */
    overlappingBudgets: z.number().nullable(),
    podsWithMultipleBudgets: z.number().nullable(),
    podsWithoutBudget: z.number().nullable(),
    nodes: z.array(FleetNodeCountSchema).nullable(),
    findings: z.array(FleetFindingCountSchema).nullable(),
    /** Blocking budgets over the history range, one point a step (gaps where nothing was scraped). */
    blockingHistory: z.array(FleetPointSchema),
  })
  .meta({ id: 'FleetCluster' });
export type FleetCluster = z.infer<typeof FleetClusterSchema>;

/** A query Prometheus did not answer: the figures it feeds are left empty. */
export const FleetQueryErrorSchema = z
  .object({
    /** Which figure, e.g. `budgets`, `nodes`, `blocking history`. */
    query: z.string(),
    promql: z.string(),
    /** `unreachable`: no answer (connection refused, DNS...); `timeout`: not within the limit. */
    kind: z.enum(['unreachable', 'timeout', 'error']),
    message: z.string(),
  })
  .meta({ id: 'FleetQueryError' });
export type FleetQueryError = z.infer<typeof FleetQueryErrorSchema>;

/** A warning Prometheus (or Thanos, for a partial response) answered with its result. */
export const FleetQueryWarningSchema = z
  .object({ query: z.string(), promql: z.string(), message: z.string() })
  .meta({ id: 'FleetQueryWarning' });
export type FleetQueryWarning = z.infer<typeof FleetQueryWarningSchema>;

const answeredBy = {
  /** The Prometheus (or Thanos/Mimir/Cortex query layer) asked (--fleet-prometheus). */
  prometheus: z.string(),
  /** When the instant queries were evaluated. */
  at: TimestampSchema,
  errors: z.array(FleetQueryErrorSchema),
  warnings: z.array(FleetQueryWarningSchema),
};

/** GET /api/fleet */
export const FleetResponseSchema = z
  .object({
    ...answeredBy,
    /** The label naming each cluster (--fleet-label). */
    label: z.string(),
    /** How far back a cluster counts as known (e.g. `1d`): older ones are not listed. */
    lookback: z.string(),
    /** The range of `blockingHistory`. */
    history: z.object({ from: TimestampSchema, to: TimestampSchema, stepSeconds: z.number() }),
    /** Worst first (see compareFleetClusters). */
    clusters: z.array(FleetClusterSchema),
  })
  .meta({ id: 'FleetResponse' });
export type FleetResponse = z.infer<typeof FleetResponseSchema>;

/** One budget of a cluster, from its pdbscope_budget_* series; `null` where a series is missing. */
export const FleetBudgetSchema = z
  .object({
    kind: BudgetKindSchema,
    namespace: z.string(),
    name: z.string(),
    disruptionsAllowed: z.number().nullable(),
    currentHealthy: z.number().nullable(),
    desiredHealthy: z.number().nullable(),
    expectedPods: z.number().nullable(),
    blocking: z.boolean().nullable(),
    blockingSince: TimestampSchema.nullable(),
  })
  .meta({ id: 'FleetBudget' });
export type FleetBudget = z.infer<typeof FleetBudgetSchema>;

/** GET /api/fleet/clusters/{cluster}/budgets */
export const FleetBudgetsResponseSchema = z
  .object({
    ...answeredBy,
    cluster: z.string(),
    /** Blocking first, then by namespace and name. */
    budgets: z.array(FleetBudgetSchema),
  })
  .meta({ id: 'FleetBudgetsResponse' });
export type FleetBudgetsResponse = z.infer<typeof FleetBudgetsResponseSchema>;
