import { KubeStatusError, type KubeHttp } from './http.js';
import { arrayOf, objectOf, stringOf } from './json.js';
import {
  KARPENTER,
  KARPENTER_GROUP,
  KRUISE_POLICY_GROUP,
  NODES,
  PODS,
  PRIORITY_CLASSES,
  WORKLOADS,
  pdbSpec,
  pubSpec,
  type ResourceSpec,
} from './resources.js';

/** The versions a group serves and its preferred one; undefined when the group is not served (404). */
export async function groupVersions(
  http: KubeHttp,
  group: string,
): Promise<{ versions: string[]; preferred?: string } | undefined> {
  try {
    const body = objectOf(await http.getOk(`/apis/${group}`, { timeoutMs: 15_000 }));
    const versions = arrayOf(body?.['versions']).flatMap((v) => {
      const version = stringOf(objectOf(v)?.['version']);
      return version ? [version] : [];
    });
    const preferred = stringOf(objectOf(body?.['preferredVersion'])?.['version']);
    return preferred ? { versions, preferred } : { versions };
  } catch (err) {
    if (err instanceof KubeStatusError && err.statusCode === 404) return undefined;
    throw err;
  }
}

/** PDBs: policy/v1, or v1beta1 where only that is served (Kubernetes < 1.21). */
export function choosePdbVersion(versions: readonly string[]): 'v1' | 'v1beta1' | undefined {
  if (versions.includes('v1')) return 'v1';
  if (versions.includes('v1beta1')) return 'v1beta1';
  return undefined;
}

/** PUBs: the preferred version when we read it, else v1beta1 (Kruise ≥ 1.9), else v1alpha1. */
export function choosePubVersion(served: {
  versions: readonly string[];
  preferred?: string;
}): string | undefined {
  const known = ['v1beta1', 'v1alpha1'];
  if (served.preferred && known.includes(served.preferred)) return served.preferred;
  return known.find((v) => served.versions.includes(v));
}

export interface Discovered {
  specs: ResourceSpec[];
  /** Resources the cluster does not serve, with why (shown as `absent` sources). */
  absent: { id: string; resource: string; reason: string }[];
}

/** Which resources to watch on this cluster. */
export async function discoverResources(http: KubeHttp): Promise<Discovered> {
  const [policy, kruise, scheduling, karpenter] = await Promise.all([
    groupVersions(http, 'policy'),
    groupVersions(http, KRUISE_POLICY_GROUP),
    groupVersions(http, PRIORITY_CLASSES.group),
    groupVersions(http, KARPENTER_GROUP),
  ]);
  const specs: ResourceSpec[] = [PODS, NODES, ...WORKLOADS];
  const absent: Discovered['absent'] = [];
  const pdbVersion = policy && choosePdbVersion(policy.versions);
  if (pdbVersion) specs.push(pdbSpec(pdbVersion));
  else
    absent.push({
      id: 'poddisruptionbudgets.policy',
      resource: 'policy poddisruptionbudgets',
      reason: 'the policy API group is not served',
    });
  const pubVersion = kruise && choosePubVersion(kruise);
  if (pubVersion) specs.push(pubSpec(pubVersion));
  else
    absent.push({
      id: `podunavailablebudgets.${KRUISE_POLICY_GROUP}`,
      resource: `${KRUISE_POLICY_GROUP} podunavailablebudgets`,
      reason: 'OpenKruise is not installed (policy.kruise.io is not served)',
    });
  if (scheduling?.versions.includes('v1')) specs.push(PRIORITY_CLASSES);
  else
    absent.push({
      id: PRIORITY_CLASSES.id,
      resource: 'scheduling.k8s.io priorityclasses',
      reason: 'scheduling.k8s.io/v1 is not served (Kubernetes < 1.14)',
    });
  // Karpenter ≥ 1.0 serves v1; older releases (v1beta1) are not read.
  for (const spec of KARPENTER)
    if (karpenter?.versions.includes('v1')) specs.push(spec);
    else
      absent.push({
        id: spec.id,
        resource: `${KARPENTER_GROUP} ${spec.plural}`,
        reason: `Karpenter is not installed (${KARPENTER_GROUP}/v1 is not served)`,
      });
  return { specs, absent };
}
