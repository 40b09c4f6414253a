import type { Refusal, UnseenScope, Visibility, VisibilityKind } from './types.js';

/** At most `limit` items joined with `separator`, then how many more. */
function someOf(items: readonly string[], limit: number, separator = ', '): string {
  const shown = items.slice(0, limit).join(separator);
  return items.length > limit ? `${shown} and ${items.length - limit} more` : shown;
}

/** Everything visible: no refusal, every namespace watched. */
export const FULL_VISIBILITY: Visibility = Object.freeze({ refusals: Object.freeze([]) });

const KIND_ORDER: Readonly<Record<VisibilityKind, number>> = {
  pods: 0,
  workloads: 1,
  budgets: 2,
  nodes: 3,
};

function compareRefusals(a: Refusal, b: Refusal): number {
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  const an = a.namespace ?? '';
  const bn = b.namespace ?? '';
  if (an !== bn) return an < bn ? -1 : 1;
  return 0;
}

/**
 * A visibility from refusals (any order, repeats allowed: refusals of one kind and scope have
 * their reasons joined, e.g. two workload resources refused in one namespace) and the namespaces
 * watched, if not all. Nodes are cluster-scoped: a node refusal's namespace is dropped.
 */
export function makeVisibility(input: {
  refusals?: readonly Refusal[];
  watched?: readonly string[];
}): Visibility {
  const merged = new Map<string, Refusal>();
  for (const r of input.refusals ?? []) {
    const namespace = r.kind === 'nodes' ? undefined : r.namespace;
    const key = `${r.kind}\u0000${namespace ?? ''}`;
    const known = merged.get(key);
    if (known === undefined)
      merged.set(key, {
        kind: r.kind,
        ...(namespace !== undefined ? { namespace } : {}),
        reason: r.reason,
      });
    else if (!known.reason.split('; ').includes(r.reason))
      merged.set(key, { ...known, reason: `${known.reason}; ${r.reason}` });
  }
  const refusals = [...merged.values()].sort(compareRefusals);
  if (refusals.length === 0 && input.watched === undefined) return FULL_VISIBILITY;
  return {
    refusals,
    ...(input.watched !== undefined ? { watched: [...new Set(input.watched)].sort() } : {}),
  };
}

/** True when nothing is refused and every namespace is watched. */
export function isFullyVisible(v: Visibility): boolean {
  return v.refusals.length === 0 && v.watched === undefined;
}

/** Whether two visibilities say the same (what changed answers must be worked out again for). */
export function sameVisibility(a: Visibility, b: Visibility): boolean {
  if (a === b) return true;
  if (a.refusals.length !== b.refusals.length) return false;
  if ((a.watched ?? []).join('\u0000') !== (b.watched ?? []).join('\u0000')) return false;
  if ((a.watched === undefined) !== (b.watched === undefined)) return false;
  return a.refusals.every((r, i) => {
    const s = b.refusals[i];
    return (
      s !== undefined && r.kind === s.kind && r.namespace === s.namespace && r.reason === s.reason
    );
  });
}

/** Why the objects of `kind` outside the watched namespaces are not visible. */
export function notWatchedReason(watched: readonly string[]): string {
  return `not watched: pdbscope watches only ${someOf(watched, 5)} (--namespace)`;
}

/**
 * Why the objects of `kind` in `namespace` are not visible, or undefined when they are. Nodes are
 * cluster-scoped (the namespace is not read); a namespaced kind asked without a namespace answers
 * for a cluster-wide refusal only.
 */
export function unseenReason(
  v: Visibility,
  kind: VisibilityKind,
  namespace?: string,
): string | undefined {
  for (const r of v.refusals)
    if (
      r.kind === kind &&
      (r.namespace === undefined || (kind !== 'nodes' && r.namespace === namespace))
    )
      return r.reason;
  if (kind === 'nodes' || namespace === undefined || v.watched === undefined) return undefined;
  return v.watched.includes(namespace) ? undefined : notWatchedReason(v.watched);
}

/** Where the objects of `kind` are not visible; undefined when they all are. */
export function unseenScope(v: Visibility, kind: VisibilityKind): UnseenScope | undefined {
  const everywhere = v.refusals.find((r) => r.kind === kind && r.namespace === undefined);
  const namespaces = v.refusals.flatMap((r) =>
    r.kind === kind && r.namespace !== undefined
      ? [{ namespace: r.namespace, reason: r.reason }]
      : [],
  );
  const watchedOnly = kind === 'nodes' ? undefined : v.watched;
  if (everywhere === undefined && namespaces.length === 0 && watchedOnly === undefined)
    return undefined;
  return {
    kind,
    ...(everywhere !== undefined ? { everywhere: everywhere.reason } : {}),
    namespaces,
    ...(watchedOnly !== undefined ? { watchedOnly } : {}),
  };
}

/**
 * The scope in words, for answers that may miss these objects: `pods not visible: no permission to
 * list pods`, `pods in zookeeper not visible: no permission to list pods in zookeeper`, `pods in 2
 * namespaces not visible: …; …`, `pods outside the watched namespaces not visible: not watched: …`.
 */
export function unseenText(scope: UnseenScope): string {
  const parts: string[] = [];
  if (scope.everywhere !== undefined) return `${scope.kind} not visible: ${scope.everywhere}`;
  const [only] = scope.namespaces;
  if (only !== undefined && scope.namespaces.length === 1)
    parts.push(`${scope.kind} in ${only.namespace} not visible: ${only.reason}`);
  else if (scope.namespaces.length > 1) {
    const names = scope.namespaces.map((n) => n.namespace);
    const reasons = scope.namespaces.map((n) => n.reason);
    parts.push(
      `${scope.kind} in ${names.length} namespaces not visible (${someOf(names, 3)}): ${someOf(reasons, 3, '; ')}`,
    );
  }
  if (scope.watchedOnly !== undefined)
    parts.push(
      `${scope.kind} outside the watched namespaces not visible: ${notWatchedReason(scope.watchedOnly)}`,
    );
  return parts.join('; ');
}
