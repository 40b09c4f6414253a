import type { SnapshotError } from '../snapshot/types.js';
import { finding } from './context.js';
import { SNAPSHOT_COMMAND } from './rules/related-pub-missing.js';
import type { Finding } from './types.js';

/**
 * Each object a snapshot held but pdbscope could not read (or read twice) as a finding: what it
 * is, where it sits and why. Its budgets, pods or nodes are missing from every answer, so the
 * findings catalogue says so beside the rest. The subject is the object when its kind, namespace
 * and name could be read, else its place in the file.
 */
export function unreadableObjectFindings(errors: readonly SnapshotError[]): Finding[] {
  return errors.map((e) =>
    finding({
      kind: 'unreadable-object',
      severity: 'warning',
      object: e.ref ?? { kind: 'Snapshot', namespace: '', name: e.position },
      // Two unreadable entries can share an object (a duplicate of a duplicate); the place cannot.
      detail: e.position,
      message: `${e.object ?? 'An object'} at ${e.position} could not be read: ${e.error}. It is left out of every budget, pod and node shown.`,
      remedy: `Correct or remove it in the file, or take the snapshot again with kubectl: ${SNAPSHOT_COMMAND} > FILE`,
    }),
  );
}
