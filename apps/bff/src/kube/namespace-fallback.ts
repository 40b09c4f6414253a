import type { Logger } from 'pino';
import type { Clock } from '@pdbscope/shared/clock';
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
  /**
   * Whether the cluster-wide list is allowed again (asked every `probeEveryMs` while watching
   * namespace by namespace); when it is, `returnWide` makes and registers a new cluster-wide
   * source, the per-namespace ones are retired, and the new one starts once they are gone.
   */
  probe?: { allowed(): Promise<boolean>; everyMs: number; returnWide(): S };
  clock?: Clock;
}

/**
 * Back to one cluster-wide watch: the per-namespace sources are dropped and retired, and `back`
 * (made and registered) starts once they, and any still retiring, have cleared their objects.
 */
function backToWide<S extends FallbackSource>(input: {
  options: Pick<NamespaceFallbackOptions<S>, 'drop' | 'stopped'>;
  back: S;
  byNamespace: Map<string, S>;
  retiring: ReadonlyMap<string, Promise<void>>;
}): void {
  const { options, back, byNamespace, retiring } = input;
  const sources = [...byNamespace.values()];
  byNamespace.clear();
  for (const source of sources) options.drop(source);
  void Promise.all([...sources.map((source) => source.retire()), ...retiring.values()]).then(() => {
    if (!options.stopped()) back.start();
  });
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

  /** Back to one cluster-wide watch: everything here is inert from then on. */
  let returned = false;
  const probeLater = () => {
    const { probe, clock } = options;
    if (!probe || !clock) return;
    clock.setTimeout(() => {
      if (stopped() || returned) return;
      void probe
        .allowed()
        .catch(() => false)
        .then((allowed) => {
          if (stopped() || returned) return;
          if (!allowed) {
            probeLater();
            return;
          }
          returned = true;
          options.logger.info(
            { source: options.id },
            'allowed cluster-wide again: one watch for every namespace',
          );
          backToWide({ options, back: probe.returnWide(), byNamespace, retiring });
        });
    }, probe.everyMs);
  };

  const startWhenClear = (namespace: string, source: S) => {
    void Promise.all([wideRetired, retiring.get(namespace)]).then(() => {
      if (!stopped() && byNamespace.get(namespace) === source) source.start();
    });
  };

  return {
    initial(namespaces) {
      if (stopped() || returned) return;
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
      probeLater();
    },
    added(namespace) {
      if (stopped() || returned || byNamespace.has(namespace)) return;
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
      if (returned) return;
      wide.retryLater();
    },
  };
}
