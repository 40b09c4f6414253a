import type { KubeObject } from '../../store/index.js';
import type { TablePrinter } from './columns.js';
import { AGE_COLUMN, NAME_COLUMN, age, column, list, num, record } from './columns.js';

function restarts(statuses: Record<string, unknown>[], now: Date): string {
  let count = 0;
  let last = 0;
  for (const s of statuses) {
    count += num(s.restartCount);
    const finished = record(record(s.lastState).terminated).finishedAt;
    if (typeof finished === 'string') last = Math.max(last, Date.parse(finished));
  }
  return last > 0 && count > 0
    ? `${count} (${age(new Date(last).toISOString(), now)} ago)`
    : String(count);
}

/** The STATUS column, following kubectl's printPod. */
export function podStatusReason(pod: KubeObject): string {
  const status = record(pod.status);
  let reason = String(status.reason ?? status.phase ?? '');
  let initializing = false;
  const initStatuses = list(status.initContainerStatuses);
  const initTotal = list(record(pod.spec).initContainers).length;
  initStatuses.forEach((c, i) => {
    if (initializing) return;
    const term = record(record(c.state).terminated);
    const waiting = record(record(c.state).waiting);
    if (Object.keys(term).length > 0 && num(term.exitCode) === 0) return;
    if (Object.keys(term).length > 0) {
      reason =
        typeof term.reason === 'string' && term.reason !== ''
          ? `Init:${term.reason}`
          : `Init:ExitCode:${num(term.exitCode)}`;
    } else if (
      typeof waiting.reason === 'string' &&
      waiting.reason !== '' &&
      waiting.reason !== 'PodInitializing'
    ) {
      reason = `Init:${waiting.reason}`;
    } else {
      reason = `Init:${i}/${initTotal}`;
    }
    initializing = true;
  });
  if (!initializing) {
    let hasRunning = false;
    for (const c of [...list(status.containerStatuses)].reverse()) {
      const state = record(c.state);
      const waiting = record(state.waiting);
      const term = record(state.terminated);
      if (typeof waiting.reason === 'string' && waiting.reason !== '') reason = waiting.reason;
      else if (typeof term.reason === 'string' && term.reason !== '') reason = term.reason;
      else if (Object.keys(term).length > 0) {
        reason =
          num(term.signal) !== 0 ? `Signal:${num(term.signal)}` : `ExitCode:${num(term.exitCode)}`;
      } else if (c.ready === true && state.running !== undefined) hasRunning = true;
    }
    if (reason === 'Completed' && hasRunning) {
      const ready = list(status.conditions).find((c) => c.type === 'Ready');
      reason = ready?.status === 'True' ? 'Running' : 'NotReady';
    }
  }
  if (pod.metadata.deletionTimestamp !== undefined)
    reason = status.reason === 'NodeLost' ? 'Unknown' : 'Terminating';
  return reason;
}

function readinessGates(pod: KubeObject): string {
  const gates = list(record(pod.spec).readinessGates);
  if (gates.length === 0) return '<none>';
  const conditions = list(record(pod.status).conditions);
  const ok = gates.filter((g) =>
    conditions.some((c) => c.type === g.conditionType && c.status === 'True'),
  ).length;
  return `${ok}/${gates.length}`;
}

export const podTable: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Ready', 'string', {
      description: 'The aggregate readiness state of this pod for accepting traffic.',
    }),
    column('Status', 'string', {
      description: 'The aggregate status of the containers in this pod.',
    }),
    column('Restarts', 'string', {
      description:
        'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.',
    }),
    AGE_COLUMN,
    column('IP', 'string', {
      priority: 1,
      description:
        'IP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.',
    }),
    column('Node', 'string', {
      priority: 1,
      description:
        'NodeName is a request to schedule this pod onto a specific node. If it is non-empty, the scheduler simply schedules this pod onto that node, assuming that it fits resource requirements.',
    }),
    column('Nominated Node', 'string', {
      priority: 1,
      description:
        'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node.',
    }),
    column('Readiness Gates', 'string', {
      priority: 1,
      description:
        'If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to "True" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates',
    }),
  ],
  cells(pod, now) {
    const spec = record(pod.spec);
    const status = record(pod.status);
    const statuses = list(status.containerStatuses);
    const total = list(spec.containers).length;
    const ready = statuses.filter(
      (c) => c.ready === true && record(c.state).running !== undefined,
    ).length;
    return [
      pod.metadata.name ?? '',
      `${ready}/${total}`,
      podStatusReason(pod),
      restarts(statuses, now),
      age(pod.metadata.creationTimestamp, now),
      typeof status.podIP === 'string' && status.podIP !== '' ? status.podIP : '<none>',
      typeof spec.nodeName === 'string' && spec.nodeName !== '' ? spec.nodeName : '<none>',
      typeof status.nominatedNodeName === 'string' && status.nominatedNodeName !== ''
        ? status.nominatedNodeName
        : '<none>',
      readinessGates(pod),
    ];
  },
};
