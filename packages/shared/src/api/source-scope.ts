import type { Refusal, Visibility, VisibilityKind } from '../visibility/types.js';
import { makeVisibility } from '../visibility/visibility.js';
import type { SourceState } from './cluster.js';

/** What a source lists, read from its id (`pods@shop`, `poddisruptionbudgets.policy`, `nodes`). */
export interface SourceScope {
  /** The resource with its group, as in the id: `pods`, `poddisruptionbudgets.policy`. */
  resource: string;
  /** kubectl's plural name: `pods`, `poddisruptionbudgets`. */
  plural: string;
  /** The one namespace the source watches; undefined for a cluster-wide source. */
  namespace?: string;
}

/** The scope of a source, from its id: `resource[.group]` then `@namespace` when limited to one. */
export function sourceScope(source: Pick<SourceState, 'id'>): SourceScope {
  const at = source.id.indexOf('@');
  const resource = at === -1 ? source.id : source.id.slice(0, at);
  const dot = resource.indexOf('.');
  const plural = dot === -1 ? resource : resource.slice(0, dot);
  return at === -1
    ? { resource, plural }
    : { resource, plural, namespace: source.id.slice(at + 1) };
}

/** Why a refused source's objects are not visible: `no permission to list pods in payments`. */
function refusalReason(scope: SourceScope): string {
  return `no permission to list ${scope.plural}${scope.namespace === undefined ? '' : ` in ${scope.namespace}`}`;
}

/**
 * A refused source (403) in the words the connection bar, the views and /readyz share:
 * `not visible: no permission to list pods in payments`. Undefined for any other state.
 */
export function notVisibleText(source: Pick<SourceState, 'id' | 'state'>): string | undefined {
  if (source.state !== 'refused') return undefined;
  return `not visible: ${refusalReason(sourceScope(source))}`;
}

/** The kind of object a source's resource feeds the answers with; undefined for the others. */
const KIND_OF_PLURAL: Readonly<Record<string, VisibilityKind>> = {
  pods: 'pods',
  nodes: 'nodes',
  deployments: 'workloads',
  replicasets: 'workloads',
  statefulsets: 'workloads',
  replicationcontrollers: 'workloads',
  poddisruptionbudgets: 'budgets',
  podunavailablebudgets: 'budgets',
};

/**
 * What the answers can see, from the sources' states: each refused source (403) is a refusal of
 * its kind in its namespace (or cluster-wide), and `watched` the namespaces watched when not all
 * are (`--namespace`). Sources of other resources (events, the namespaces' own watch) feed no
 * figure and are left out.
 */
export function visibilityOfSources(
  sources: readonly Pick<SourceState, 'id' | 'state'>[],
  watched?: readonly string[] | null,
): Visibility {
  const refusals: Refusal[] = [];
  for (const source of sources) {
    if (source.state !== 'refused') continue;
    const scope = sourceScope(source);
    const kind = KIND_OF_PLURAL[scope.plural];
    if (kind === undefined) continue;
    refusals.push({
      kind,
      ...(scope.namespace !== undefined ? { namespace: scope.namespace } : {}),
      reason: refusalReason(scope),
    });
  }
  return makeVisibility({
    refusals,
    ...(watched !== undefined && watched !== null ? { watched } : {}),
  });
}
