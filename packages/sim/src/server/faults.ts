import type { Result } from '@pdbscope/shared';
import type { KubeObject, ObjectStore, StoreError } from '../store/index.js';
import { expired, rfc3339 } from '../store/index.js';
import type { WatchHub } from './watch-hub.js';

/** What the simulator is currently told to get wrong. */
export interface FaultState {
  failListsRemaining: number;
  forbiddenNamespaces: ReadonlySet<string>;
  /** Resources (plural names, e.g. `namespaces`) refused in every namespace and cluster-wide. */
  forbiddenResources: ReadonlySet<string>;
  /**
   * Resources refused in some namespaces only (plural name → namespaces), as a Role missing from
   * one namespace's RoleBindings: refused there and cluster-wide, served in the other namespaces.
   */
  forbiddenInNamespaces: ReadonlyMap<string, ReadonlySet<string>>;
  /** Namespaces whose requests answer 500, as when etcd times out (cluster-wide requests work). */
  brokenNamespaces: ReadonlySet<string>;
  latencyMs: number;
  /**
   * Bearer tokens accepted, each until its expiry (ms since the epoch on the simulator's clock);
   * empty: no authentication, as before.
   */
  acceptedTokens: ReadonlyMap<string, number>;
  /** Client certificates (by subject CN) answered 401, as a revoked or expired one is. */
  revokedClientCerts: ReadonlySet<string>;
}

export interface SimState {
  resourceVersion: string;
  counts: Record<string, number>;
  watches: number;
  faults: {
    failListsRemaining: number;
    forbiddenNamespaces: string[];
    forbiddenResources: string[];
    /** `resource@namespace` pairs refused (see `forbidIn`). */
    forbiddenInNamespaces: string[];
    brokenNamespaces: string[];
    latencyMs: number;
    /** How many tokens are accepted (and still unexpired); 0: no authentication. */
    tokens: number;
  };
}

/** In-process control of the simulated API server's faults (the same as the `/_sim/` endpoints). */
export interface FaultControl {
  /** Ends every watch stream (cleanly, so clients resume; `abrupt` resets the connections). Returns how many. */
  dropWatches(options?: { abrupt?: boolean }): number;
  /** Sends 410 Expired to every watch, ends them and compacts the history. Returns how many. */
  expireWatches(): number;
  /** The next `count` list requests answer 500. */
  failLists(count: number): void;
  /** Requests in this namespace (and cluster-wide requests of namespaced resources) answer 403. */
  forbid(namespace: string): void;
  /** Every request for this resource (plural name, e.g. `namespaces`) answers 403, whatever its scope. */
  forbidResource(resource: string): void;
  /**
   * Requests for this resource (plural name) in this namespace, and its cluster-wide requests,
   * answer 403; the resource is served in the other namespaces, and the namespace's other
   * resources are served.
   */
  forbidIn(resource: string, namespace: string): void;
  /** Lifts one namespace's 403, or every 403 (namespaces, resources, pairs) when none is given. */
  unforbid(namespace?: string): void;
  /** Lifts one resource's 403. */
  unforbidResource(resource: string): void;
  /** Lifts one resource's 403 in one namespace. */
  unforbidIn(resource: string, namespace: string): void;
  /**
   * Every request in this namespace answers 500 (etcd timing out) and its open watches are reset,
   * so a client's namespace-scoped sources fail while the rest of the cluster works.
   */
  breakNamespace(namespace: string): void;
  /** Lifts one namespace's 500s, or every namespace's when none is given. */
  mendNamespace(namespace?: string): void;
  /**
   * From now on Kubernetes requests need a bearer token: `token` is accepted for `ttlMs` (for good
   * when not given), then answered 401 as an expired token is. Returns when it expires.
   */
  acceptToken(token: string, ttlMs?: number): Date;
  /** Drops every accepted token: no authentication again. */
  clearTokens(): void;
  /**
   * Every accepted token expires now (answered 401 from then on, as kube-apiserver answers an
   * expired one) while authentication stays on. Returns how many expired.
   */
  expireTokens(): number;
  /**
   * With TLS: requests presenting a client certificate with this subject CN are answered 401 from
   * now on, as kube-apiserver answers an expired one.
   */
  revokeClientCert(commonName: string): void;
  /** Delays every Kubernetes request by `ms`. */
  setLatency(ms: number): void;
  /**
   * A new history: fresh resourceVersion epoch, all watches dropped, older versions Expired.
   * `rewind`: an etcd restore, versions lower than any seen before; `newUids`: every object a new UID.
   */
  restart(options?: { rewind?: boolean; newUids?: boolean }): void;
  /** Flips the pod's Ready condition (and its containers' readiness), as a kubelet would. */
  setPodReady(namespace: string, name: string, ready: boolean): Result<KubeObject, StoreError>;
  state(): SimState;
  /** Read by the request handlers. */
  readonly current: FaultState;
  /** Consumes one list failure if any are pending. */
  takeListFailure(): boolean;
}

