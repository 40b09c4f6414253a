import { DRAIN_FLAG_NAMES } from '../eviction/drain-options.js';
import { stringify } from 'yaml';
import type { ClusterView } from '../index/view.js';
import type { UpgradeChange } from './changes.js';
import type { UpgradeProviderName } from './types.js';

const RESOURCE: Record<string, string> = {
  PodDisruptionBudget: 'pdb',
  PodUnavailableBudget: 'podunavailablebudget',
  Deployment: 'deployment',
  StatefulSet: 'statefulset',
  ReplicaSet: 'replicaset',
  ReplicationController: 'replicationcontroller',
};

/**
 * The change as a user would make it: a kubectl command and the YAML it patches in, or the flag or
 * strategy to use. pdbscope never applies it.
 */
export function changePatch(
  index: ClusterView,
  change: UpgradeChange,
  provider: UpgradeProviderName = 'kubectl',
): string {
  switch (change.kind) {
    case 'surge':
      return provider === 'aks'
        ? `# upgrade strategy: maxSurge ${change.maxSurge} (az aks nodepool update --resource-group RG --cluster-name CLUSTER --name POOL --max-surge ${change.maxSurge})\n`
        : `# upgrade strategy: maxSurge ${change.maxSurge} (e.g. gcloud container node-pools update POOL --max-surge-upgrade=${change.maxSurge})\n`;
    case 'drain-option':
      return `# drain with ${DRAIN_FLAG_NAMES[change.option]}\n`;
    case 'remove-budget': {
      const b = change.budget;
      return `kubectl -n ${b.namespace} delete ${RESOURCE[b.kind] ?? b.kind} ${b.name}\n`;
    }
    case 'budget-spec': {
      const b = change.budget;
      const apiVersion = index.budget(b)?.budget.apiVersion ?? 'policy/v1';
      const other = change.field === 'minAvailable' ? 'maxUnavailable' : 'minAvailable';
      const body = { spec: { [change.field]: change.value, [other]: null } };
      return (
        `# kubectl -n ${b.namespace} patch ${RESOURCE[b.kind] ?? b.kind} ${b.name} --type merge -p '${JSON.stringify(body)}'\n` +
        stringify({
          apiVersion,
          kind: b.kind,
          metadata: { name: b.name, namespace: b.namespace },
          spec: { [change.field]: change.value },
        })
      );
    }
    case 'scale': {
      const w = change.workload;
      return (
        `# kubectl -n ${w.namespace} scale ${RESOURCE[w.kind] ?? w.kind}/${w.name} --replicas=${change.replicas}\n` +
        stringify({
          apiVersion: 'apps/v1',
          kind: w.kind,
          metadata: { name: w.name, namespace: w.namespace },
          spec: { replicas: change.replicas },
        })
      );
    }
  }
}
