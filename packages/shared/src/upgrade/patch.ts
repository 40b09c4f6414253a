import { stringify } from 'yaml';
import type { ChangeStep } from '../api/upgrade-script.js';
import { DRAIN_FLAG_NAMES } from '../eviction/drain-options.js';
import type { ClusterView } from '../index/view.js';
import type { CustomResourceChange, ChangeRoute } from '../operators/route.js';
import type { UpgradeChange } from './changes.js';
import { findWorkload, routeOfChange } from './operator-route.js';
import type { UpgradeProviderName } from './types.js';

const RESOURCE: Record<string, string> = {
  PodDisruptionBudget: 'pdb',
  PodUnavailableBudget: 'podunavailablebudget.policy.kruise.io',
  Deployment: 'deployment',
  StatefulSet: 'statefulset',
  ReplicaSet: 'replicaset',
  ReplicationController: 'replicationcontroller',
};

const MERGE_PATCH = (target: string, ns: string): string =>
  `# a merge patch: kubectl patch ${target} -n ${ns} --type merge --patch-file FILE`;

/** A custom resource's kubectl name, `<kind>.<group>` in lower case, e.g. `hdfscluster.hdfs.stackable.tech`. */
const crTarget = (c: CustomResourceChange): string =>
  `${c.resource.kind.toLowerCase()}.${c.resource.group}`;

/** The operator's field set: a merge patch; or, in a list keyed by name, a JSON patch at its index. */
function customResourceCommand(c: CustomResourceChange): string {
  const { namespace: ns, name } = c.resource;
  const target = crTarget(c);
  if (c.patch.type === 'merge')
    return `kubectl patch ${target} ${name} -n ${ns} --type merge -p '${JSON.stringify(c.patch.body)}'`;
  const { list, key, field, value } = c.patch;
  // The entry's index is read first; the patch's test fails (and changes nothing) if it moved.
  const find = `i=$(kubectl get ${target} ${name} -n ${ns} -o jsonpath='{.${list.join('.')}[*].name}' | tr ' ' '\\n' | grep -nx '${key}' | cut -d: -f1)`;
  const at = `/${list.join('/')}/'$((i - 1))'`;
  const ops = `'[{"op":"test","path":"${at}/name","value":"${key}"},{"op":"replace","path":"${at}/${field}","value":${value}}]'`;
  return `${find} && kubectl patch ${target} ${name} -n ${ns} --type json -p ${ops}`;
}

/** The operator's field as YAML: a merge patch document; for a list entry, the entry to edit. */
function customResourceYaml(c: CustomResourceChange, apiVersion: string | undefined): string {
  const { namespace, name, kind } = c.resource;
  const head = { ...(apiVersion ? { apiVersion } : {}), kind, metadata: { name, namespace } };
  if (c.patch.type === 'merge')
    return `${MERGE_PATCH(crTarget(c), namespace)}\n${stringify({ ...head, ...c.patch.body })}`;
  const { list, key, field, value } = c.patch;
  let body: unknown = [{ name: key, [field]: value }];
  for (let i = list.length - 1; i >= 0; i--) body = { [list[i] ?? '']: body };
  return (
    `# ${list.join('.')} is a list, which a merge patch would replace whole: set this entry's ${field} in it (kubectl edit ${crTarget(c)} ${name} -n ${namespace}), or run the script's JSON patch\n` +
    stringify({ ...head, ...(body as object) })
  );
}

type ObjectChange = Exclude<UpgradeChange, { kind: 'surge' | 'drain-option' }>;
type SettingChange = Extract<UpgradeChange, { kind: 'surge' | 'drain-option' }>;

