/** Labels that name a node pool (or a zone) on the managed platforms and in the demo. */
export const POOL_LABELS = [
  'pdbscope.dev/pool',
  'cloud.google.com/gke-nodepool',
  'eks.amazonaws.com/nodegroup',
  'kubernetes.azure.com/agentpool',
  'topology.kubernetes.io/zone',
] as const;
