import type { Labels } from '../model/labels.js';
import { byNodeName, matchesNodeTerms, parseNodeSelector } from './nodes.js';
import type { ManagedProvider } from './types.js';

/** Which managed provider a node pool looks like, and the node label that says so. */
export interface ProviderGuess {
  provider: ManagedProvider;
  label: string;
  /** The label's value: the pool's name at the provider. */
  value: string;
  /** The first node of the pool that carries it. */
  node: string;
}

/** The labels each provider puts on its pool's nodes, in the order they are looked for. */
export const PROVIDER_NODE_LABELS: readonly { label: string; provider: ManagedProvider }[] = [
  // "Each node in the pool has a Kubernetes node label, cloud.google.com/gke-nodepool, which has
  // the node pool's name as its value" (https://cloud.google.com/kubernetes-engine/docs/concepts/node-pools).
  { label: 'cloud.google.com/gke-nodepool', provider: 'gke' },
  // "These are the Amazon EKS applied labels on the worker nodes in a regular node group: …
  // eks.amazonaws.com/nodegroup=$nodeGroupName"
  // (https://docs.aws.amazon.com/eks/latest/userguide/managed-node-update-behavior.html).
  { label: 'eks.amazonaws.com/nodegroup', provider: 'eks' },
  // AKS reserved system labels: "kubernetes.azure.com/agentpool | <agent pool name>"; the older
  // "agentpool" is deprecated in its favour (https://learn.microsoft.com/azure/aks/use-labels).
  { label: 'kubernetes.azure.com/agentpool', provider: 'aks' },
  { label: 'agentpool', provider: 'aks' },
];

/**
 * The provider the pool's nodes say they belong to: the first node (in the order given) with one
 * of the providers' labels, checked in `PROVIDER_NODE_LABELS` order. Undefined when none has one
 * (kubectl, or a provider whose labels were removed).
 */
export function guessProvider(
  nodes: readonly { name: string; labels: Labels }[],
): ProviderGuess | undefined {
  for (const node of nodes) {
    for (const { label, provider } of PROVIDER_NODE_LABELS) {
      const value = node.labels[label];
      if (value !== undefined) return { provider, label, value, node: node.name };
    }
  }
  return undefined;
}

/**
 * The provider of the pool a node selector picks (`key=value[,…]`, as the forecast reads it) among
 * `nodes` (the Nodes list's rows will do): its nodes in upgrade order, then `guessProvider`.
 * Undefined when the selector does not read, matches no node, or no node carries a provider label.
 */
export function guessPoolProvider(
  nodes: readonly { name: string; labels: Labels }[],
  selector: string,
): ProviderGuess | undefined {
  const terms = parseNodeSelector(selector);
  if (!terms.ok) return undefined;
  const pool = nodes.filter((n) => matchesNodeTerms(n.labels, terms.value));
  return guessProvider(pool.sort((a, b) => byNodeName(a.name, b.name)));
}
