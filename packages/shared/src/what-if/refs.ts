import type { ResourceRef } from '../model/refs.js';
import type { Result } from '../result/index.js';

/** Kinds by the names kubectl takes for them (singular, plural, short), lowercased. */
const KINDS: Readonly<Record<string, string>> = (() => {
  const names: [string, string[]][] = [
    ['PodDisruptionBudget', ['pdb', 'pdbs', 'poddisruptionbudget', 'poddisruptionbudgets']],
    ['PodUnavailableBudget', ['pub', 'pubs', 'podunavailablebudget', 'podunavailablebudgets']],
    ['Deployment', ['deploy', 'deployment', 'deployments']],
    ['StatefulSet', ['sts', 'statefulset', 'statefulsets']],
    ['ReplicaSet', ['rs', 'replicaset', 'replicasets']],
    ['ReplicationController', ['rc', 'replicationcontroller', 'replicationcontrollers']],
    ['DaemonSet', ['ds', 'daemonset', 'daemonsets']],
    ['Job', ['job', 'jobs']],
    ['CronJob', ['cj', 'cronjob', 'cronjobs']],
    ['CloneSet', ['cloneset', 'clonesets']],
    ['Pod', ['po', 'pod', 'pods']],
    ['Node', ['no', 'node', 'nodes']],
  ];
  return Object.fromEntries(names.flatMap(([kind, aliases]) => aliases.map((a) => [a, kind])));
})();

/** The apiVersion of each workload kind the engine looks workloads up by. */
export const WORKLOAD_API_VERSIONS: Readonly<Record<string, string>> = {
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  ReplicaSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  ReplicationController: 'v1',
  Job: 'batch/v1',
  CronJob: 'batch/v1',
  CloneSet: 'apps.kruise.io/v1alpha1',
};

/** The kinds whose replicas `kubectl scale` sets. */
export const SCALABLE_KINDS: ReadonlySet<string> = new Set([
  'Deployment',
  'StatefulSet',
  'ReplicaSet',
  'ReplicationController',
  'CloneSet',
]);

/**
 * Reads `KIND/NS/NAME` (a Node: `node/NAME`), the kind as kubectl takes it (`pdb`, `deploy`,
 * `statefulsets`, `PodDisruptionBudget`...).
 */
export function parseObjectRef(text: string): Result<ResourceRef> {
  const parts = text.split('/');
  const kind = KINDS[(parts[0] ?? '').toLowerCase()];
  if (kind === undefined)
    return {
      ok: false,
      error: `${JSON.stringify(text)}: unknown kind ${JSON.stringify(parts[0] ?? '')} (one of pdb, pub, deploy, sts, rs, rc, ds, job, cronjob, cloneset, pod, node)`,
    };
  if (kind === 'Node') {
    const [, name] = parts;
    if (parts.length !== 2 || !name)
      return { ok: false, error: `${JSON.stringify(text)}: a node is node/NAME` };
    return { ok: true, value: { kind, namespace: '', name } };
  }
  const [, namespace, name] = parts;
  if (parts.length !== 3 || !namespace || !name)
    return { ok: false, error: `${JSON.stringify(text)}: not KIND/NAMESPACE/NAME` };
  return { ok: true, value: { kind, namespace, name } };
}

/** Reads `KIND/NS/NAME=N`: a workload kubectl can scale, and a whole number of replicas. */
export function parseScale(text: string): Result<{ ref: ResourceRef; replicas: number }> {
  const eq = text.lastIndexOf('=');
  const count = eq === -1 ? '' : text.slice(eq + 1);
  if (!/^[0-9]+$/.test(count))
    return { ok: false, error: `${JSON.stringify(text)}: not KIND/NAMESPACE/NAME=REPLICAS` };
  const ref = parseObjectRef(text.slice(0, eq));
  if (!ref.ok) return ref;
  if (!SCALABLE_KINDS.has(ref.value.kind))
    return {
      ok: false,
      error: `${JSON.stringify(text)}: a ${ref.value.kind} has no replicas to scale`,
    };
  return { ok: true, value: { ref: ref.value, replicas: Number(count) } };
}

/** `Deployment shop/web`, `Node worker-1`. */
export const describeRef = (ref: ResourceRef): string =>
  ref.namespace === '' ? `${ref.kind} ${ref.name}` : `${ref.kind} ${ref.namespace}/${ref.name}`;
