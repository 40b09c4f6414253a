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

/**
 * A refused source (403) in the words the connection bar, the views and /readyz share:
 * `not visible: no permission to list pods in payments`. Undefined for any other state.
 */
export function notVisibleText(source: Pick<SourceState, 'id' | 'state'>): string | undefined {
  if (source.state !== 'refused') return undefined;
  const { plural, namespace } = sourceScope(source);
  return `not visible: no permission to list ${plural}${namespace === undefined ? '' : ` in ${namespace}`}`;
}
