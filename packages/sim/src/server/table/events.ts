import type { TablePrinter } from './columns.js';
import { NAME_COLUMN, age, column, record } from './columns.js';

function lastSeen(
  e: Record<string, unknown>,
  metadata: { creationTimestamp?: string },
  now: Date,
): string {
  const series = record(e.series).lastObservedTime;
  const when = [
    e.lastTimestamp,
    series,
    e.eventTime,
    e.firstTimestamp,
    metadata.creationTimestamp,
  ].find((t) => typeof t === 'string' && t !== '');
  return age(when, now);
}

/** core/v1 Events as kube-apiserver prints them. */
export const eventTable: TablePrinter = {
  columns: [
    column('Last Seen', 'string', { description: 'Time when last this event was observed' }),
    column('Type', 'string', {
      description: 'Type of this event (Normal, Warning), new types could be added in the future.',
    }),
    column('Reason', 'string', {
      description:
        "This should be a short, machine understandable string that gives the reason for the transition into the object's current status.",
    }),
    column('Object', 'string', { description: 'The object that this event is about.' }),
    column('Subobject', 'string', {
      priority: 1,
      description: 'The subobject that this event is about.',
    }),
    column('Source', 'string', { priority: 1, description: 'The component reporting this event.' }),
    column('Message', 'string', {
      description: 'A human-readable description of the status of this operation.',
    }),
    column('First Seen', 'string', {
      priority: 1,
      description: 'The time at which the event was first recorded.',
    }),
    column('Count', 'string', {
      priority: 1,
      description: 'The number of times this event has occurred.',
    }),
    { ...NAME_COLUMN, priority: 1 },
  ],
  cells(ev, now) {
    const e = ev as unknown as Record<string, unknown>;
    const involved = record(e.involvedObject);
    const source = record(e.source);
    const component =
      typeof source.component === 'string' ? source.component : String(e.reportingComponent ?? '');
    return [
      lastSeen(e, ev.metadata, now),
      String(e.type ?? ''),
      String(e.reason ?? ''),
      `${String(involved.kind ?? '').toLowerCase()}/${String(involved.name ?? '')}`,
      String(involved.fieldPath ?? ''),
      typeof source.host === 'string' && source.host !== ''
        ? `${component}, ${source.host}`
        : component,
      String(e.message ?? ''),
      age(e.firstTimestamp ?? e.eventTime ?? ev.metadata.creationTimestamp, now),
      typeof e.count === 'number' ? e.count : 1,
      ev.metadata.name ?? '',
    ];
  },
};
