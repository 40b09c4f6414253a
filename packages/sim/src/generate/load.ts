import type { SyntheticCluster } from '@pdbscope/shared/synthetic';
import type { ObjectStore } from '../store/object-store.js';
import type { KubeObject } from '../store/types.js';

export interface GeneratedLoad {
  created: number;
  /** Kinds the simulator does not serve (DaemonSets, Jobs): their pods are loaded, they are not. */
  skipped: Record<string, number>;
  failed: number;
}

/**
 * Writes a generated cluster straight into the store, as given (statuses kept, no controller
 * running): one create per object and nothing else, so 150,000 pods load in seconds. The
 * generator's UIDs are replaced by the store's; ownerReferences follow.
 */
export function loadGeneratedCluster(store: ObjectStore, cluster: SyntheticCluster): GeneratedLoad {
  const result: GeneratedLoad = {
    created: 0,
    skipped: { DaemonSet: cluster.daemonSets.length, Job: cluster.jobs.length },
    failed: 0,
  };
  const uids = new Map<string, string>();
  const load = (resource: string, objects: readonly unknown[]): void => {
    for (const raw of objects) {
      const obj = raw as KubeObject;
      const original = obj.metadata.uid;
      const refs = obj.metadata.ownerReferences;
      const input: KubeObject =
        refs === undefined
          ? obj
          : {
              ...obj,
              metadata: {
                ...obj.metadata,
                ownerReferences: refs.map((r) => {
                  const uid = typeof r['uid'] === 'string' ? uids.get(r['uid']) : undefined;
                  return uid === undefined ? r : { ...r, uid };
                }),
              },
            };
      const created = store.create(resource, input, { preserveStatus: true });
      if (!created.ok) {
        result.failed++;
        continue;
      }
      result.created++;
      if (original !== undefined && created.value.metadata.uid !== undefined)
        uids.set(original, created.value.metadata.uid);
    }
  };
  load('namespaces', cluster.namespaces);
  load('nodes', cluster.nodes);
  load('deployments', cluster.deployments);
  load('statefulsets', cluster.statefulSets);
  load('replicasets', cluster.replicaSets);
  load('pods', cluster.pods);
  load('poddisruptionbudgets', cluster.pdbs);
  load('podunavailablebudgets', cluster.pubs);
  return result;
}
