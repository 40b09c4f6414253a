import type { WorkloadLookup } from '../../budgets/workload-lookup.js';
import type { ControllerListers, ListedControllerKind } from './context.js';

/** The API group each of CA's listers serves. */
const LISTER_GROUP: Readonly<Record<ListedControllerKind, string>> = {
  ReplicationController: '',
  DaemonSet: 'apps',
  Job: 'batch',
  ReplicaSet: 'apps',
  StatefulSet: 'apps',
};

/**
 * CA's listers over the workloads the engine holds (a snapshot's, the index's). `listedKinds` are
 * the kinds whose objects were listed at all: a lookup of another kind answers `not-listed`, and
 * ReplicaCount takes the controller as present rather than call it missing.
 */
export function controllerListers(
  workloads: WorkloadLookup,
  listedKinds: ReadonlySet<string>,
): ControllerListers {
  return {
    get(kind, namespace, name) {
      if (!listedKinds.has(kind)) return 'not-listed';
      return workloads.find({ namespace, group: LISTER_GROUP[kind], kind, name }) ?? 'not-found';
    },
  };
}
