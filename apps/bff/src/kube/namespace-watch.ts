import type { KubeConfig } from '@kubernetes/client-node';
import type { SourceState } from '@pdbscope/shared/api';
import type { Logger } from 'pino';
import { errorReason, type KubeHttp } from './http.js';
import { objectOf, stringOf } from './json.js';
import type { Held } from './projecting-watch.js';
import { Source, type SourceOptions } from './source.js';
import type { Clock } from '@pdbscope/shared/clock';
import type { SourceReadiness } from './source-readiness.js';

export const NAMESPACES_SOURCE_ID = 'namespaces';

/** What a resource watched namespace by namespace hears from the namespace watch. */
export interface NamespaceFollower {
  /** The namespaces known when the follower is first told (once, before any added/removed). */
  initial(namespaces: readonly string[]): void;
  added(namespace: string): void;
  removed(namespace: string): void;
  /** Namespaces may not be listed (403) and never were: there is nothing to follow (yet). */
  refused(): void;
}

export interface NamespaceWatchOptions {
  kc: KubeConfig;
  http: KubeHttp;
  readiness: Pick<SourceReadiness, 'add' | 'changed'>;
  clock: Clock;
  logger: Logger;
  tuning?: Pick<
    SourceOptions<string>,
    'backoff' | 'watchTimeoutSeconds' | 'watchdogMs' | 'listPageSize' | 'listTimeoutMs'
  >;
}

const namespaceName = (raw: unknown): Held<string> | undefined => {
  const metadata = objectOf(objectOf(raw)?.['metadata']);
  const name = stringOf(metadata?.['name']);
  if (name === undefined) return undefined;
  return {
    metadata: { name, resourceVersion: stringOf(metadata?.['resourceVersion']) ?? '' },
    view: name,
  };
};

/**
 * One watch of the namespaces, shared by every resource that fell back to one source per
 * namespace: they hear which namespaces exist once they are first listed, then each one created
 * or deleted. It is started by its first follower and shown beside the other sources; it never
 * holds readiness back (the followers' own sources do).
 */
export class NamespaceWatch {
  private readonly source: Source<string>;
  private readonly names = new Set<string>();
  /** Followers not told the namespaces yet, and whether they were told of a refusal. */
  private readonly waiting = new Map<NamespaceFollower, { toldRefused: boolean }>();
  private readonly informed = new Set<NamespaceFollower>();
  private listed = false;
  private started = false;
  /** Namespaces were refused (403) and have not been listed since. */
  private refused = false;

  constructor(private readonly options: NamespaceWatchOptions) {
    this.source = new Source<string>({
      id: NAMESPACES_SOURCE_ID,
      resource: 'v1 namespaces (for the resources watched namespace by namespace)',
      kc: options.kc,
      http: options.http,
      path: '/api/v1/namespaces',
      project: namespaceName,
      sink: { upsert: (name) => this.upsert(name), remove: (name) => this.remove(name) },
      clock: options.clock,
      logger: options.logger,
      onState: (state) => this.stateChanged(state),
      onForbidden: (err) => this.forbidden(err),
      // The followers need the names, not a live watch: told at once (start-up with a resource
      // refused cluster-wide then waits one round trip less).
      onListed: () => this.namesListed(),
      ...options.tuning,
    });
  }

  /** Adds a follower; it is told on a later tick (never inside the caller's own callback). */
  follow(follower: NamespaceFollower): void {
    this.waiting.set(follower, { toldRefused: false });
    if (!this.started) {
      this.started = true;
      this.options.readiness.add(NAMESPACES_SOURCE_ID, {
        snapshot: () => this.source.snapshot(),
        settled: true,
      });
      this.source.start();
    }
    queueMicrotask(() => this.inform());
  }

  async stop(): Promise<void> {
    await this.source.stop();
  }

  private inform(): void {
    for (const [follower, told] of this.waiting) {
      if (this.listed) {
        this.waiting.delete(follower);
        this.informed.add(follower);
        follower.initial([...this.names].sort());
      } else if (this.refused && !told.toldRefused) {
        told.toldRefused = true;
        follower.refused();
      }
    }
  }

  private upsert(name: string): void {
    if (this.names.has(name)) return;
    this.names.add(name);
    if (this.listed) for (const f of this.informed) f.added(name);
  }

  private remove(name: string): void {
    if (!this.names.delete(name)) return;
    if (this.listed) for (const f of this.informed) f.removed(name);
  }

  private namesListed(): void {
    this.refused = false;
    this.listed = true;
    this.inform();
  }

  private stateChanged(state: SourceState): void {
    if (state.state === 'live') this.namesListed();
    this.options.readiness.changed(state);
  }

  /**
   * A 403: shown with the server's own message and retried with backoff; what it means is
   * logged once until namespaces are listed again, however often it retries.
   */
  private forbidden(err: unknown): boolean {
    const reason = errorReason(err);
    if (!this.refused) {
      this.refused = true;
      this.options.logger.warn(
        { source: NAMESPACES_SOURCE_ID, err: reason },
        this.listed
          ? 'namespaces may no longer be watched (403): namespaces created or deleted since are not followed'
          : 'namespaces may not be listed (403): resources forbidden cluster-wide cannot be watched namespace by namespace; pass --namespace',
      );
      queueMicrotask(() => this.inform());
    }
    this.source.retryLater(reason);
    return true;
  }
}
