import type { ObjectMeta, OwnerReference } from 'kubernetes-types/meta/v1';
import type { SeededRandom } from './random.js';

/** What every builder shares: the random source, the resourceVersion counter and the clock base. */
export interface BuildContext {
  rng: SeededRandom;
  /** Milliseconds since the epoch of `listedAt`. */
  listedAtMs: number;
  nextResourceVersion: () => string;
  /** For scheduler messages ("0/N nodes are available"). */
  nodeCount: number;
  /** `metadata.generateName` as the API server does it: prefix + 5 random characters, retried until unique. */
  generateName: (namespace: string, prefix: string) => string;
}

export function createContext(
  rng: SeededRandom,
  listedAt: string,
  nodeCount: number,
): BuildContext {
  // etcd revisions on a long-lived cluster are large; the value is opaque to every reader.
  let revision = 48_213_000;
  const taken = new Set<string>();
  return {
    rng,
    listedAtMs: Date.parse(listedAt),
    nextResourceVersion: () => String(++revision),
    nodeCount,
    generateName: (namespace, prefix) => {
      let name = prefix + rng.suffix(5);
      while (taken.has(`${namespace}/${name}`)) name = prefix + rng.suffix(5);
      taken.add(`${namespace}/${name}`);
      return name;
    },
  };
}

/** An RFC3339 time (seconds precision, as the API server prints) `ageSeconds` before listedAt. */
export function timeBefore(ctx: BuildContext, ageSeconds: number): string {
  return new Date(ctx.listedAtMs - Math.round(ageSeconds) * 1000)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
}

export interface MetaInput {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  ageSeconds: number;
  generation?: number;
}

export function objectMeta(ctx: BuildContext, input: MetaInput): ObjectMeta {
  return {
    name: input.name,
    ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
    uid: ctx.rng.uuid(),
    resourceVersion: ctx.nextResourceVersion(),
    ...(input.generation !== undefined ? { generation: input.generation } : {}),
    creationTimestamp: timeBefore(ctx, input.ageSeconds),
    ...(input.labels ? { labels: input.labels } : {}),
    ...(input.annotations ? { annotations: input.annotations } : {}),
    ...(input.ownerReferences ? { ownerReferences: input.ownerReferences } : {}),
  };
}

/** The controller ownerReference a controller sets on what it creates. */
export function controllerRef(owner: {
  apiVersion: string;
  kind: string;
  metadata?: ObjectMeta;
}): OwnerReference {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata?.name ?? '',
    uid: owner.metadata?.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}