export function createFaultControl(store: ObjectStore, hub: WatchHub): FaultControl {
  let failListsRemaining = 0;
  const forbidden = new Set<string>();
  const forbiddenResources = new Set<string>();
  const forbiddenIn = new Map<string, Set<string>>();
  const broken = new Set<string>();
  let latencyMs = 0;
  const tokens = new Map<string, number>();
  const revokedClientCerts = new Set<string>();
  const now = (): number => store.clock.now().getTime();
  const control: FaultControl = {
    get current(): FaultState {
      return {
        failListsRemaining,
        forbiddenNamespaces: forbidden,
        forbiddenResources,
        forbiddenInNamespaces: forbiddenIn,
        brokenNamespaces: broken,
        latencyMs,
        acceptedTokens: tokens,
        revokedClientCerts,
      };
    },
    acceptToken(token, ttlMs) {
      const expiry = ttlMs === undefined ? Number.POSITIVE_INFINITY : now() + Math.max(0, ttlMs);
      tokens.set(token, expiry);
      return new Date(Number.isFinite(expiry) ? expiry : 8.64e15);
    },
    clearTokens() {
      tokens.clear();
    },
    expireTokens() {
      let expired = 0;
      const at = now();
      for (const [token, expiry] of tokens)
        if (expiry > at) {
          tokens.set(token, at);
          expired++;
        }
      return expired;
    },
    revokeClientCert(commonName) {
      revokedClientCerts.add(commonName);
    },
    dropWatches(options = {}) {
      const watchers = hub.all();
      for (const w of watchers) {
        if (options.abrupt === true) w.destroy();
        else w.end();
      }
      return watchers.length;
    },
    expireWatches() {
      const watchers = hub.all();
      store.compactHistory();
      const rv = store.resourceVersion();
      for (const w of watchers) w.fail(expired(`too old resource version: ${rv} (${rv})`));
      return watchers.length;
    },
    failLists(count) {
      failListsRemaining = Math.max(0, Math.floor(count));
    },
    forbid(namespace) {
      forbidden.add(namespace);
    },
    forbidResource(resource) {
      forbiddenResources.add(resource);
    },
    forbidIn(resource, namespace) {
      let namespaces = forbiddenIn.get(resource);
      if (!namespaces) forbiddenIn.set(resource, (namespaces = new Set()));
      namespaces.add(namespace);
    },
    unforbid(namespace) {
      if (namespace === undefined) {
        forbidden.clear();
        forbiddenResources.clear();
        forbiddenIn.clear();
      } else forbidden.delete(namespace);
    },
    unforbidResource(resource) {
      forbiddenResources.delete(resource);
    },
    unforbidIn(resource, namespace) {
      const namespaces = forbiddenIn.get(resource);
      namespaces?.delete(namespace);
      if (namespaces?.size === 0) forbiddenIn.delete(resource);
    },
    breakNamespace(namespace) {
      broken.add(namespace);
      for (const w of hub.all()) if (w.spec.namespace === namespace) w.destroy();
    },
    mendNamespace(namespace) {
      if (namespace === undefined) broken.clear();
      else broken.delete(namespace);
    },
    setLatency(ms) {
      latencyMs = Math.max(0, ms);
    },
    restart(options = {}) {
      store.restart(options);
      for (const w of hub.all()) w.end();
    },
    setPodReady(namespace, name, ready) {
      return store.modify(
        'pods',
        namespace,
        name,
        (pod) => setReady(pod, ready, rfc3339(store.clock.now())),
        { subresource: 'status' },
      );
    },
    state() {
      return {
        resourceVersion: store.resourceVersion(),
        counts: store.counts(),
        watches: hub.count(),
        faults: {
          failListsRemaining,
          forbiddenNamespaces: [...forbidden].sort(),
          forbiddenResources: [...forbiddenResources].sort(),
          forbiddenInNamespaces: [...forbiddenIn]
            .flatMap(([resource, namespaces]) => [...namespaces].map((ns) => `${resource}@${ns}`))
            .sort(),
          brokenNamespaces: [...broken].sort(),
          latencyMs,
          tokens: [...tokens.values()].filter((expiry) => expiry > now()).length,
        },
      };
    },
    takeListFailure() {
      if (failListsRemaining <= 0) return false;
      failListsRemaining--;
      return true;
    },
  };
  return control;
}

type Json = Record<string, unknown>;

/** Sets Ready / ContainersReady and each container's `ready`, keeping lastTransitionTime when unchanged. */
export function setReady(pod: KubeObject, ready: boolean, now: string): void {
  const status = ((pod.status as Json | undefined) ?? {}) as Json;
  pod.status = status;
  const want = ready ? 'True' : 'False';
  const conditions = Array.isArray(status.conditions) ? (status.conditions as Json[]) : [];
  for (const type of ['Ready', 'ContainersReady']) {
    const existing = conditions.find((c) => c.type === type);
    if (existing === undefined)
      conditions.push({ type, status: want, lastProbeTime: null, lastTransitionTime: now });
    else if (existing.status !== want) {
      existing.status = want;
      existing.lastTransitionTime = now;
    }
  }
  status.conditions = conditions;
  if (Array.isArray(status.containerStatuses))
    for (const c of status.containerStatuses as Json[]) c.ready = ready;
}
