import type {
  BudgetDetailResponse,
  BudgetListResponse,
  ClusterResponse,
  EvictionStep,
  LanePod,
  NodeDetailResponse,
  NodeRow,
} from '@pdbscope/shared/api';
import { budgetsPerNamespace } from '@pdbscope/shared/api';
import { noFlags, pdbRow, pdbStatusNumbers, pubRow } from '@pdbscope/shared/testing';

export const zookeeper = pdbRow('data', 'zookeeper', {
  currentHealthy: 2,
  disruptionsAllowed: 0,
  flags: { ...noFlags, blocking: true, overlap: true, findings: 1 },
});
export const zookeeperAll = pdbRow('data', 'zookeeper-all', {
  selector: { matchLabels: { app: 'zookeeper' } },
  selectorText: 'app=zookeeper',
  maxUnavailable: undefined,
  minAvailable: 2,
  flags: { ...noFlags, overlap: true },
});
export const trino = pdbRow('query', 'trino-worker', {
  maxUnavailable: '50%',
  expectedPods: 6,
  desiredHealthy: 3,
  currentHealthy: 6,
  disruptionsAllowed: 3,
});
export const cloneset = pubRow('shop', 'cart');

export function budgetList(items = [zookeeper, zookeeperAll, trino, cloneset]): BudgetListResponse {
  return {
    items,
    summary: {
      budgets: items.length,
      blocking: 1,
      overlapping: 2,
      withFindings: 1,
      stale: 0,
      mismatched: 0,
      podsWithMultipleBudgets: 3,
      podsWithoutBudget: 5,
    },
    namespaces: budgetsPerNamespace(items),
    eventId: 'e1-100',
  };
}

export function cluster(overrides: Partial<ClusterResponse> = {}): ClusterResponse {
  return {
    source: 'sim',
    context: 'pdbscope-demo',
    server: 'http://127.0.0.1:41234',
    namespaces: null,
    ready: true,
    verifyEnabled: false,
    sources: [
      {
        id: 'pods',
        resource: 'v1 pods',
        state: 'live',
        since: '2026-11-21T19:30:00Z',
        objects: 40,
        forbiddenNamespaces: [],
      },
      {
        id: 'podunavailablebudgets.policy.kruise.io',
        resource: 'policy.kruise.io/v1alpha1 podunavailablebudgets',
        state: 'degraded',
        since: '2026-11-21T19:31:00Z',
        reason: 'watch failed: 503 Service Unavailable',
        objects: 1,
        forbiddenNamespaces: [],
      },
    ],
    counts: {
      pods: 40,
      nodes: 3,
      workloads: 8,
      budgets: 4,
      podDisruptionBudgets: 3,
      podUnavailableBudgets: 1,
    },
    eventId: 'e1-100',
    ...overrides,
  };
}

function lanePod(name: string, lane: LanePod['lane'], overrides: Partial<LanePod> = {}): LanePod {
  return {
    namespace: 'data',
    name,
    lane,
    reason: 'Ready',
    message: 'Ready and counted as healthy',
    phase: 'Running',
    ready: true,
    nodeName: 'worker-1',
    owner: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'zookeeper' },
    restartCount: 0,
    // zookeeper allows no disruption: a Ready pod's eviction is refused with 429.
    evictableNow: {
      allowed: false,
      rule: 'budget-exhausted',
      summary: 'the budget allows no disruption',
      code: 429,
    },
    ...overrides,
  };
}

