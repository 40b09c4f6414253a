import type { ManagedProvider } from './types.js';

/** A node count as the providers write it: a number, or a percentage of the pool, rounded up. */
export type NodeCount = { nodes: number } | { percent: number };

/** What a managed provider does when the user sets nothing. */
export interface ProviderDefaults {
  /** Seconds one node's drain may last before the provider acts. */
  drainTimeoutSeconds: number;
  /** Surge nodes; `two-per-zone`: EKS launches up to twice as many nodes as the pool has zones. */
  maxSurge: NodeCount | 'two-per-zone';
  maxUnavailable: NodeCount;
  /** Seconds between the end of a node's drain and its deletion. */
  afterDrainSeconds: number;
  /** Surge nodes drain old nodes too: maxSurge + maxUnavailable old nodes at a time. */
  surgeDrains: boolean;
}

/**
 * The figures each provider documents, with where. The provider's own words are quoted; see
 * docs/upgrade-providers.md for the whole behaviour.
 */
export const PROVIDER_DEFAULTS: Readonly<Record<ManagedProvider, ProviderDefaults>> = {
  gke: {
    // Surge upgrades respect PodDisruptionBudgets for up to one hour per node, then the node is
    // drained regardless. GKE's concept page (cloud.google.com/kubernetes-engine/docs/concepts/
    // node-pool-upgrade-strategies) could not be retrieved here; the hour is stated by GKE's
    // product manager ("PDB: is respected for up to one hour", node upgrades,
    // https://wdenniss.com/minimizing-pod-disruption), observed ("drained for suspiciously close to
    // exactly one hour", https://github.com/jupyterhub/mybinder.org-deploy/issues/511), and relied
    // on by operators ("GKE breaks the PDB contract after 1 hour",
    // https://github.com/scylladb/scylla-operator/issues/985).
    drainTimeoutSeconds: 3600,
    // `gcloud container clusters create --max-surge-upgrade`: "default=1"; the example that creates
    // "an extra node each time the node pool is upgraded" is --max-surge-upgrade=1
    // --max-unavailable-upgrade=0 (https://cloud.google.com/sdk/gcloud/reference/container/clusters/create).
    maxSurge: { nodes: 1 },
    maxUnavailable: { nodes: 0 },
    afterDrainSeconds: 0,
    // "(maxUnavailable + maxSurge) determines the level of parallelism (how many nodes are being
    // upgraded at the same time)" (NodePool.UpgradeSettings, https://cloud.google.com/python/docs/
    // reference/container/latest/google.cloud.container_v1.types.NodePool.UpgradeSettings).
    surgeDrains: true,
  },
  eks: {
    // "It drains the Pods from the node. If the Pods don't leave the node within 15 minutes and
    // there's no force flag, the upgrade phase fails with a PodEvictionFailure error. For this
    // scenario, you can apply the force flag with the update-nodegroup-version request to delete
    // the Pods." (https://docs.aws.amazon.com/eks/latest/userguide/managed-node-update-behavior.html)
    drainTimeoutSeconds: 15 * 60,
    // Scale up phase: "It increments the Auto Scaling Group's maximum size and desired size by the
    // larger of either: Up to twice the number of Availability Zones that the Auto Scaling group is
    // deployed in. The maximum unavailable of upgrade." (same page)
    maxSurge: 'two-per-zone',
    // "The maximum unavailable has a quota of 100 nodes. The default value is one node." (same
    // page; maxUnavailablePercentage is its alternative, AWS::EKS::Nodegroup UpdateConfig)
    maxUnavailable: { nodes: 1 },
    // "It cordons the node after every Pod is evicted and waits for 60 seconds." (same page)
    afterDrainSeconds: 60,
    // "It randomly selects a node that needs to be upgraded, up to the maximum unavailable
    // configured for the node group." (same page)
    surgeDrains: false,
  },
  aks: {
    // drainTimeoutInMinutes: "The amount of time (in minutes) to wait on eviction of pods and
    // graceful termination per node. This eviction wait time honors waiting on pod disruption
    // budgets. If this time is exceeded, the upgrade fails. If not specified, the default is 30
    // minutes." (AgentPoolUpgradeSettings,
    // https://learn.microsoft.com/en-us/javascript/api/@azure/arm-containerservice/agentpoolupgradesettings)
    drainTimeoutSeconds: 30 * 60,
    // maxSurge: "For percentages, fractional nodes are rounded up. If not specified, the default is
    // 10%." (same page; older API versions said "the default is 1",
    // https://learn.microsoft.com/en-us/javascript/api/@azure-rest/arm-containerservice/agentpoolupgradesettingsoutput)
    maxSurge: { percent: 10 },
    // maxUnavailable: "If not specified, the default is 0." (same page)
    maxUnavailable: { nodes: 0 },
    afterDrainSeconds: 0,
    // "If you're using max surge, it cordons and drains as many nodes at the same time as the
    // number of buffer nodes specified" (https://learn.microsoft.com/azure/aks/upgrade-aks-node-pools-rolling);
    // max unavailable nodes are drained "without creating surge nodes".
    surgeDrains: true,
  },
};

/** `{ percent: 10 }` of 25 nodes is 3: fractional nodes are rounded up, as AKS documents. */
export function nodesOf(count: NodeCount, poolSize: number): number {
  return 'nodes' in count ? count.nodes : Math.ceil((count.percent * poolSize) / 100);
}
