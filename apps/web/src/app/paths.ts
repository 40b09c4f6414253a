// Every deep link in one place, so links and routes agree.

export function budgetHref(ref: { kind: string; namespace: string; name: string }): string {
  return `/budgets/${encodeURIComponent(ref.kind)}/${encodeURIComponent(ref.namespace)}/${encodeURIComponent(ref.name)}`;
}

export function podHref(ref: { namespace: string; name: string }): string {
  return `/pods/${encodeURIComponent(ref.namespace)}/${encodeURIComponent(ref.name)}`;
}

/** The Pods view's filters, as its URL keeps them (so every filtered list is a link). */
export const podFilterKeys = [
  'namespace',
  'node',
  'labels',
  'budgets',
  'evictable',
  'group',
  'text',
] as const;
export type PodFilterKey = (typeof podFilterKeys)[number];
export type PodFilters = Partial<Record<PodFilterKey, string>>;

/** The Pods view with these filters: what a count links to, so the list shows what it counted. */
export function podsHref(filters: PodFilters = {}): string {
  const params = new URLSearchParams();
  for (const key of podFilterKeys) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const qs = params.toString();
  return qs === '' ? '/pods' : `/pods?${qs}`;
}

export function nodeHref(name: string): string {
  return `/nodes/${encodeURIComponent(name)}`;
}

/** The kubectl drain flags a drain view's URL keeps (only the ones set). */
export interface DrainFlagsInUrl {
  force?: boolean;
  ignoreDaemonSets?: boolean;
  deleteEmptyDirData?: boolean;
  podSelector?: string;
}

/** The drain plan of a node, a view of its own so that it can be linked and reloaded with its flags. */
export function drainHref(node: string, flags: DrainFlagsInUrl = {}): string {
  const params = new URLSearchParams();
  for (const key of ['force', 'ignoreDaemonSets', 'deleteEmptyDirData'] as const)
    if (flags[key]) params.set(key, '1');
  if (flags.podSelector) params.set('podSelector', flags.podSelector);
  const query = params.toString();
  return `/nodes/${encodeURIComponent(node)}/drain${query === '' ? '' : `?${query}`}`;
}

/** The flags of a drain view's URL, kubectl's defaults for those absent. */
export function drainFlagsOf(params: URLSearchParams): Required<DrainFlagsInUrl> {
  return {
    force: params.get('force') === '1',
    ignoreDaemonSets: params.get('ignoreDaemonSets') === '1',
    deleteEmptyDirData: params.get('deleteEmptyDirData') === '1',
    podSelector: params.get('podSelector') ?? '',
  };
}

/** A simulation of several pods in sequence; the pods are kept in the URL. */
export function simulateHref(pods: readonly string[]): string {
  return pods.length === 0
    ? '/simulate'
    : `/simulate?${new URLSearchParams(pods.map((pod) => ['pod', pod])).toString()}`;
}

/** A link to the object a finding or an overlap is about. */
export function objectHref(ref: {
  kind: string;
  namespace: string;
  name: string;
}): string | undefined {
  switch (ref.kind) {
    case 'PodDisruptionBudget':
    case 'PodUnavailableBudget':
      return budgetHref(ref);
    case 'Pod':
      return podHref(ref);
    case 'Node':
      return nodeHref(ref.name);
    default:
      return undefined;
  }
}

/** One cluster of the fleet: its budgets as Prometheus knows them. */
export function fleetClusterHref(cluster: string): string {
  return `/fleet/${encodeURIComponent(cluster)}`;
}

/** The what-if editor: a budget's spec (and its workloads' replicas), or pasted manifests. */
export function whatIfHref(target: {
  budget?: { kind: string; namespace: string; name: string };
  apply?: boolean;
}): string {
  const params = new URLSearchParams();
  if (target.budget)
    params.set('budget', `${target.budget.kind}/${target.budget.namespace}/${target.budget.name}`);
  if (target.apply) params.set('apply', '1');
  const query = params.toString();
  return `/what-if${query === '' ? '' : `?${query}`}`;
}
