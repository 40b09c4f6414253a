import type { TablePrinter } from './columns.js';
import { AGE_COLUMN, NAME_COLUMN, age, column, num, record } from './columns.js';

function intOrString(v: unknown): string {
  return typeof v === 'number' || typeof v === 'string' ? String(v) : 'N/A';
}

export const pdbTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Min Available', 'string', {
      description:
        'The minimum number of pods that must be available simultaneously.  This can be either an integer or a string specifying a percentage, e.g. "28%".',
    }),
    column('Max Unavailable', 'string', {
      description:
        'The maximum number of pods that may be unavailable simultaneously.  This can be either an integer or a string specifying a percentage, e.g. "28%".',
    }),
    column('Allowed Disruptions', 'integer', {
      description: 'Calculated number of pods that may be disrupted at this time.',
    }),
    AGE_COLUMN,
  ],
  cells(pdb, now) {
    const spec = record(pdb.spec);
    return [
      pdb.metadata.name ?? '',
      intOrString(spec.minAvailable),
      intOrString(spec.maxUnavailable),
      num(record(pdb.status).disruptionsAllowed),
      age(pdb.metadata.creationTimestamp, now),
    ];
  },
};

/** OpenKruise's CRD additionalPrinterColumns (the server renders the `date` column as an age). */
export const pubTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Allowed', 'integer', {
      description: 'UnavailableAllowed number of pod unavailable that are allowed',
    }),
    column('Available', 'integer', {
      description: 'CurrentAvailable current number of available pods',
    }),
    column('Desired', 'integer', {
      description: 'DesiredAvailable minimum desired number of available pods',
    }),
    column('Total', 'integer', {
      description: 'TotalReplicas total number of pods counted by this unavailable budget',
    }),
    column('AGE', 'date', {
      description:
        'CreationTimestamp is a timestamp representing the server time when this object was created.',
    }),
  ],
  cells(pub, now) {
    const status = record(pub.status);
    const opt = (v: unknown): unknown => (typeof v === 'number' ? v : null);
    return [
      pub.metadata.name ?? '',
      opt(status.unavailableAllowed),
      opt(status.currentAvailable),
      opt(status.desiredAvailable),
      opt(status.totalReplicas),
      age(pub.metadata.creationTimestamp, now),
    ];
  },
};
