import { z } from 'zod';
import { BudgetRowSchema, BudgetSummarySchema } from './budgets.js';
import {
  ClusterCountsSchema,
  ClusterIdentityChangeSchema,
  ClusterResponseSchema,
  SourceStateSchema,
} from './cluster.js';
import { BudgetRefSchema, TimestampSchema } from './common.js';

const envelope = {
  /**
   * The SSE id, also sent as the `id:` line. Opaque: compare for equality only. A client that
   * reconnects sends it back as `Last-Event-ID` and gets the events it missed, or a `resync`.
   */
  id: z.string(),
  at: TimestampSchema,
};

/**
 * The summary counts once this row's change is counted, sent with the row so that a client
 * applies both together and its summary cards never disagree with its rows. Absent when the
 * change moved no count.
 */
const rowSummary = { summary: BudgetSummarySchema.optional() };

export const BudgetAddedEventSchema = z
  .object({
    type: z.literal('budget-added'),
    ...envelope,
    budget: BudgetRowSchema,
    ...rowSummary,
  })
  .meta({ id: 'BudgetAddedEvent' });
export const BudgetChangedEventSchema = z
  .object({
    type: z.literal('budget-changed'),
    ...envelope,
    budget: BudgetRowSchema,
    ...rowSummary,
  })
  .meta({ id: 'BudgetChangedEvent' });
export const BudgetRemovedEventSchema = z
  .object({
    type: z.literal('budget-removed'),
    ...envelope,
    ref: BudgetRefSchema,
    ...rowSummary,
  })
  .meta({ id: 'BudgetRemovedEvent' });
/** A source changed state; `ready` is the cluster's readiness after the change. */
export const SourceChangedEventSchema = z
  .object({
    type: z.literal('source-changed'),
    ...envelope,
    source: SourceStateSchema,
    ready: z.boolean(),
  })
  .meta({ id: 'SourceChangedEvent' });
/**
 * A source is gone: a deleted namespace's, or a cluster-wide one replaced by one per namespace
 * after a 403. `sourceId` is the removed source's `id`; `ready` is the cluster's readiness after.
 */
export const SourceRemovedEventSchema = z
  .object({
    type: z.literal('source-removed'),
    ...envelope,
    sourceId: z.string(),
    ready: z.boolean(),
  })
  .meta({ id: 'SourceRemovedEvent' });
/**
 * The cluster behind the BFF was restored or replaced: every source relists and everything held
 * is replaced by what the lists bring. `cause` says how it showed: a resourceVersion lower than
 * one already seen (an etcd restore), the `kube-system` namespace's UID changed (another
 * cluster at the same address), or an object's UID changed under the same name without a delete.
 */
export const ClusterIdentityChangedEventSchema = z
  .object({
    type: z.literal('cluster-identity-changed'),
    ...envelope,
    change: ClusterIdentityChangeSchema,
  })
  .meta({ id: 'ClusterIdentityChangedEvent' });
/**
 * The BFF now watches another context (POST /api/contexts/switch): everything cached from the
 * one before is void. `cluster` is the new one as GET /api/cluster answers, still syncing; its
 * sources follow as `source-changed`, then `ready`.
 */
export const ContextChangedEventSchema = z
  .object({ type: z.literal('context-changed'), ...envelope, cluster: ClusterResponseSchema })
  .meta({ id: 'ContextChangedEvent' });
/**
 * Every source has synced and every budget is evaluated: sent once per context watched, when the BFF becomes ready.
 * What answered 503 before now answers; `counts` are the cluster's at that moment.
 */
export const ReadyEventSchema = z
  .object({ type: z.literal('ready'), ...envelope, counts: ClusterCountsSchema })
  .meta({ id: 'ReadyEvent' });
/**
 * Sent at most once a second while the cluster's counts or the analysis's pod figures move
 * (a row's own change carries the summary with it, see `rowSummary`).
 */
export const SummaryChangedEventSchema = z
  .object({
    type: z.literal('summary-changed'),
    ...envelope,
    summary: BudgetSummarySchema,
    counts: ClusterCountsSchema,
  })
  .meta({ id: 'SummaryChangedEvent' });
/**
 * The server cannot replay what the client missed (its buffer moved on, or it restarted):
 * refetch every view, then carry on with the stream.
 */
export const ResyncEventSchema = z
  .object({ type: z.literal('resync'), ...envelope, reason: z.string() })
  .meta({ id: 'ResyncEvent' });

/**
 * The data of one message on GET /api/events (`text/event-stream`). Every event is sent as an
 * unnamed SSE message (read it with `onmessage`) whose `data:` is this JSON; heartbeats are
 * SSE comments (`: ping`) every 15 s.
 */
export const ServerEventSchema = z
  .discriminatedUnion('type', [
    BudgetAddedEventSchema,
    BudgetChangedEventSchema,
    BudgetRemovedEventSchema,
    SourceChangedEventSchema,
    SourceRemovedEventSchema,
    ClusterIdentityChangedEventSchema,
    ContextChangedEventSchema,
    ReadyEventSchema,
    SummaryChangedEventSchema,
    ResyncEventSchema,
  ])
  .meta({ id: 'ServerEvent' });
export type ServerEvent = z.infer<typeof ServerEventSchema>;
export type ServerEventType = ServerEvent['type'];

/** How often the server sends a heartbeat comment; a client may treat 3× this without data as a dead stream. */
export const SSE_HEARTBEAT_MS = 15_000;
