import type { Logger } from 'pino';
import type { NamespaceFollower } from './namespace-watch.js';
import type { ClusterObject } from './resources.js';
import type { Source } from './source.js';

/** What the fallback does with a source. */
export type FallbackSource = Pick<Source<ClusterObject>, 'start' | 'retire' | 'retryLater'>;

export interface NamespaceFallbackOptions<S extends FallbackSource> {
  /** The resource's id, for the log. */
  id: string;
  /** The cluster-wide source that was refused; retired once the per-namespace sources exist. */
  wide: S;
  /**
   * Makes and registers (not starts) the source of one namespace; `awaited`: readiness waits
   * for it.
   */
  make(input: { namespace: string; awaited: boolean }): S;
  /** Unregisters a source that is being retired. */
  drop(source: S): void;
  stopped(): boolean;
  logger: Logger;
}

/**
 * A namespaced resource refused cluster-wide (403), watched one namespace at a time: RBAC may
 * still allow some namespaces (RoleBindings). It follows the namespace watch: a source for each
 * namespace there is, one more for each namespace created, and a deleted namespace's source is
 * retired (its objects leave the store).
 */
export function namespaceFallback<S extends FallbackSource>(
  options: NamespaceFallbackOptions<S>,
): NamespaceFollower {
  const { wide, make, drop, stopped } = options;
  const byNamespace = new Map<string, S>();
  // A source starts only once what it replaces has cleared its objects from the store (the wide
  // source, or the source of a namespace deleted and created again), or it would lose its own.
  let wideRetired: Promise<void> = Promise.resolve();
  const retiring = new Map<string, Promise<void>>();

  const startWhenClear = (namespace: string, source: S) => {
    void Promise.all([wideRetired, retiring.get(namespace)]).then(() => {
      if (!stopped() && byNamespace.get(namespace) === source) source.start();
    });
  };

  return {
    initial(namespaces) {
      if (stopped()) return;
      options.logger.warn(
        { source: options.id, namespaces: namespaces.length },
        'forbidden cluster-wide: watching each namespace',
      );
      // Registered before the wide source leaves, so readiness waits for them.
      for (const namespace of namespaces)
        byNamespace.set(namespace, make({ namespace, awaited: true }));
      drop(wide);
      wideRetired = wide.retire();
      for (const [namespace, source] of byNamespace) startWhenClear(namespace, source);
    },
    added(namespace) {
      if (stopped() || byNamespace.has(namespace)) return;
      const source = make({ namespace, awaited: false });
      byNamespace.set(namespace, source);
      startWhenClear(namespace, source);
    },
    removed(namespace) {
      const source = byNamespace.get(namespace);
      if (!source) return;
      byNamespace.delete(namespace);
      drop(source);
      const done: Promise<void> = source.retire().then(() => {
        if (retiring.get(namespace) === done) retiring.delete(namespace);
      });
      retiring.set(namespace, done);
    },
    refused() {
      wide.retryLater();
    },
  };
}
