/** What the API server knows about one resource it serves (discovery, routing, store rules). */
export interface ResourceType {
  group: string;
  version: string;
  /** Plural, the URL segment and the store's key: `pods`. */
  resource: string;
  singularName: string;
  kind: string;
  listKind: string;
  namespaced: boolean;
  shortNames: readonly string[];
  categories: readonly string[];
  verbs: readonly string[];
  /** Subresources served, e.g. `status`, `eviction`. */
  subresources: readonly string[];
  /** Whether `metadata.generation` is kept (bumped when `spec` changes). */
  hasGeneration: boolean;
  /** Whether `status` is reset on create (status subresource semantics). */
  clearStatusOnCreate: boolean;
}

/** Karpenter's API group: served unless a simulator is started without it. */
export const KARPENTER_GROUP = 'karpenter.sh';

const ALL_VERBS = [
  'create',
  'delete',
  'deletecollection',
  'get',
  'list',
  'patch',
  'update',
  'watch',
] as const;

function type(t: Omit<ResourceType, 'verbs'> & { verbs?: readonly string[] }): ResourceType {
  return { verbs: ALL_VERBS, ...t };
}

/** Every resource the simulator serves. */
export const RESOURCE_TYPES: readonly ResourceType[] = [
  type({
    group: '',
    version: 'v1',
    resource: 'namespaces',
    singularName: 'namespace',
    kind: 'Namespace',
    listKind: 'NamespaceList',
    namespaced: false,
    shortNames: ['ns'],
    categories: [],
    verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    subresources: ['status'],
    hasGeneration: false,
    clearStatusOnCreate: false,
  }),
  type({
    group: '',
    version: 'v1',
    resource: 'nodes',
    singularName: 'node',
    kind: 'Node',
    listKind: 'NodeList',
    namespaced: false,
    shortNames: ['no'],
    categories: [],
    subresources: ['status'],
    hasGeneration: false,
    clearStatusOnCreate: false,
  }),
  type({
    group: '',
    version: 'v1',
    resource: 'pods',
    singularName: 'pod',
    kind: 'Pod',
    listKind: 'PodList',
    namespaced: true,
    shortNames: ['po'],
    categories: ['all'],
    subresources: ['status', 'eviction'],
    // Pods carry no metadata.generation before v1.33 (PodObservedGenerationTracking); we serve v1.32.
    hasGeneration: false,
    clearStatusOnCreate: false,
  }),
  type({
    group: '',
    version: 'v1',
    resource: 'events',
    singularName: 'event',
    kind: 'Event',
    listKind: 'EventList',
    namespaced: true,
    shortNames: ['ev'],
    categories: [],
    subresources: [],
    hasGeneration: false,
    clearStatusOnCreate: false,
  }),
  type({
    group: '',
    version: 'v1',
    resource: 'replicationcontrollers',
    singularName: 'replicationcontroller',
    kind: 'ReplicationController',
    listKind: 'ReplicationControllerList',
    namespaced: true,
    shortNames: ['rc'],
    categories: ['all'],
    subresources: ['status', 'scale'],
    hasGeneration: true,
    clearStatusOnCreate: false,
  }),
  type({
    group: 'apps',
    version: 'v1',
    resource: 'deployments',
    singularName: 'deployment',
    kind: 'Deployment',
    listKind: 'DeploymentList',
    namespaced: true,
    shortNames: ['deploy'],
    categories: ['all'],
    subresources: ['status', 'scale'],
    hasGeneration: true,
    clearStatusOnCreate: false,
  }),
  type({
    group: 'apps',
    version: 'v1',
    resource: 'replicasets',
    singularName: 'replicaset',
    kind: 'ReplicaSet',
    listKind: 'ReplicaSetList',
    namespaced: true,
    shortNames: ['rs'],
    categories: ['all'],
    subresources: ['status', 'scale'],
    hasGeneration: true,
    clearStatusOnCreate: false,
  }),
  type({
    group: 'apps',
    version: 'v1',
    resource: 'statefulsets',
    singularName: 'statefulset',
    kind: 'StatefulSet',
    listKind: 'StatefulSetList',
    namespaced: true,
    shortNames: ['sts'],
    categories: ['all'],
    subresources: ['status', 'scale'],
    hasGeneration: true,
    clearStatusOnCreate: false,
  }),
  type({
    group: 'apps',
    version: 'v1',
    resource: 'daemonsets',
    singularName: 'daemonset',
    kind: 'DaemonSet',
    listKind: 'DaemonSetList',
    namespaced: true,
    shortNames: ['ds'],
    categories: ['all'],
    subresources: ['status'],
    hasGeneration: true,
    clearStatusOnCreate: false,
  }),
  type({
    group: 'batch',
    version: 'v1',
    resource: 'jobs',
    singularName: 'job',
    kind: 'Job',
    listKind: 'JobList',
    namespaced: true,
    shortNames: [],
    categories: ['all'],
    subresources: ['status'],
    hasGeneration: true,
    clearStatusOnCreate: false,
  }),
  type({
    group: 'policy',
    version: 'v1',
    resource: 'poddisruptionbudgets',
    singularName: 'poddisruptionbudget',
    kind: 'PodDisruptionBudget',
    listKind: 'PodDisruptionBudgetList',
    namespaced: true,
    shortNames: ['pdb'],
    categories: [],
    subresources: ['status'],
    hasGeneration: true,
    clearStatusOnCreate: true,
  }),
  type({
    group: 'policy.kruise.io',
    version: 'v1alpha1',
    resource: 'podunavailablebudgets',
    singularName: 'podunavailablebudget',
    kind: 'PodUnavailableBudget',
    listKind: 'PodUnavailableBudgetList',
    namespaced: true,
    shortNames: ['pub'],
    categories: [],
    subresources: ['status'],
    hasGeneration: true,
    clearStatusOnCreate: true,
  }),
  type({
    group: 'scheduling.k8s.io',
    version: 'v1',
    resource: 'priorityclasses',
    singularName: 'priorityclass',
    kind: 'PriorityClass',
    listKind: 'PriorityClassList',
    namespaced: false,
    shortNames: ['pc'],
    categories: [],
    subresources: [],
    hasGeneration: false,
    clearStatusOnCreate: false,
  }),
  // Karpenter's custom resources (karpenter.sh/v1), served as their CRDs define them.
  type({
    group: KARPENTER_GROUP,
    version: 'v1',
    resource: 'nodepools',
    singularName: 'nodepool',
    kind: 'NodePool',
    listKind: 'NodePoolList',
    namespaced: false,
    shortNames: [],
    categories: ['karpenter'],
    subresources: ['status'],
    hasGeneration: true,
    clearStatusOnCreate: false,
  }),
  type({
    group: KARPENTER_GROUP,
    version: 'v1',
    resource: 'nodeclaims',
    singularName: 'nodeclaim',
    kind: 'NodeClaim',
    listKind: 'NodeClaimList',
    namespaced: false,
    shortNames: [],
    categories: ['karpenter'],
    subresources: ['status'],
    hasGeneration: true,
    clearStatusOnCreate: false,
  }),
];

