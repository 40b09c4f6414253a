import type { ClusterIdentityCause, ClusterIdentityChange } from '@pdbscope/shared/api';
import type { Logger } from 'pino';
import type { KubeHttp } from './http.js';
import type { Clock, TimerHandle } from '@pdbscope/shared/clock';

/**
 * Notices, from what one source sees, that the cluster behind it was restored or replaced: a
 * resourceVersion lower than one already seen, or an object that changed its UID without being
 * deleted. resourceVersion is opaque in general; it is compared only while every version this
 * source has seen is a decimal integer (etcd's revisions, as every kube-apiserver and the simulator
 * serve them), and ignored for good once one is not.
 */
export class ResourceVersionTracker {
  private highest: bigint | undefined;
  private numeric = true;

  /**
   * Notes a version from a list's metadata, a watch event or a bookmark. Returns why the cluster
   * looks restored when it went back, else undefined.
   */
  seen(resourceVersion: string): string | undefined {
    if (!this.numeric || resourceVersion === '') return undefined;
    if (!/^\d+$/.test(resourceVersion)) {
      this.numeric = false;
      this.highest = undefined;
      return undefined;
    }
    const version = BigInt(resourceVersion);
    const highest = this.highest;
    if (highest !== undefined && version < highest)
      return `resourceVersion went back from ${highest} to ${version}: the cluster was restored or replaced`;
    this.highest = version;
    return undefined;
  }

  /** After a relist of a restored cluster: its versions start again from the list's. */
  restart(resourceVersion: string): void {
    this.highest = undefined;
    this.seen(resourceVersion);
  }
}

/** Why a watched change of `key` means another cluster, or undefined when the UIDs agree or are unknown. */
export function uidChanged(input: {
  key: string;
  held: string | undefined;
  arrived: string | undefined;
}): string | undefined {
  const { held, arrived } = input;
  if (held === undefined || arrived === undefined || held === '' || arrived === '')
    return undefined;
  if (held === arrived) return undefined;
  return `${input.key} changed its UID from ${held} to ${arrived} without being deleted: the cluster was restored or replaced`;
}

/**
 * Whether a watch event comes from another cluster: its resourceVersion went back, or (an update)
 * the object changed its UID without being deleted. The cause and why, else undefined.
 */
export function otherClusterEvent(input: {
  phase: string;
  obj: unknown;
  versions: ResourceVersionTracker;
  /** What the source holds under this name now. */
  held: (name: string, namespace: string | undefined) => unknown;
}): { cause: ClusterIdentityCause; reason: string } | undefined {
  const { phase, obj } = input;
  const metadata = (obj as { metadata?: { resourceVersion?: unknown; uid?: unknown } } | null)
    ?.metadata;
  const version = typeof metadata?.resourceVersion === 'string' ? metadata.resourceVersion : '';
  const rewound = phase === 'ERROR' ? undefined : input.versions.seen(version);
  if (rewound !== undefined) return { cause: 'resource-version-rewound', reason: rewound };
  if (phase !== 'MODIFIED') return undefined;
  const { name, namespace } = (obj as { metadata: { name: string; namespace?: string } }).metadata;
  const held = input.held(name, namespace) as { metadata: { uid?: unknown } } | undefined;
  const replaced = uidChanged({
    key: namespace === undefined ? name : `${namespace}/${name}`,
    held: typeof held?.metadata.uid === 'string' ? held.metadata.uid : undefined,
    arrived: typeof metadata?.uid === 'string' ? metadata.uid : undefined,
  });
  return replaced === undefined ? undefined : { cause: 'uid-changed', reason: replaced };
}

/** Where the kube-system namespace is read: every cluster has it, and its UID names the cluster. */
export const KUBE_SYSTEM_PATH = '/api/v1/namespaces/kube-system';
/** The `sourceId` of a change the kube-system check noticed. */
export const KUBE_SYSTEM_SOURCE = 'namespaces/kube-system';

