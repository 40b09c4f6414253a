import { fromV1beta1Selector, groupOf, readSelector } from '@pdbscope/shared';
import { SIM_ANNOTATIONS } from '../controllers/objects.js';
import type { ObjectStore } from '../store/object-store.js';
import { RESOURCE_TYPES } from '../store/resource-types.js';
import type { KubeObject } from '../store/types.js';

/** Owners before what they own, so owner UIDs are known when the owned objects are written. */
const LOAD_ORDER: Readonly<Record<string, number>> = {
  Namespace: 0,
  PriorityClass: 0,
  NodePool: 0,
  Node: 1,
  NodeClaim: 1,
  Deployment: 2,
  StatefulSet: 2,
  ReplicationController: 2,
  DaemonSet: 2,
  Job: 2,
  ReplicaSet: 3,
  Pod: 4,
  PodDisruptionBudget: 5,
  PodUnavailableBudget: 5,
};

export interface SkippedObject {
  kind: string;
  namespace?: string;
  name: string;
  reason: string;
}

/** A Deployment seeded with its previous template, to be rolled out once seeding is over. */
export interface PendingRollout {
  namespace: string;
  name: string;
  template: unknown;
}

export interface SeedResult {
  created: number;
  /** Objects the simulator does not serve (Services, Jobs, …) or the store refused. */
  skipped: SkippedObject[];
  rollouts: PendingRollout[];
}

function resourceFor(obj: KubeObject): string | undefined {
  const group = groupOf(obj.apiVersion);
  const legacyGroup = group === 'extensions' ? 'apps' : group;
  return RESOURCE_TYPES.find((t) => t.kind === obj.kind && t.group === legacyGroup)?.resource;
}

/** What the store should hold for an object read from a file: server-owned metadata dropped. */
function prepare(obj: KubeObject, uids: ReadonlyMap<string, string>): KubeObject {
  const copy = structuredClone(obj);
  const meta = copy.metadata;
  for (const field of [
    'uid',
    'resourceVersion',
    'managedFields',
    'selfLink',
    'generation',
    'creationTimestamp',
    'deletionTimestamp',
    'deletionGracePeriodSeconds',
  ]) {
    delete meta[field];
  }
  if (meta.ownerReferences) {
    meta.ownerReferences = meta.ownerReferences.map((ref) => {
      const uid = typeof ref['uid'] === 'string' ? uids.get(ref['uid']) : undefined;
      return uid === undefined ? ref : { ...ref, uid };
    });
  }
  if (copy.kind === 'PodDisruptionBudget' && copy.apiVersion === 'policy/v1beta1') {
    // Stored as policy/v1: a v1beta1 empty selector meant "no pod", which v1 spells differently.
    const spec = (copy['spec'] ?? {}) as Record<string, unknown>;
    copy['spec'] = { ...spec, selector: fromV1beta1Selector(readSelector(spec['selector'])) };
    copy.apiVersion = 'policy/v1';
  }
  if (copy.kind === 'ReplicaSet' || copy.kind === 'Deployment' || copy.kind === 'StatefulSet')
    copy.apiVersion = 'apps/v1';
  return copy;
}

function withPreviousImage(deployment: KubeObject, image: string): KubeObject {
  const copy = structuredClone(deployment);
  const containers = ((
    copy['spec'] as { template?: { spec?: { containers?: { image?: string }[] } } } | undefined
  )?.template?.spec?.containers ?? []) as { image?: string }[];
  const first = containers[0];
  if (first) first.image = image;
  return copy;
}

/**
 * Writes a scenario's objects into the store, owners first, keeping every status as written.
 * UIDs are the store's own; ownerReferences are rewritten to them, so a kubectl snapshot replays
 * with its ownership intact. Nothing here creates pods: the controllers do that afterwards.
 */
export function seedStore(
  store: ObjectStore,
  objects: readonly KubeObject[],
  /** API groups the simulator does not serve this time: their objects are skipped. */
  unserved: ReadonlySet<string> = new Set(),
): SeedResult {
  const result: SeedResult = { created: 0, skipped: [], rollouts: [] };
  const uids = new Map<string, string>();
  // A snapshot already holds the Deployment's ReplicaSets: its rollout state is replayed as given.
  const withReplicaSets = new Set(
    objects
      .filter((o) => o.kind === 'ReplicaSet')
      .flatMap((rs) =>
        (rs.metadata.ownerReferences ?? [])
          .filter((ref) => ref['controller'] === true && ref['kind'] === 'Deployment')
          .map((ref) => `${rs.metadata.namespace ?? ''}/${String(ref['name'])}`),
      ),
  );
  const ordered = [...objects].sort(
    (a, b) => (LOAD_ORDER[a.kind] ?? 9) - (LOAD_ORDER[b.kind] ?? 9),
  );
  for (const obj of ordered) {
    const ref = {
      kind: obj.kind,
      ...(obj.metadata.namespace !== undefined ? { namespace: obj.metadata.namespace } : {}),
      name: obj.metadata.name ?? '',
    };
    const resource = unserved.has(groupOf(obj.apiVersion)) ? undefined : resourceFor(obj);
    // The API server made the system PriorityClasses already; a snapshot holds them too.
    if (
      resource === 'priorityclasses' &&
      ref.name.startsWith('system-') &&
      store.get(resource, undefined, ref.name) !== undefined
    )
      continue;
    if (resource === undefined) {
      result.skipped.push({
        ...ref,
        reason: `${obj.apiVersion} ${obj.kind} is not served by the simulator`,
      });
      continue;
    }
    let input = prepare(obj, uids);
    const previousImage =
      obj.kind === 'Deployment' && !withReplicaSets.has(`${ref.namespace ?? ''}/${ref.name}`)
        ? obj.metadata.annotations?.[SIM_ANNOTATIONS.previousImage]
        : undefined;
    if (previousImage !== undefined) {
      result.rollouts.push({
        namespace: ref.namespace ?? '',
        name: ref.name,
        template: (input['spec'] as { template?: unknown } | undefined)?.template,
      });
      input = withPreviousImage(input, previousImage);
    }
    const created = store.create(resource, input, { preserveStatus: true });
    if (!created.ok) {
      result.skipped.push({ ...ref, reason: created.error.message });
      continue;
    }
    result.created++;
    if (obj.metadata.uid !== undefined && created.value.metadata.uid !== undefined)
      uids.set(obj.metadata.uid, created.value.metadata.uid);
  }
  return result;
}

/** Starts the rollouts that seeding held back: each Deployment gets its written template again. */
export function startRollouts(store: ObjectStore, rollouts: readonly PendingRollout[]): void {
  for (const r of rollouts) {
    store.modify('deployments', r.namespace, r.name, (copy) => {
      copy['spec'] = {
        ...(copy['spec'] as Record<string, unknown>),
        template: structuredClone(r.template),
      };
    });
  }
}
