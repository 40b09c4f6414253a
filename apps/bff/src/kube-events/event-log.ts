import type { KubeEvent, ObjectRef } from '@pdbscope/shared/api';

export interface EventLogOptions {
  /** Events kept per object, the latest (default 20). */
  perObject?: number;
  /** Objects with events kept, the most recently touched (default 20,000). */
  maxObjects?: number;
}

/** An event with the key it is stored under (namespace/name of the Event object). */
export interface LoggedEvent {
  key: string;
  event: KubeEvent;
}

const objectKey = (o: ObjectRef) => `${o.kind}/${o.namespace}/${o.name}`;
const latest = (e: KubeEvent) => e.lastTimestamp ?? e.firstTimestamp ?? '';

/**
 * The watched core/v1 Events, by the object they are about, bounded: the latest `perObject` of
 * each object and at most `maxObjects` objects (the least recently touched go first), so a noisy
 * cluster's event stream cannot grow the BFF.
 */
export class EventLog {
  /** Insertion order is recency: an object touched again moves to the end. */
  private readonly byObject = new Map<string, LoggedEvent[]>();
  private readonly perObject: number;
  private readonly maxObjects: number;

  constructor(options: EventLogOptions = {}) {
    this.perObject = options.perObject ?? 20;
    this.maxObjects = options.maxObjects ?? 20_000;
  }

  get objects(): number {
    return this.byObject.size;
  }

  upsert(key: string, event: KubeEvent): void {
    const id = objectKey(event.involvedObject);
    const list = (this.byObject.get(id) ?? []).filter((e) => e.key !== key);
    list.push({ key, event });
    list.sort((a, b) => (latest(a.event) < latest(b.event) ? -1 : 1));
    if (list.length > this.perObject) list.splice(0, list.length - this.perObject);
    this.byObject.delete(id);
    this.byObject.set(id, list);
    while (this.byObject.size > this.maxObjects) {
      const oldest = this.byObject.keys().next().value as string;
      this.byObject.delete(oldest);
    }
  }

  remove(key: string, involved: ObjectRef): void {
    const id = objectKey(involved);
    const list = this.byObject.get(id);
    if (!list) return;
    const rest = list.filter((e) => e.key !== key);
    if (rest.length === 0) this.byObject.delete(id);
    else this.byObject.set(id, rest);
  }

  /** The events about these objects, the latest first. */
  about(objects: Iterable<ObjectRef>): KubeEvent[] {
    const out: KubeEvent[] = [];
    for (const o of objects)
      for (const e of this.byObject.get(objectKey(o)) ?? []) out.push(e.event);
    return out.sort((a, b) => (latest(a) > latest(b) ? -1 : latest(a) < latest(b) ? 1 : 0));
  }
}