export interface ClusterIdentityOptions {
  http: Pick<KubeHttp, 'get'>;
  clock: Clock;
  logger: Logger;
  /** Every source relists and replaces what it holds. */
  relistAll: (reason: string) => void;
  /** Tells clients (an event) and remembers it for GET /api/cluster. */
  publish: (change: ClusterIdentityChange) => void;
  /** How often the kube-system namespace's UID is read; default 30 s. */
  everyMs?: number;
  /**
   * Changes noticed this soon after one announced are the same change (every source sees a
   * restore on its own): not announced again, and the relist under way is not started again.
   */
  quietMs?: number;
}

/**
 * The cluster's identity across all sources: the kube-system namespace's UID, read now and then
 * (and soon after a source had to reconnect), and the restores that sources notice in their own
 * streams. A change, once announced, makes every source relist, with a log line and an event.
 * A cluster that does not let us read kube-system (403) is only checked by its sources.
 */
export class ClusterIdentity {
  private uid: string | undefined;
  private lastAnnounced = Number.NEGATIVE_INFINITY;
  private timer: TimerHandle | undefined;
  private checking: Promise<void> | undefined;
  private again = false;
  private unreadable: string | undefined;
  private stopped = true;

  constructor(private readonly options: ClusterIdentityOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
    void this.checkSoon();
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
  }

  /** A source saw another cluster in its list or watch. */
  noticed(change: { cause: ClusterIdentityCause; reason: string; sourceId: string }): void {
    if (this.announce(change)) void this.checkSoon();
  }

  /** Reads the kube-system UID again now (one read at a time; a request meanwhile runs after it). */
  checkSoon(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.checking) {
      this.again = true;
      return this.checking;
    }
    this.checking = this.check().finally(() => {
      this.checking = undefined;
      if (this.again) {
        this.again = false;
        void this.checkSoon();
      }
    });
    return this.checking;
  }

  private schedule(): void {
    this.timer = this.options.clock.setTimeout(() => {
      if (this.stopped) return;
      void this.checkSoon();
      this.schedule();
    }, this.options.everyMs ?? 30_000);
  }

  private async check(): Promise<void> {
    let answer: { status: number; body: unknown };
    try {
      answer = await this.options.http.get(KUBE_SYSTEM_PATH, { timeoutMs: 15_000 });
    } catch {
      return; // Unreachable: the sources say so.
    }
    if (this.stopped) return;
    const uid = (answer.body as { metadata?: { uid?: unknown } } | undefined)?.metadata?.uid;
    if (answer.status !== 200 || typeof uid !== 'string' || uid === '') {
      const why = `${answer.status} for ${KUBE_SYSTEM_PATH}`;
      if (this.unreadable !== why)
        this.options.logger.info(
          { status: answer.status },
          'the kube-system namespace cannot be read: the cluster identity is checked by resourceVersions and UIDs only',
        );
      this.unreadable = why;
      return;
    }
    this.unreadable = undefined;
    const known = this.uid;
    this.uid = uid;
    if (known === undefined || known === uid) return;
    this.announce({
      cause: 'kube-system-uid-changed',
      reason: `the kube-system namespace changed its UID from ${known} to ${uid}: another cluster answers at this address`,
      sourceId: KUBE_SYSTEM_SOURCE,
    });
  }

  /** Returns false when the change falls in the quiet time after the last one. */
  private announce(change: {
    cause: ClusterIdentityCause;
    reason: string;
    sourceId: string;
  }): boolean {
    const now = this.options.clock.now();
    if (now.getTime() - this.lastAnnounced < (this.options.quietMs ?? 5_000)) return false;
    this.lastAnnounced = now.getTime();
    this.options.logger.warn(
      { cause: change.cause, source: change.sourceId, reason: change.reason },
      'the cluster was restored or replaced: relisting everything',
    );
    this.options.publish({ at: now.toISOString(), ...change });
    this.options.relistAll(change.reason);
    return true;
  }
}