export function zookeeperDetail(): BudgetDetailResponse {
  return {
    budget: zookeeper,
    lanes: {
      available: [
        lanePod('zookeeper-0', 'available'),
        lanePod('zookeeper-1', 'available', { nodeName: 'worker-2' }),
      ],
      unavailable: [
        lanePod('zookeeper-2', 'unavailable', {
          reason: 'NotReady',
          message: 'Ready condition is False',
          ready: false,
          waitingReason: 'CrashLoopBackOff',
          restartCount: 7,
          nodeName: 'worker-3',
          evictableNow: {
            allowed: true,
            rule: 'unhealthy-healthy-budget',
            summary: 'unhealthy pod, the budget is healthy',
            code: 201,
          },
        }),
      ],
      disrupted: [],
    },
    reported: pdbStatusNumbers({ currentHealthy: 2, disruptionsAllowed: 0 }),
    recomputed: pdbStatusNumbers(),
    recomputeError: null,
    differences: ['currentHealthy', 'disruptionsAllowed'],
    expected: {
      type: 'controllers',
      controllers: [
        { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'zookeeper', replicas: 3, pods: 3 },
      ],
      message: 'StatefulSet zookeeper has scale 3',
    },
    conditions: [
      {
        type: 'DisruptionAllowed',
        status: 'False',
        reason: 'InsufficientPods',
        message: '',
        observedGeneration: 1,
        lastTransitionTime: '2026-11-21T19:20:00Z',
      },
    ],
    controllerEvents: [],
    yaml: 'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: zookeeper\n  namespace: data\n',
    findings: [
      {
        id: 'unhealthy-blocks-drain/data/zookeeper',
        rule: 'unhealthy-blocks-drain',
        severity: 'warning',
        subject: { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' },
        related: [{ kind: 'Pod', namespace: 'data', name: 'zookeeper-2' }],
        message: 'An unhealthy pod blocks evictions under IfHealthyBudget',
        remedy: 'Set unhealthyPodEvictionPolicy: AlwaysAllow',
      },
    ],
    overlaps: [
      {
        id: 'live:data/zookeeper+data/zookeeper-all',
        kind: 'live',
        budgets: [
          { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' },
          { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper-all' },
        ],
        detectedBy: ['live-pods'],
        pods: ['data/zookeeper-0', 'data/zookeeper-1', 'data/zookeeper-2'],
        podCount: 3,
        message: 'Both budgets select 3 pods; evicting them fails with a 500',
      },
    ],
    eventId: 'e1-100',
  };
}

const tooManyRequests = "Cannot evict pod as it would violate the pod's disruption budget.";

/** The eviction API's 429 for a healthy ZooKeeper pod while the budget allows no disruption. */
export function blockedStep(pod = 'data/zookeeper-0'): EvictionStep {
  return {
    pod,
    decision: {
      pod,
      allowed: false,
      httpStatus: 429,
      code: 429,
      status: 'Failure',
      reason: 'TooManyRequests',
      message: tooManyRequests,
      causes: [
        {
          reason: 'DisruptionBudget',
          message: 'The disruption budget zookeeper needs 2 healthy pods and has 2 currently',
        },
      ],
      budgets: [{ kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' }],
      decidedBy: { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' },
      rule: 'budget-exhausted',
      summary: 'the budget allows no disruption',
      dryRun: false,
      figures: {
        selectingPdbs: 1,
        podReady: true,
        disruptionsAllowed: 0,
        currentHealthy: 2,
        desiredHealthy: 2,
      },
      explanation: 'the budget allows 0 disruptions now (it needs 2 healthy pods and has 2)',
    },
    budgets: [
      {
        ref: { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' },
        status: pdbStatusNumbers({ currentHealthy: 2, disruptionsAllowed: 0 }),
      },
    ],
  };
}

export function nodeRow(name: string, overrides: Partial<NodeRow> = {}): NodeRow {
  return {
    name,
    known: true,
    ready: true,
    unschedulable: false,
    labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': 'eu-west-1a' },
    taints: [],
    pods: 12,
    budgetedPods: 4,
    drainableNow: {
      state: 'drainable',
      pods: [],
      podCount: 0,
      budgets: [],
      budgetCount: 0,
      reason: '',
    },
    blockedFor: [],
    creationTimestamp: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

export function nodeDetail(): NodeDetailResponse {
  return {
    node: nodeRow('worker-1', {
      unschedulable: true,
      taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }],
      pods: 2,
      budgetedPods: 1,
    }),
    conditions: [
      { type: 'MemoryPressure', status: 'False', reason: 'KubeletHasSufficientMemory' },
      {
        type: 'Ready',
        status: 'True',
        reason: 'KubeletReady',
        message: 'kubelet is posting ready status',
      },
    ],
    capacity: { cpu: '8', memory: '32Gi', pods: '110' },
    allocatable: { cpu: '7910m', memory: '31Gi', pods: '110' },
    pods: [
      {
        pod: {
          namespace: 'data',
          name: 'zookeeper-0',
          uid: 'u-zk0',
          phase: 'Running',
          ready: true,
          labels: { app: 'zookeeper' },
          nodeName: 'worker-1',
          owner: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'zookeeper' },
          restartCount: 0,
        },
        budgets: [{ kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' }],
      },
      {
        pod: {
          namespace: 'kube-system',
          name: 'fluent-bit-x2k9p',
          uid: 'u-fb',
          phase: 'Running',
          ready: true,
          labels: { app: 'fluent-bit' },
          nodeName: 'worker-1',
          owner: { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'fluent-bit' },
          restartCount: 0,
        },
        budgets: [],
      },
    ],
    budgets: [zookeeper],
    actors: [
      {
        actor: 'kubectl-drain',
        removes: false,
        verdict:
          "kubectl drain worker-1 is stuck: eviction of data/zookeeper-0 refused now, 429 (zookeeper): Cannot evict pod as it would violate the pod's disruption budget.",
        settings: '--ignore-daemonsets --delete-emptydir-data',
        blocking: {
          pod: 'data/zookeeper-0',
          rule: 'eviction refused',
          message:
            "eviction of data/zookeeper-0 refused now, 429 (zookeeper): Cannot evict pod as it would violate the pod's disruption budget.",
        },
        priorityClasses: [],
        violatedBudgets: [],
      },
      {
        actor: 'cluster-autoscaler',
        removes: false,
        verdict:
          'Cluster Autoscaler keeps node worker-1: pod kube-system/coredns-0 blocks it (UnmovableKubeSystemPod: non-daemonset, non-mirrored, non-pdb-assigned kube-system pod present: coredns-0).',
        settings: '--skip-nodes-with-system-pods=true',
        blocking: {
          pod: 'kube-system/coredns-0',
          rule: 'UnmovableKubeSystemPod',
          message:
            'non-daemonset, non-mirrored, non-pdb-assigned kube-system pod present: coredns-0',
        },
        priorityClasses: [],
        violatedBudgets: [],
      },
    ],
    eventId: 'e1-100',
  };
}
