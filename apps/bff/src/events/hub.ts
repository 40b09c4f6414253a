import type { ServerEvent } from '@pdbscope/shared/api';
import type { Clock } from '@pdbscope/shared/clock';
import { Ring } from './ring.js';

/** An event before the hub numbers and dates it. */
export type EventBody = ServerEvent extends infer E
  ? E extends ServerEvent
    ? Omit<E, 'id' | 'at'>
    : never
  : never;

/** Where the hub writes one client's stream; `write` returns false when the socket is backed up. */
export interface EventClient {
  write(chunk: string): boolean;
  /** Bytes queued in the socket but not yet sent. */
  pending(): number;
  close(): void;
}

export interface EventHubOptions {
  clock: Clock;
  /** Events kept for Last-Event-ID resume. */
  bufferSize?: number;
  maxClients?: number;
  /** A client with more unsent bytes than this is dropped (it will reconnect and resume or resync). */
  maxPendingBytes?: number;
  /** Distinguishes this process's ids from a previous one's. */
  epoch?: string;
}

/** Formats one SSE message. */
export function sseMessage(event: ServerEvent): string {
  return `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Numbers events, keeps the last ones in a ring for resume, and fans them out to a capped
 * number of clients, each with a bounded backlog.
 */
export class EventHub {
  private readonly ring: Ring<ServerEvent>;
  private readonly clients = new Set<EventClient>();
  private readonly listeners = new Set<(event: ServerEvent) => void>();
  private seq = 0;
  readonly epoch: string;
  readonly maxClients: number;
  private readonly maxPendingBytes: number;

  constructor(private readonly options: EventHubOptions) {
    this.ring = new Ring(options.bufferSize ?? 10_000);
    this.maxClients = options.maxClients ?? 64;
    this.maxPendingBytes = options.maxPendingBytes ?? 8 * 1024 * 1024;
    this.epoch = options.epoch ?? options.clock.now().getTime().toString(36);
  }

  /** The id of the last event published (`<epoch>-0` before any). */
  get lastId(): string {
    return `${this.epoch}-${this.seq}`;
  }

  get clientCount(): number {
    return this.clients.size;
  }

  publish(body: EventBody): ServerEvent {
    this.seq++;
    const event = {
      ...body,
      id: this.lastId,
      at: this.options.clock.now().toISOString(),
    } as ServerEvent;
    this.ring.push(event);
    for (const listener of this.listeners) listener(event);
    const message = sseMessage(event);
    for (const client of this.clients) this.send(client, message);
    return event;
  }

  /** Calls `listener` with every event published from now on (in-process, e.g. the history). */
  subscribe(listener: (event: ServerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Attaches a client. With a Last-Event-ID it first gets what it missed, or a `resync`
   * event when that is no longer in the buffer (or came from another process).
   * Returns false when the client cap is reached.
   */
  attach(client: EventClient, lastEventId: string | undefined): boolean {
    if (this.clients.size >= this.maxClients) return false;
    this.clients.add(client);
    client.write(': connected\nretry: 2000\n\n');
    if (lastEventId !== undefined && lastEventId !== this.lastId) {
      const missed = this.ring.after((e) => e.id === lastEventId);
      if (missed) for (const e of missed) this.send(client, sseMessage(e));
      else this.send(client, sseMessage(this.resyncFor(lastEventId)));
    }
    return true;
  }

  detach(client: EventClient): void {
    this.clients.delete(client);
  }

  /** A heartbeat comment to every client. */
  heartbeat(): void {
    for (const client of this.clients) this.send(client, ': ping\n\n');
  }

  closeAll(): void {
    for (const client of this.clients) client.close();
    this.clients.clear();
  }

  private resyncFor(lastEventId: string): ServerEvent {
    const reason = lastEventId.startsWith(`${this.epoch}-`)
      ? 'the events since your last one are no longer buffered'
      : 'the server restarted';
    // Not numbered: it is for this client only, and the client's next id stays the hub's current one.
    return { type: 'resync', id: this.lastId, at: this.options.clock.now().toISOString(), reason };
  }

  private send(client: EventClient, message: string): void {
    if (client.pending() > this.maxPendingBytes) {
      this.clients.delete(client);
      client.close();
      return;
    }
    client.write(message);
  }
}