/** A change to an object as kubectl makes it, and its YAML. */
function objectStep(index: ClusterView, change: ObjectChange): Omit<ChangeStep, 'title'> {
  switch (change.kind) {
    case 'remove-budget': {
      const b = change.budget;
      const apiVersion = index.budget(b)?.budget.apiVersion ?? 'policy/v1';
      return {
        command: `kubectl delete ${RESOURCE[b.kind] ?? b.kind} ${b.name} -n ${b.namespace}`,
        yaml:
          `# the object to delete: kubectl delete -f FILE\n` +
          stringify({
            apiVersion,
            kind: b.kind,
            metadata: { name: b.name, namespace: b.namespace },
          }),
      };
    }
    case 'budget-spec': {
      const b = change.budget;
      const apiVersion = index.budget(b)?.budget.apiVersion ?? 'policy/v1';
      const other = change.field === 'minAvailable' ? 'maxUnavailable' : 'minAvailable';
      const spec = { [change.field]: change.value, [other]: null };
      const target = RESOURCE[b.kind] ?? b.kind;
      return {
        command: `kubectl patch ${target} ${b.name} -n ${b.namespace} --type merge -p '${JSON.stringify({ spec })}'`,
        yaml: `${MERGE_PATCH(target, b.namespace)}\n${stringify({
          apiVersion,
          kind: b.kind,
          metadata: { name: b.name, namespace: b.namespace },
          spec,
        })}`,
      };
    }
    case 'scale': {
      const w = change.workload;
      const target = RESOURCE[w.kind] ?? w.kind.toLowerCase();
      const apiVersion = findWorkload(index, w)?.apiVersion ?? 'apps/v1';
      return {
        command: `kubectl scale ${target} ${w.name} -n ${w.namespace} --replicas=${change.replicas}`,
        yaml: `${MERGE_PATCH(target, w.namespace)}\n${stringify({
          apiVersion,
          kind: w.kind,
          metadata: { name: w.name, namespace: w.namespace },
          spec: { replicas: change.replicas },
        })}`,
      };
    }
  }
}

/** The change's custom resource, when an operator writes its object: the owner's apiVersion if known. */
function ownerApiVersion(index: ClusterView, change: ObjectChange): string | undefined {
  if (change.kind !== 'scale') {
    const budget = index.budget(change.budget)?.budget;
    return budget?.kind === 'PodDisruptionBudget' ? budget.controller?.apiVersion : undefined;
  }
  const w = findWorkload(index, change.workload);
  return w?.controller?.apiVersion ?? w?.apiVersion;
}

/** A setting of the upgrade, not of the cluster: a comment saying where it is set. */
function settingCommand(change: SettingChange, provider: UpgradeProviderName): string {
  if (change.kind === 'drain-option')
    return `# a drain option, not a cluster object: kubectl drain NODE ${DRAIN_FLAG_NAMES[change.option]}`;
  return provider === 'aks'
    ? `# an upgrade setting, not a cluster object: maxSurge ${change.maxSurge} (az aks nodepool update --resource-group RG --cluster-name CLUSTER --name POOL --max-surge ${change.maxSurge})`
    : `# an upgrade setting, not a cluster object: maxSurge ${change.maxSurge} (e.g. gcloud container node-pools update POOL --max-surge-upgrade=${change.maxSurge})`;
}

/**
 * The change as a user would make it (pdbscope never applies it): a kubectl command and its YAML;
 * for an object an operator writes, the patch of its custom resource (never of the object, which
 * the operator would write back), or, when the field is not known, a comment naming the operator;
 * for a setting of the upgrade, a comment saying where it is set.
 */
export function changeStep(
  index: ClusterView,
  change: UpgradeChange,
  options: { title: string; provider?: UpgradeProviderName; route?: ChangeRoute },
): ChangeStep {
  if (change.kind === 'surge' || change.kind === 'drain-option')
    return {
      title: options.title,
      command: settingCommand(change, options.provider ?? 'kubectl'),
      yaml: null,
    };
  const route = options.route ?? routeOfChange(index, change);
  if (route.via === 'custom-resource')
    return {
      title: options.title,
      command: customResourceCommand(route.change),
      yaml: customResourceYaml(route.change, ownerApiVersion(index, change)),
    };
  const step = objectStep(index, change);
  if (route.via === 'operator')
    return {
      title: options.title,
      command: `# managed by ${route.manager.name} (${route.manager.evidence}): make this change where ${route.manager.name} is configured, not with: ${step.command}`,
      yaml: null,
    };
  return { title: options.title, ...step };
}
