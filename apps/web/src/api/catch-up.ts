import type { QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import type { ServerEvent } from '@pdbscope/shared/api';
import { applyEventsTo } from './apply-events.js';

const keep = 2000;

/**
 * Closes the gap between a fetch and the stream. An answer says which event it reflects
 * (`eventId`); events that arrived while it was on its way were applied to nothing, so they are
 * replayed onto it from a short log of recent events. Ids are opaque: only compared for equality.
 */
export class CatchUp {
  private readonly recent: ServerEvent[] = [];

  constructor(private readonly client: QueryClient) {}

  record(events: readonly ServerEvent[]): void {
    this.recent.push(...events);
    if (this.recent.length > keep) this.recent.splice(0, this.recent.length - keep);
  }

  /** The events after `eventId`, or none when it is not in the log (newer than the stream, or too old to tell). */
  after(eventId: string): ServerEvent[] {
    const index = this.recent.findLastIndex((event) => event.id === eventId);
    return index === -1 ? [] : this.recent.slice(index + 1);
  }

  /** Watches the cache for fetched answers and replays what they missed; returns the unsubscribe function. */
  watch(): () => void {
    return this.client.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
      if (
        event.type !== 'updated' ||
        event.action.type !== 'success' ||
        event.action.manual === true
      )
        return;
      const data = event.query.state.data as { eventId?: unknown } | undefined;
      if (typeof data?.eventId !== 'string') return;
      const missed = this.after(data.eventId);
      if (missed.length > 0) applyEventsTo(this.client, event.query.queryKey, missed);
    });
  }
}
