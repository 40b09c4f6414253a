import { readFile } from 'node:fs/promises';
import { readSnapshot, type SnapshotError } from '@pdbscope/shared';
import type { SourceState } from '@pdbscope/shared/api';
import type { ClusterObject } from './kube/resources.js';
import type { ClusterStore } from './store/cluster-store.js';

/**
 * A snapshot file as the source. What could not be read is listed with where and why
 * (`unreadable`); a second object under a kind, namespace and name already read is reported, not
 * silently put over the first. A file that cannot be read, or holds nothing pdbscope reads, is a
 * degraded source that never settles: the page says why, and /readyz stays 503.
 */
export async function loadSnapshot(input: {
  store: ClusterStore;
  file: string;
  now: Date;
}): Promise<SourceState> {
  const { store, file } = input;
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
  const unreadable: SnapshotError[] = [...snapshot.errors];
  const seen = new Set<string>();
  let objects = 0;
  const all: ClusterObject[] = [
    ...snapshot.nodes,
    ...snapshot.workloads,
    ...snapshot.pods,
    ...snapshot.pdbs,
    ...snapshot.pubs,
  ];
  for (const o of all) {
    const key = `${o.kind}/${'namespace' in o ? `${o.namespace}/` : ''}${o.name}`;
    if (seen.has(key)) {
      unreadable.push({
        position: 'the snapshot',
        object: key,
        error:
          'a duplicate: another object of this kind, namespace and name came first and is kept',
      });
      continue;
    }
    seen.add(key);
    store.sink.upsert(o);
    objects++;
  }
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
  store.addFixedSource(state);
  store.sourceChanged(state);
  return state;
}

function broken(
  input: { store: ClusterStore; file: string; now: Date },
  reason: string,
  unreadable: SnapshotError[],
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
  input.store.addSource('snapshot', { settled: false, snapshot: () => state });
  input.store.sourceChanged(state);
  return state;
}
