import { readFile } from 'node:fs/promises';
import { readSnapshot, unreadableObjectFindings } from '@pdbscope/shared';
import type { SourceState } from '@pdbscope/shared/api';
import type { ClusterObject } from './kube/resources.js';
import type { SourceReadiness } from './kube/source-readiness.js';
import type { StorePort } from './store/store-port.js';

interface SnapshotInput {
  /** Where the snapshot's objects and its unreadable objects' findings go. */
  store: Pick<StorePort, 'apply'>;
  /** Where the snapshot shows as a source (live, or degraded when it cannot be read). */
  readiness: Pick<SourceReadiness, 'add' | 'addFixed' | 'changed'>;
  file: string;
  now: Date;
}

/**
 * A snapshot file as the source. What could not be read is listed with where and why
 * (`unreadable`, and each as an `unreadable-object` finding); a second object under a kind,
 * namespace and name already read is reported, not silently put over the first. A file that cannot be read, or holds nothing pdbscope reads, is a
 * degraded source that never settles: the page says why, and /readyz stays 503.
 */
export async function loadSnapshot(input: SnapshotInput): Promise<SourceState> {
  const { store, readiness, file } = input;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    return broken(
      input,
      `the snapshot file cannot be read: ${e instanceof Error ? e.message : String(e)}`,
      [],
    );
  }
  const snapshot = readSnapshot(text);
  // Duplicates are among the errors: readSnapshot keeps the first and reports the others.
  const unreadable = snapshot.errors.map(({ position, object, error }) => ({
    position,
    ...(object !== undefined ? { object } : {}),
    error,
  }));
  store.apply({ type: 'source-findings', findings: unreadableObjectFindings(snapshot.errors) });
  const all: ClusterObject[] = [
    ...snapshot.nodes,
    ...snapshot.workloads,
    ...snapshot.pods,
    ...snapshot.pdbs,
    ...snapshot.pubs,
    ...snapshot.priorityClasses,
    ...(snapshot.nodePools ?? []),
    ...(snapshot.nodeClaims ?? []),
  ];
  for (const object of all) store.apply({ type: 'upsert', object });
  const objects = all.length;
  if (objects === 0) {
    const first = unreadable[0];
    return broken(
      input,
      first
        ? `the snapshot could not be read: ${first.position}: ${first.error}`
        : 'the snapshot holds no object pdbscope reads (pods, budgets, workloads, nodes)',
      unreadable,
    );
  }
  const state: SourceState = {
    id: 'snapshot',
    resource: file,
    state: 'live',
    since: input.now.toISOString(),
    objects,
    forbiddenNamespaces: [],
    ...(unreadable.length > 0
      ? { reason: `${unreadable.length} objects could not be read`, unreadable }
      : {}),
  };
  readiness.addFixed(state);
  readiness.changed(state);
  return state;
}

function broken(
  input: SnapshotInput,
  reason: string,
  unreadable: NonNullable<SourceState['unreadable']>,
): SourceState {
  const state: SourceState = {
    id: 'snapshot',
    resource: input.file,
    state: 'degraded',
    reason,
    since: input.now.toISOString(),
    objects: 0,
    forbiddenNamespaces: [],
    ...(unreadable.length > 0 ? { unreadable } : {}),
  };
  input.readiness.add('snapshot', { settled: false, snapshot: () => state });
  input.readiness.changed(state);
  return state;
}
