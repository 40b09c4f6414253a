import { groupOf, type ApiResourceInfo, type OwnerRef, type WorkloadView } from '@pdbscope/shared';
import type { Logger } from 'pino';
import { errorReason, type KubeHttp } from './http.js';
import { arrayOf, objectOf, stringOf } from './json.js';
import type { Clock, TimerHandle } from '@pdbscope/shared/clock';

/** Owners we watch ourselves, or that have no scale: never fetched. */
const NOT_FETCHED = new Set([
  'ReplicaSet',
  'Deployment',
  'StatefulSet',
  'ReplicationController',
  'DaemonSet',
  'Job',
  'CronJob',
  'Node',
]);

export interface ScaleFetcherOptions {
  http: KubeHttp;
  logger: Logger;
  clock: Clock;
  /** A fetched owner, as a workload with its scale. */
  onWorkload: (workload: WorkloadView) => void;
  /** A kind found to serve `/scale`, for the REST mapper (`group/Kind`). */
  onApiResource: (key: string, info: ApiResourceInfo) => void;
  refreshMs?: number;
}

/**
 * The scale subresource of pod owners that are not watched (an OpenKruise CloneSet, any custom
 * resource with `/scale`), fetched when a pod names one, cached, and refreshed now and then.
 */
export class ScaleFetcher {
  private readonly resources = new Map<string, Promise<Map<string, ApiResourceInfo>>>();
  private readonly owners = new Map<string, { namespace: string; owner: OwnerRef }>();
  private readonly inflight = new Set<Promise<void>>();
  private timer: TimerHandle | undefined;

  constructor(private readonly options: ScaleFetcherOptions) {}

  /** Fetches done or under way, so the first index build can wait for them. */
  settled(): Promise<void> {
    return Promise.allSettled([...this.inflight]).then(() => undefined);
  }

  /** A pod names this controller: fetch its scale once (and on each refresh). */
  ownerSeen(namespace: string, owner: OwnerRef): void {
    if (NOT_FETCHED.has(owner.kind) || owner.uid === '') return;
    const key = `${namespace}/${owner.uid}`;
    if (this.owners.has(key)) return;
    this.owners.set(key, { namespace, owner });
    this.track(this.fetch(namespace, owner));
    this.timer ??= this.options.clock.setTimeout(
      () => this.refresh(),
      this.options.refreshMs ?? 60_000,
    );
  }

  stop(): void {
    this.timer?.cancel();
  }

  private track(p: Promise<void>): void {
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
  }

  private refresh(): void {
    for (const { namespace, owner } of this.owners.values())
      this.track(this.fetch(namespace, owner));
    this.timer = this.options.clock.setTimeout(
      () => this.refresh(),
      this.options.refreshMs ?? 60_000,
    );
  }

  /** `plural` and `/scale` of every kind of a group version, from discovery (cached). */
  private discover(apiVersion: string): Promise<Map<string, ApiResourceInfo>> {
    let known = this.resources.get(apiVersion);
    if (!known) {
      const path = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
      known = this.options.http.getOk(path, { timeoutMs: 15_000 }).then((body) => {
        const list = arrayOf(objectOf(body)?.['resources']).map((r) => objectOf(r) ?? {});
        const names = new Set(list.map((r) => stringOf(r['name']) ?? ''));
        const out = new Map<string, ApiResourceInfo>();
        for (const r of list) {
          const name = stringOf(r['name']) ?? '';
          const kind = stringOf(r['kind']) ?? '';
          if (name && kind && !name.includes('/'))
            out.set(kind, { resource: name, scale: names.has(`${name}/scale`) });
        }
        return out;
      });
      known.catch(() => this.resources.delete(apiVersion));
      this.resources.set(apiVersion, known);
    }
    return known;
  }

  private async fetch(namespace: string, owner: OwnerRef): Promise<void> {
    try {
      const info = (await this.discover(owner.apiVersion)).get(owner.kind);
      if (!info) return;
      this.options.onApiResource(`${groupOf(owner.apiVersion)}/${owner.kind}`, info);
      if (!info.scale) return;
      const root = owner.apiVersion.includes('/')
        ? `/apis/${owner.apiVersion}`
        : `/api/${owner.apiVersion}`;
      const body = objectOf(
        await this.options.http.getOk(
          `${root}/namespaces/${encodeURIComponent(namespace)}/${info.resource}/${encodeURIComponent(owner.name)}/scale`,
          {
            timeoutMs: 15_000,
          },
        ),
      );
      const replicas = objectOf(body?.['spec'])?.['replicas'];
      this.options.onWorkload({
        kind: owner.kind,
        apiVersion: owner.apiVersion,
        namespace,
        name: owner.name,
        uid: owner.uid,
        resourceVersion: stringOf(objectOf(body?.['metadata'])?.['resourceVersion']) ?? '',
        replicas: typeof replicas === 'number' ? replicas : undefined,
        labels: {},
      });
    } catch (err) {
      this.options.logger.warn(
        {
          owner: `${owner.kind}/${namespace}/${owner.name}`,
          err: errorReason(err),
        },
        'scale not readable',
      );
    }
  }
}