const BY_RESOURCE = new Map(RESOURCE_TYPES.map((t) => [t.resource, t]));

/** The type for a plural resource name, or undefined when the simulator does not serve it. */
export function resourceType(resource: string): ResourceType | undefined {
  return BY_RESOURCE.get(resource);
}

/** `apiVersion` as objects of this type carry it: `v1`, `apps/v1`. */
export function apiVersionOf(t: { group: string; version: string }): string {
  return t.group === '' ? t.version : `${t.group}/${t.version}`;
}

/** Which API groups a server serves (a cluster without Karpenter does not serve karpenter.sh). */
export type ServedGroups = (group: string) => boolean;

export const EVERY_GROUP: ServedGroups = () => true;

/** The resource types a server serves. */
export function servedTypes(served: ServedGroups = EVERY_GROUP): ResourceType[] {
  return RESOURCE_TYPES.filter((t) => served(t.group));
}

/** The group/versions served, in discovery order (preferred first). */
export function groupVersions(served: ServedGroups = EVERY_GROUP): {
  group: string;
  version: string;
}[] {
  const seen = new Set<string>();
  const out: { group: string; version: string }[] = [];
  for (const t of servedTypes(served)) {
    const key = `${t.group}/${t.version}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ group: t.group, version: t.version });
    }
  }
  return out;
}
