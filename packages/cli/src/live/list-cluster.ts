import {
  KubeHttp,
  KubeStatusError,
  apiVersionOf,
  collectionPath,
  discoverResources,
  errorReason,
  groupVersions,
  listAllPages,
  projector,
  type ClusterObject,
  type ResolvedKubeConfig,
  type ResourceSpec,
} from '@pdbscope/bff/list';
import {
  emptySnapshot,
  readListedObjects,
  type NodeView,
  type PdbView,
  type PodView,
  type PubView,
  type Result,
  type Snapshot,
  type SnapshotError,
  type WorkloadView,
} from '@pdbscope/shared';
import { EXTRA_KINDS, EXTRA_WORKLOADS, type ExtraKind } from './kinds.js';
import type { ListProgress } from './progress.js';

/** One collection's objects as the BFF projects them, and those that did not read. */
interface Listed {
  spec: ResourceSpec;
  items: ClusterObject[];
  errors: SnapshotError[];
}

const label = (spec: Pick<ResourceSpec, 'group' | 'plural'>) =>
  spec.group === '' ? spec.plural : `${spec.plural}.${spec.group}`;

/** A 404 is a resource the cluster does not serve (a snapshot of it would have none). */
const notServed = (err: unknown) => err instanceof KubeStatusError && err.statusCode === 404;

async function listSpec(http: KubeHttp, spec: ResourceSpec, progress: ListProgress) {
  const errors: SnapshotError[] = [];
  const position = `${apiVersionOf(spec)} ${spec.plural}`;
  const project = projector(spec, (error, raw) => {
    const meta = (raw as { metadata?: { namespace?: unknown; name?: unknown } }).metadata;
    const ns = typeof meta?.namespace === 'string' ? meta.namespace : '';
    const name = typeof meta?.name === 'string' ? meta.name : '(no name)';
    errors.push({ position, object: `${spec.kind} ${ns ? `${ns}/` : ''}${name}`, error });
  });
  let count = 0;
  const list = await listAllPages({
    http,
    path: collectionPath(spec),
    project,
    onPage: (page) => progress.listed(label(spec), (count += page.length)),
  });
  progress.done(label(spec), list.items.length);
  return { spec, items: list.items.map((held) => held.view), errors };
}

/** An extra kind's objects, kind and apiVersion stamped as a typed list's items lack them. */
async function listExtra(http: KubeHttp, extra: ExtraKind) {
  const version = extra.version ?? (await groupVersions(http, extra.group))?.preferred;
  if (version === undefined) return [];
  const apiVersion = `${extra.group}/${version}`;
  const path = `/apis/${apiVersion}/${extra.plural}`;
  const list = await listAllPages({
    http,
    path,
    project: (raw) =>
      typeof raw === 'object' && raw !== null
        ? {
            value: { apiVersion, kind: extra.kind, ...raw },
            position: `${apiVersion} ${extra.plural}`,
          }
        : undefined,
  });
  return list.items;
}

/** A resource the docs' command lists where served: absent (404) or refused is a warning, not a failure. */
async function optional<T>(what: string, list: () => Promise<T[]>, warn: (line: string) => void) {
  try {
    return await list();
  } catch (err) {
    if (!notServed(err)) warn(`pdbscope: not listed, ${what}: ${errorReason(err)}\n`);
    return [];
  }
}

/** The listed collections into `out`, each kind to its own list, workloads in the order given. */
function intoSnapshot(listed: readonly Listed[], out = emptySnapshot()): Snapshot {
  for (const { spec, items, errors } of listed) {
    // concat, not push(...items): 150,000 arguments overflow the stack.
    if (spec.kind === 'Pod') out.pods = out.pods.concat(items as PodView[]);
    else if (spec.kind === 'Node') out.nodes = out.nodes.concat(items as NodeView[]);
    else if (spec.kind === 'PodDisruptionBudget') out.pdbs = out.pdbs.concat(items as PdbView[]);
    else if (spec.kind === 'PodUnavailableBudget') out.pubs = out.pubs.concat(items as PubView[]);
    else out.workloads = out.workloads.concat(items as WorkloadView[]);
    out.errors = out.errors.concat(errors);
  }
  return out;
}

/**
 * The cluster as the docs' snapshot command would save it: the resources the BFF watches, listed
 * and projected as the BFF does (read-only, in pages), plus DaemonSets, Jobs, PriorityClasses and
 * Karpenter's objects where served. An error says which resource could not be listed and why.
 */
export async function listCluster(input: {
  cluster: ResolvedKubeConfig;
  progress: ListProgress;
  warn: (line: string) => void;
}): Promise<Result<Snapshot>> {
  const { progress, warn } = input;
  let http: KubeHttp;
  try {
    http = new KubeHttp(input.cluster.kc);
  } catch (err) {
    return { ok: false, error: errorReason(err) };
  }
  const failed = (what: string, err: unknown) =>
    `cannot list ${what} from ${input.cluster.server}: ${errorReason(err)}`;
  let discovered: ResourceSpec[];
  try {
    // The BFF watches PriorityClasses and Karpenter's kinds too; here they are read as the docs'
    // command reads them (optional: a refusal is a warning), once.
    discovered = (await discoverResources(http)).specs.filter(
      (spec) => !EXTRA_KINDS.some((extra) => extra.kind === spec.kind),
    );
  } catch (err) {
    return { ok: false, error: failed('the API groups', err) };
  }
  // Every list at once: the pods' pages take the time, the others come in beside them.
  const extraWorkloads = EXTRA_WORKLOADS.map((spec) =>
    optional(label(spec), async () => [await listSpec(http, spec, progress)], warn),
  );
  const extras = EXTRA_KINDS.map((kind) =>
    optional(label(kind), () => listExtra(http, kind), warn),
  );
  const listed = await Promise.all(
    discovered.map((spec) =>
      listSpec(http, spec, progress).then(
        (value): Result<Listed> => ({ ok: true, value }),
        (err: unknown): Result<Listed> => ({ ok: false, error: failed(label(spec), err) }),
      ),
    ),
  );
  const refused = listed.find((l) => !l.ok);
  const out = intoSnapshot([
    ...listed.flatMap((l) => (l.ok ? [l.value] : [])),
    ...(await Promise.all(extraWorkloads)).flat(),
  ]);
  readListedObjects(out, (await Promise.all(extras)).flat());
  return refused === undefined || refused.ok ? { ok: true, value: out } : refused;
}
