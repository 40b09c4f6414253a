import type { Labels } from '../model/labels.js';
import { COMPONENT, ROLE_GROUP } from './labels.js';

/**
 * Stackable's custom resources by kind (lower case, as its managed-by label writes it): the kind
 * as written, and each role's key under `spec` by the `app.kubernetes.io/component` its objects
 * carry (HdfsCluster's datanodes are `spec.dataNodes`). A role not listed is taken as `spec.<component>`.
 */
const PRODUCTS: Readonly<
  Record<string, { kind: string; roles: Readonly<Record<string, string>> }>
> = {
  hdfscluster: {
    kind: 'HdfsCluster',
    roles: { namenode: 'nameNodes', datanode: 'dataNodes', journalnode: 'journalNodes' },
  },
  trinocluster: {
    kind: 'TrinoCluster',
    roles: { coordinator: 'coordinators', worker: 'workers' },
  },
  zookeepercluster: { kind: 'ZookeeperCluster', roles: { server: 'servers' } },
  kafkacluster: { kind: 'KafkaCluster', roles: { broker: 'brokers' } },
  hbasecluster: {
    kind: 'HbaseCluster',
    roles: { master: 'masters', regionserver: 'regionServers', restserver: 'restServers' },
  },
  nificluster: { kind: 'NifiCluster', roles: { node: 'nodes' } },
  druidcluster: {
    kind: 'DruidCluster',
    roles: {
      broker: 'brokers',
      coordinator: 'coordinators',
      historical: 'historicals',
      middlemanager: 'middleManagers',
      router: 'routers',
    },
  },
};

/** The kind as Stackable's CRD spells it (`hdfscluster` → `HdfsCluster`); unknown ones as given. */
export const stackableKind = (kind: string): string => PRODUCTS[kind.toLowerCase()]?.kind ?? kind;

/** A Stackable object's role and role group: the key under `spec` and the group's name. */
export function stackableRole(
  kind: string,
  labels: Labels,
): { role: string; roleGroup?: string } | undefined {
  const component = labels[COMPONENT];
  if (component === undefined || component === '') return undefined;
  const role = PRODUCTS[kind.toLowerCase()]?.roles[component] ?? component;
  const roleGroup = labels[ROLE_GROUP];
  return roleGroup === undefined ? { role } : { role, roleGroup };
}

/** Where a Stackable role's budget is configured: `spec.<role>.roleConfig.podDisruptionBudget`. */
export const stackableBudgetPath = (role: string): string[] => [
  'spec',
  role,
  'roleConfig',
  'podDisruptionBudget',
];

/** Where a Stackable role group's replicas are: `spec.<role>.roleGroups.<group>.replicas`. */
export const stackableReplicasPath = (role: string, roleGroup: string): string[] => [
  'spec',
  role,
  'roleGroups',
  roleGroup,
  'replicas',
];
