import type { SnapshotError } from '../snapshot/types.js';
import { finding } from './context.js';
import { SNAPSHOT_COMMAND } from './rules/related-pub-missing.js';
import type { Finding } from './types.js';

/**
 * Each object a snapshot held (or a live cluster served) but pdbscope could not read (or read
 * twice) as a finding: what it is, where it sits and why. Its budgets, pods or nodes are missing
 * from every answer, so the findings catalogue says so beside the rest. The subject is the object
 * when its kind, namespace and name could be read, else its place in the file.
 */
export function unreadableObjectFindings(
  errors: readonly SnapshotError[],
  /** `cluster`: the objects came from a live API server (a list or a watch), not a file. */
  from: 'snapshot' | 'cluster' = 'snapshot',
): Finding[] {
  return errors.map((e) =>
    finding({
      kind: 'unreadable-object',
      severity: 'warning',
      object: e.ref ?? { kind: 'Snapshot', namespace: '', name: e.position },
      // Two unreadable entries can share an object (a duplicate of a duplicate); the place cannot.
      ...(from === 'snapshot' ? { detail: e.position } : {}),
      message:
        from === 'snapshot'
          ? `${e.object ?? 'An object'} at ${e.position} could not be read: ${e.error}. It is left out of every budget, pod and node shown.`
          : `${e.object ?? 'An object'} (${e.position}) served by the cluster could not be read: ${e.error}. It is left out of every budget, pod and node shown until a version that reads arrives.`,
      remedy:
        from === 'snapshot'
          ? `Correct or remove it in the file, or take the snapshot again with kubectl: ${SNAPSHOT_COMMAND} > FILE`
          : 'Correct the object in the cluster (kubectl edit), or delete it if it is not meant to be there.',
    }),
  );
}
