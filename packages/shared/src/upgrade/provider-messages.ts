import type { PodView } from '../model/pod.js';
import { nsName, type ResourceRef } from '../model/refs.js';
import type { StuckPod } from './types.js';

/** The label EKS puts on the nodes of a managed node group. */
export const EKS_NODEGROUP_LABEL = 'eks.amazonaws.com/nodegroup';

/**
 * EKS's error when a node's pods do not leave within its 15 minutes: the update's `errors` entry
 * is `{errorCode: PodEvictionFailure, errorMessage: "Reached max retries while trying to evict pods
 * from nodes in node group <name>", resourceIds: [<node>]}` (the message in AWS's "How can I
 * troubleshoot managed node group update issues for Amazon EKS?",
 * https://repost.aws/knowledge-center/eks-managed-node-group-update; the errors entry as EKS
 * returns it in https://github.com/aws/containers-roadmap/issues/1282).
 */
export const EKS_EVICTION_FAILURE = 'PodEvictionFailure';

export function eksEvictionFailureMessage(nodeGroup: string | undefined): string {
  return `Reached max retries while trying to evict pods from nodes in node group ${nodeGroup ?? '<node group>'}`;
}

/** AKS's error code when a drain outlasts `drainTimeoutInMinutes` (behaviour Schedule). */
export const AKS_UPGRADE_FAILED = 'UpgradeFailed';

/** The label AKS puts on a node it could not drain, with undrainable node behaviour Cordon. */
export const AKS_QUARANTINE_LABEL = 'kubernetes.azure.com/upgrade-status=Quarantined';

const STATUS_TEXT: Record<number, string> = {
  403: 'Forbidden',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/**
 * AKS's drain failure for the first pod left on the node, as Microsoft's "Troubleshoot
 * UpgradeFailed errors due to eviction failures caused by PDBs" words it
 * (https://learn.microsoft.com/troubleshoot/azure/azure-kubernetes/error-code-poddrainfailure):
 * "Drain node <node> failed when evicting pod <pod> failed with Too Many Requests error. This is
 * often caused by a restrictive Pod Disruption Budget (PDB) policy. See
 * https://aka.ms/aks/debugdrainfailures. Original error: Cannot evict pod as it would violate the
 * pod's disruption budget.. PDB debug info: <namespace>/<pod> blocked by pdb <pdb> with 0 unready
 * pods." (with unready pods, a list follows: "with 1 unready pods: [ns/pod].", as quoted in
 * https://blog.joeyc.dev/posts/misleading-pdb-error). Only the 429 form is documented: for a 500
 * (two budgets) or an OpenKruise 403 the same sentence names the status, without debug info.
 */
export function aksDrainFailureMessage(input: {
  node: string;
  pod: StuckPod;
  /** The pods of the PodDisruptionBudget holding it, as they are when AKS gives up. */
  budgetPods: (ref: ResourceRef) => readonly PodView[];
}): string {
  const { node, pod } = input;
  const status = STATUS_TEXT[pod.httpStatus] ?? `HTTP ${pod.httpStatus}`;
  const head = `Drain node ${node} failed when evicting pod ${pod.pod.name} failed with ${status} error.`;
  const pdb = pod.budgets.find((b) => b.kind === 'PodDisruptionBudget');
  if (pod.httpStatus !== 429 || !pdb)
    return `${head} See https://aka.ms/aks/debugdrainfailures. Original error: ${pod.explanation}`;
  const unready = input.budgetPods(pdb).filter((p) => !p.ready);
  const list = unready.length > 0 ? `: [${unready.map(nsName).join(', ')}]` : '';
  return (
    `${head} This is often caused by a restrictive Pod Disruption Budget (PDB) policy. ` +
    `See https://aka.ms/aks/debugdrainfailures. Original error: Cannot evict pod as it would ` +
    `violate the pod's disruption budget.. PDB debug info: ${nsName(pod.pod)} blocked by pdb ` +
    `${pdb.name} with ${unready.length} unready pods${list}.`
  );
}
