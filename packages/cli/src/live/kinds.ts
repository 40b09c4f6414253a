import { WORKLOADS, type ResourceSpec } from '@pdbscope/bff/list';

/**
 * A resource the docs' snapshot command lists but the BFF does not watch: read into the snapshot
 * as `kubectl get … -o yaml` of it would be, skipped where the cluster does not serve it.
 */
export interface ExtraKind {
  group: string;
  /** Absent: the group's preferred version (Karpenter's). */
  version?: string;
  plural: string;
  kind: string;
}

/**
 * The controllers the Cluster Autoscaler looks pods' owners up in, beside the BFF's workloads:
 * read as the BFF reads those (a workload's conversion, v1, namespaced).
 */
export const EXTRA_WORKLOADS: readonly ResourceSpec[] = WORKLOADS.slice(0, 1).flatMap((like) =>
  [
    { group: 'apps', plural: 'daemonsets', kind: 'DaemonSet' },
    { group: 'batch', plural: 'jobs', kind: 'Job' },
  ].map((w) => ({ ...like, ...w, id: `${w.plural}.${w.group}` })),
);

/** PriorityClasses (preempt), Karpenter's NodePools and NodeClaims (scale-down). */
export const EXTRA_KINDS: readonly ExtraKind[] = [
  {
    group: 'scheduling.k8s.io',
    version: 'v1',
    plural: 'priorityclasses',
    kind: 'PriorityClass',
  },
  {
    group: 'karpenter.sh',
    plural: 'nodepools',
    kind: 'NodePool',
  },
  {
    group: 'karpenter.sh',
    plural: 'nodeclaims',
    kind: 'NodeClaim',
  },
];
