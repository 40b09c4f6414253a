import { z } from 'zod';
import { TimestampSchema } from './common.js';

/**
 * The state of one watched source (a resource, possibly limited to some namespaces):
 * `syncing` until its first list completes, `live` while its watch runs, `degraded` after an
 * error (with the reason and since when) until it recovers, `credentials` while the API server
 * refuses the credentials (401: expired or revoked; the reason says what to renew, e.g. the exec
 * plugin's command), `refused` while the API server answers 403 (no permission to list it: its
 * objects are missing, not stale; retried all the same), `absent` when the cluster does not serve
 * the resource (e.g. no OpenKruise CRD), which is not an error.
 */
export const SourceStateNameSchema = z
  .enum(['syncing', 'live', 'degraded', 'credentials', 'refused', 'absent'])
  .meta({ id: 'SourceStateName' });
export type SourceStateName = z.infer<typeof SourceStateNameSchema>;

export const SourceStateSchema = z
  .object({
    /** Stable id, e.g. `pods`, `poddisruptionbudgets.policy`, `podunavailablebudgets.policy.kruise.io`. */
    id: z.string(),
    /** The resource and API version watched, e.g. `policy/v1 poddisruptionbudgets`. */
    resource: z.string(),
    state: SourceStateNameSchema,
    /** When the source entered this state. */
    since: TimestampSchema,
    /** Why the source is degraded or absent. */
    reason: z.string().optional(),
    /** When the last watch event (or list) arrived. */
    lastEventAt: TimestampSchema.optional(),
    /** Objects currently held from this source. */
    objects: z.number().int(),
    /** Namespaces the API server refused to show (403); the rest of the source still works. */
    forbiddenNamespaces: z.array(z.string()),
    /**
     * Objects that could not be read (or, in a snapshot, were duplicates), each with where (a
     * snapshot's position, a live object's resourceVersion) and why.
     */
    unreadable: z
      .array(z.object({ position: z.string(), object: z.string().optional(), error: z.string() }))
      .optional(),
  })
  .meta({ id: 'SourceState' });
export type SourceState = z.infer<typeof SourceStateSchema>;

export const ClusterCountsSchema = z
  .object({
    pods: z.number().int(),
    nodes: z.number().int(),
    workloads: z.number().int(),
    budgets: z.number().int(),
    podDisruptionBudgets: z.number().int(),
    podUnavailableBudgets: z.number().int(),
  })
  .meta({ id: 'ClusterCounts' });
export type ClusterCounts = z.infer<typeof ClusterCountsSchema>;

export const ClusterSourceKindSchema = z
  .enum(['kubeconfig', 'in-cluster', 'snapshot', 'sim'])
  .meta({ id: 'ClusterSourceKind' });

export const ClusterIdentityCauseSchema = z
  .enum(['resource-version-rewound', 'kube-system-uid-changed', 'uid-changed'])
  .meta({ id: 'ClusterIdentityCause' });
export type ClusterIdentityCause = z.infer<typeof ClusterIdentityCauseSchema>;

/** The BFF noticed that the cluster was restored or replaced, and relisted everything. */
export const ClusterIdentityChangeSchema = z
  .object({
    at: TimestampSchema,
    cause: ClusterIdentityCauseSchema,
    /** In words, with the versions or UIDs seen, e.g. `resourceVersion went back from 2400 to 1200: …`. */
    reason: z.string(),
    /** The source that noticed it (`namespaces/kube-system` for the kube-system check). */
    sourceId: z.string(),
  })
  .meta({ id: 'ClusterIdentityChange' });
export type ClusterIdentityChange = z.infer<typeof ClusterIdentityChangeSchema>;

/** GET /api/cluster */
export const ClusterResponseSchema = z
  .object({
    source: ClusterSourceKindSchema,
    /** The kubeconfig context, or a name for the snapshot / simulated cluster. */
    context: z.string(),
    /** The API server's URL (never credentials), or the snapshot file. */
    server: z.string(),
    /** Namespaces watched; `null` = all. */
    namespaces: z.array(z.string()).nullable(),
    /** True once every source has synced. */
    ready: z.boolean(),
    /** Whether POST /api/verify/eviction is available (live cluster and --allow-dry-run-verify). */
    verifyEnabled: z.boolean(),
    /** Whether GET /api/fleet answers (--fleet-prometheus); absent from older servers: no. */
    fleetConfigured: z.boolean().optional(),
    sources: z.array(SourceStateSchema),
    counts: ClusterCountsSchema,
    lastEventAt: TimestampSchema.optional(),
    /** The last time this BFF found the cluster restored or replaced (and relisted), if ever. */
    identityChange: ClusterIdentityChangeSchema.optional(),
    /**
     * What the API server refuses to show (403), in words (`not visible: no permission to list
     * pods in zookeeper`): missing data, which the answers that read it say they miss. Absent
     * when everything is visible.
     */
    notVisible: z.array(z.string()).optional(),
    /** The id of the last event on /api/events when this answer was made. */
    eventId: z.string(),
  })
  .meta({ id: 'ClusterResponse' });
export type ClusterResponse = z.infer<typeof ClusterResponseSchema>;

/**
 * `/healthz` (always 200 while the process answers), `/readyz` and `/livez`: `syncing` before the first sync, `stale` when a source has not been live
 * for longer than the threshold (`--stale-after`), `wedged` when the event loop stalls. With a
 * token, a caller without it gets `status` only.
 */
export const HealthResponseSchema = z
  .object({
    status: z.enum(['ok', 'syncing', 'stale', 'wedged']),
    /** Why not ok (only for a caller with the token, when one is required). */
    reason: z.string().optional(),
    /**
     * What the API server refuses to show (403), in words, e.g. `not visible: no permission to
     * list pods in payments`: missing data rather than stale data, so it does not make /readyz
     * 503 (only for a caller with the token, when one is required).
     */
    notVisible: z.array(z.string()).optional(),
    sources: z.array(SourceStateSchema).optional(),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
