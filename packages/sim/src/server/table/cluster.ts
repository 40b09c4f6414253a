import type { TablePrinter } from './columns.js';
import { AGE_COLUMN, NAME_COLUMN, age, column, list, record } from './columns.js';

const ROLE_PREFIX = 'node-role.kubernetes.io/';

function nodeStatus(node: Record<string, unknown>, unschedulable: boolean): string {
  const ready = list(record(node.status).conditions).find((c) => c.type === 'Ready');
  const parts = [ready === undefined ? 'Unknown' : ready.status === 'True' ? 'Ready' : 'NotReady'];
  if (unschedulable) parts.push('SchedulingDisabled');
  return parts.join(',');
}

function roles(labels: Record<string, string>): string {
  const found = new Set<string>();
  for (const [k, v] of Object.entries(labels)) {
    if (k.startsWith(ROLE_PREFIX) && k.length > ROLE_PREFIX.length)
      found.add(k.slice(ROLE_PREFIX.length));
    else if (k === 'kubernetes.io/role' && v !== '') found.add(v);
  }
  return found.size === 0 ? '<none>' : [...found].sort().join(',');
}

function address(node: Record<string, unknown>, type: string): string {
  return String(
    list(record(node.status).addresses).find((a) => a.type === type)?.address ?? '<none>',
  );
}

export const nodeTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Status', 'string', { description: 'The status of the node' }),
    column('Roles', 'string', { description: 'The roles of the node' }),
    AGE_COLUMN,
    column('Version', 'string', { description: 'Kubelet Version reported by the node.' }),
    column('Internal-IP', 'string', {
      priority: 1,
      description:
        'List of addresses reachable to the node. Queried from cloud provider, if available.',
    }),
    column('External-IP', 'string', {
      priority: 1,
      description:
        'List of addresses reachable to the node. Queried from cloud provider, if available.',
    }),
    column('OS-Image', 'string', {
      priority: 1,
      description:
        'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).',
    }),
    column('Kernel-Version', 'string', {
      priority: 1,
      description:
        "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).",
    }),
    column('Container-Runtime', 'string', {
      priority: 1,
      description:
        'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).',
    }),
  ],
  cells(node, now) {
    const n = node as unknown as Record<string, unknown>;
    const info = record(record(n.status).nodeInfo);
    const text = (v: unknown): string => (typeof v === 'string' && v !== '' ? v : '<unknown>');
    return [
      node.metadata.name ?? '',
      nodeStatus(n, record(n.spec).unschedulable === true),
      roles(node.metadata.labels ?? {}),
      age(node.metadata.creationTimestamp, now),
      String(info.kubeletVersion ?? ''),
      address(n, 'InternalIP'),
      address(n, 'ExternalIP'),
      text(info.osImage),
      text(info.kernelVersion),
      text(info.containerRuntimeVersion),
    ];
  },
};

export const namespaceTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Status', 'string', { description: 'The status of the namespace' }),
    AGE_COLUMN,
  ],
  cells(ns, now) {
    return [
      ns.metadata.name ?? '',
      String(record(ns.status).phase ?? 'Active'),
      age(ns.metadata.creationTimestamp, now),
    ];
  },
};
