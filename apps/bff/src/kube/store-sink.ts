import type { OwnerRef, PodView } from '@pdbscope/shared';
import type { StorePort } from '../store/store-port.js';
import type { Interner } from './intern.js';
import type { ClusterObject } from './resources.js';
import type { SourceSink } from './source.js';

export interface StoreSinkOptions {
  store: StorePort;
  /** The pods' interner: deletes bound it (a sweep over the live pods, now and then). */
  interner: Pick<Interner, 'podDeleted' | 'sweep'>;
  /** Pods name their owners; owners we do not watch have their /scale fetched. */
  ownerSeen: (namespace: string, owner: OwnerRef) => void;
  /** Sees each pod before the store does (the history marks evictions and unready pods). */
  observePod?: (pod: PodView) => void;
}

/**
 * Where the cluster's sources hand their objects: into the store as changes, a pod's owner told
 * to the scale fetcher and the pod to the history first; after a pod's delete, the interner
 * sweeps when enough have gone.
 */
export function storeSink(options: StoreSinkOptions): SourceSink<ClusterObject> {
  const { store, interner, ownerSeen, observePod } = options;
  return {
    upsert: (object) => {
      if (object.kind === 'Pod') {
        const pod = object as PodView;
        if (pod.controller) ownerSeen(pod.namespace, pod.controller);
        observePod?.(pod);
      }
      store.apply({ type: 'upsert', object });
    },
    remove: (object) => {
      store.apply({ type: 'delete', object });
      if (object.kind === 'Pod' && interner.podDeleted()) interner.sweep(store.livePods());
    },
  };
}
