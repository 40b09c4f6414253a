// Every deep link in one place, so links and routes agree.

export function budgetHref(ref: { kind: string; namespace: string; name: string }): string {
  return `/budgets/${encodeURIComponent(ref.kind)}/${encodeURIComponent(ref.namespace)}/${encodeURIComponent(ref.name)}`;
}

export function podHref(ref: { namespace: string; name: string }): string {
  return `/pods/${encodeURIComponent(ref.namespace)}/${encodeURIComponent(ref.name)}`;
}

export function nodeHref(name: string): string {
  return `/nodes/${encodeURIComponent(name)}`;
}

/** The drain plan of a node, a view of its own so that it can be linked and reloaded. */
export function drainHref(node: string): string {
  return `/nodes/${encodeURIComponent(node)}/drain`;
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
