import { describe, expect, it } from 'vitest';
import type { Budget } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import { refKey, type ResourceRef } from '../../model/refs.js';
import type { WorkloadView } from '../../model/workload.js';
import { workloadFromObject } from '../../model/convert.js';
import type { OverlapGroupReport } from '../../overlaps/groups.js';
import { pdb, pod } from '../../overlaps/__fixtures__/objects.js';
import { evaluateFindings } from '../table.js';
import type { BudgetFacts, FindingRule } from '../types.js';
import { workloadWithoutBudget } from './workload-without-budget.js';
import {
  generatedBudgetOverlap,
  isOperatorGenerated,
  rolePodsUncovered,
} from './operator-roles.js';
import { podsUnderMultipleBudgets } from './multiple-budgets.js';
import { kruiseConflict } from './kruise-conflict.js';

const NOW = new Date('2024-05-01T12:00:00Z');
const noOverlaps: OverlapGroupReport = {
  groups: [],
  podsWithMultipleBudgets: [],
  invalidSelectors: [],
  staticTruncated: false,
};
const facts = (budget: Budget, pods: PodView[]): BudgetFacts => ({ budget, pods, validation: [] });

function run(
  rule: FindingRule,
  input: {
    budgets?: BudgetFacts[];
    pods?: PodView[];
    workloads?: WorkloadView[];
    overlaps?: OverlapGroupReport;
  },
) {
  return evaluateFindings(
    {
      now: NOW,
      budgets: input.budgets ?? [],
      pods: input.pods ?? [],
      workloads: input.workloads ?? [],
      overlaps: input.overlaps ?? noOverlaps,
    },
    [rule],
  );
}

function workload(
  kind: string,
  namespace: string,
  name: string,
  replicas: number,
  owner?: { kind: string; name: string },
): WorkloadView {
  const r = workloadFromObject({
    apiVersion: 'apps/v1',
    kind,
    metadata: {
      name,
      namespace,
      uid: `uid-${namespace}-${name}`,
      resourceVersion: '5',
      ...(owner
        ? {
            ownerReferences: [
              {
                apiVersion: 'apps/v1',
                kind: owner.kind,
                name: owner.name,
                uid: `uid-${namespace}-${owner.name}`,
                controller: true,
              },
            ],
          }
        : {}),
    },
    spec: { replicas },
  });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('workload-without-budget', () => {
  it('flags a replicated Deployment (through its ReplicaSet) with no covered pod, not a covered one or a single replica', () => {
    const workloads = [
      workload('Deployment', 'shop', 'api', 3),
      workload('ReplicaSet', 'shop', 'api-6c4d', 3, { kind: 'Deployment', name: 'api' }),
      workload('StatefulSet', 'shop', 'cache', 2),
      workload('StatefulSet', 'shop', 'solo', 1),
    ];
    const apiPods = [0, 1, 2].map((i) =>
      pod(
        'shop',
        `api-6c4d-${i}`,
        { app: 'api' },
        { owner: { kind: 'ReplicaSet', name: 'api-6c4d' } },
      ),
    );
    const cachePods = [0, 1].map((i) =>
      pod(
        'shop',
        `cache-${i}`,
        { app: 'cache' },
        { owner: { kind: 'StatefulSet', name: 'cache' } },
      ),
    );
    const soloPod = pod(
      'shop',
      'solo-0',
      { app: 'solo' },
      { owner: { kind: 'StatefulSet', name: 'solo' } },
    );
    const cachePdb = pdb('shop', 'cache', {
      selector: { matchLabels: { app: 'cache' } },
      maxUnavailable: 1,
    });
    const got = run(workloadWithoutBudget, {
      budgets: [facts(cachePdb, cachePods)],
      pods: [...apiPods, ...cachePods, soloPod],
      workloads,
    });
    expect(got).toStrictEqual([
      {
        id: 'workload-without-budget:Deployment/shop/api',
        kind: 'workload-without-budget',
        severity: 'info',
        object: { kind: 'Deployment', namespace: 'shop', name: 'api' },
        message:
          'Deployment shop/api runs 3 replicas (3 pod(s)) and no disruption budget covers them: a drain may evict all of them at once.',
        remedy: 'Add a PodDisruptionBudget selecting its pods, e.g. maxUnavailable: 1.',
      },
    ]);
  });
});

describe('several rules over one-shot pods', () => {
  it('reads a generator of pods once for every rule that walks the pods', () => {
    const api = [0, 1].map((i) =>
      pod('shop', `api-${i}`, { app: 'api' }, { owner: { kind: 'StatefulSet', name: 'api' } }),
    );
    function* pods() {
      yield* api;
    }
    const input = {
      now: NOW,
      budgets: [],
      pods: pods(),
      workloads: [workload('StatefulSet', 'shop', 'api', 2)],
      overlaps: noOverlaps,
    };
    const got = evaluateFindings(input, [
      rolePodsUncovered,
      workloadWithoutBudget,
      workloadWithoutBudget,
    ]);
    expect(got.map((f) => f.id)).toStrictEqual([
      'workload-without-budget:StatefulSet/shop/api',
      'workload-without-budget:StatefulSet/shop/api',
    ]);
  });
});

describe('operator-generated role budgets', () => {
  const hdfs = (name: string, component: string, roleGroup: string) =>
    pod('data', name, {
      'app.kubernetes.io/name': 'hdfs',
      'app.kubernetes.io/instance': 'simple-hdfs',
      'app.kubernetes.io/component': component,
      'app.kubernetes.io/role-group': roleGroup,
    });
  const dn = [
    hdfs('simple-hdfs-datanode-default-0', 'datanode', 'default'),
    hdfs('simple-hdfs-datanode-default-1', 'datanode', 'default'),
  ];
  const dnHot = [hdfs('simple-hdfs-datanode-hot-0', 'datanode', 'hot')];
  const jn = [hdfs('simple-hdfs-journalnode-default-0', 'journalnode', 'default')];
  const generated = pdb(
    'data',
    'simple-hdfs-datanode',
    {
      selector: {
        matchLabels: {
          'app.kubernetes.io/instance': 'simple-hdfs',
          'app.kubernetes.io/component': 'datanode',
          'app.kubernetes.io/role-group': 'default',
        },
      },
      maxUnavailable: 1,
    },
    {
      labels: {
        'app.kubernetes.io/name': 'hdfs',
        'app.kubernetes.io/instance': 'simple-hdfs',
        'app.kubernetes.io/component': 'datanode',
        'app.kubernetes.io/managed-by': 'hdfs.stackable.tech_hdfscluster',
      },
    },
  );
  const handWritten = pdb(
    'data',
    'datanodes',
    { selector: { matchLabels: { 'app.kubernetes.io/component': 'datanode' } }, minAvailable: 1 },
    { labels: { 'app.kubernetes.io/managed-by': 'Helm' } },
  );

  it('tells operator-generated budgets from budgets a deployment tool labels', () => {
    expect([
      isOperatorGenerated(generated),
      isOperatorGenerated(handWritten),
      isOperatorGenerated(pdb('data', 'plain', {})),
    ]).toStrictEqual([true, false, false]);
  });

  it('reports roles and role groups of a covered instance that no budget covers', () => {
    const got = run(rolePodsUncovered, {
      budgets: [facts(generated, dn)],
      pods: [...dn, ...dnHot, ...jn],
    });
    expect(got.map((f) => [f.id, f.message])).toStrictEqual([
      [
        'role-pods-uncovered:PodDisruptionBudget/data/simple-hdfs-datanode:data/hdfs/simple-hdfs:datanode/hot',
        "Role datanode/hot of data/hdfs/simple-hdfs has 1 pod(s) no budget covers (simple-hdfs-datanode-hot-0), while the operator's budgets cover other roles of the same instance.",
      ],
      [
        'role-pods-uncovered:PodDisruptionBudget/data/simple-hdfs-datanode:data/hdfs/simple-hdfs:journalnode/default',
        "Role journalnode/default of data/hdfs/simple-hdfs has 1 pod(s) no budget covers (simple-hdfs-journalnode-default-0), while the operator's budgets cover other roles of the same instance.",
      ],
    ]);
  });

  it('reports a hand-written budget overlapping a generated one, live or potential', () => {
    const a = { kind: 'PodDisruptionBudget', namespace: 'data', name: 'simple-hdfs-datanode' };
    const b = { kind: 'PodDisruptionBudget', namespace: 'data', name: 'datanodes' };
    const overlaps: OverlapGroupReport = {
      ...noOverlaps,
      groups: [
        {
          id: refKey(b),
          namespace: 'data',
          budgets: [b, a],
          rules: ['live-pods', 'static-analysis'],
          sharedPods: [{ kind: 'Pod', namespace: 'data', name: dn[0]?.name ?? '' }],
          evictionFails: true,
          kruiseConflicts: [],
        },
      ],
    };
    const got = run(generatedBudgetOverlap, {
      budgets: [facts(generated, dn), facts(handWritten, [...dn, ...dnHot])],
      overlaps,
    });
    expect(got).toStrictEqual([
      {
        id: 'generated-budget-overlap:PodDisruptionBudget/data/datanodes:simple-hdfs-datanode',
        kind: 'generated-budget-overlap',
        severity: 'warning',
        object: b,
        message:
          'Hand-written PodDisruptionBudget data/datanodes and operator-generated simple-hdfs-datanode select 1 pod(s) in common.',
        // The one the upgrade's fixes would remove too (budgetsToRemove), and where to turn off the
        // operator's instead.
        remedy:
          'Remove hand-written PodDisruptionBudget data/datanodes (the operator already protects the role), or disable simple-hdfs-datanode on HdfsCluster data/simple-hdfs (spec.dataNodes.roleConfig.podDisruptionBudget.enabled: false) and keep yours.',
        related: [a],
      },
    ]);
  });
});

describe('pods-under-multiple-budgets and kruise-conflict', () => {
  it('reports one finding per group: the 500 when a shared pod has two PDBs (error), else info', () => {
    const a = { kind: 'PodDisruptionBudget', namespace: 'shop', name: 'frontend' };
    const b = { kind: 'PodDisruptionBudget', namespace: 'shop', name: 'web' };
    const c = { kind: 'PodUnavailableBudget', namespace: 'shop', name: 'cart-pub' };
    const d = { kind: 'PodDisruptionBudget', namespace: 'shop', name: 'cart' };
    const p = { kind: 'Pod', namespace: 'shop', name: 'web-0' };
    const q = { kind: 'Pod', namespace: 'shop', name: 'cart-0' };
    const group = (budgets: ResourceRef[], pod: ResourceRef, evictionFails: boolean) => ({
      id: refKey(budgets[0] as ResourceRef),
      namespace: 'shop',
      budgets,
      rules: ['live-pods' as const],
      sharedPods: [pod],
      evictionFails,
      kruiseConflicts: [],
    });
    const many = Array.from({ length: 30 }, (_, i) => ({
      kind: 'PodDisruptionBudget',
      namespace: 'shop',
      name: `copy-${String(i).padStart(2, '0')}`,
    }));
    const got = run(podsUnderMultipleBudgets, {
      overlaps: {
        ...noOverlaps,
        groups: [group([a, b], p, true), group([d, c], q, false), group(many, p, true)],
      },
    });
    expect(got.map((f) => [f.id, f.severity, f.message, f.related?.length])).toStrictEqual([
      [
        'pods-under-multiple-budgets:PodDisruptionBudget/shop/frontend',
        'error',
        'PodDisruptionBudget shop/frontend and PodDisruptionBudget web select 1 pod(s) in common: evicting a pod under two PodDisruptionBudgets fails with "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support." (500), so drains of their nodes never finish.',
        2,
      ],
      [
        'pods-under-multiple-budgets:PodDisruptionBudget/shop/copy-00',
        'error',
        '30 budgets of shop (copy-00, copy-01, copy-02, copy-03, copy-04, copy-05 and 24 more) select 1 pod(s) in common: evicting a pod under two PodDisruptionBudgets fails with "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support." (500), so drains of their nodes never finish.',
        21,
      ],
      [
        'pods-under-multiple-budgets:PodDisruptionBudget/shop/cart',
        'info',
        'PodDisruptionBudget shop/cart and PodUnavailableBudget cart-pub protect 1 pod(s) in common: each must allow a disruption.',
        2,
      ],
    ]);
  });

  it('reports each OpenKruise conflict on the budget the webhook would reject', () => {
    const a = { kind: 'PodUnavailableBudget', namespace: 'shop', name: 'one' };
    const b = { kind: 'PodUnavailableBudget', namespace: 'shop', name: 'two' };
    const got = run(kruiseConflict, {
      overlaps: {
        ...noOverlaps,
        groups: [
          {
            id: refKey(a),
            namespace: 'shop',
            budgets: [a, b],
            rules: ['kruise-admission'],
            sharedPods: [],
            evictionFails: false,
            kruiseConflicts: [
              {
                a,
                b,
                rule: 'kruise-target-ref',
                message:
                  'pub.spec.targetReference is in conflict with other PodUnavailableBudget one',
              },
            ],
          },
        ],
      },
    });
    expect(got).toStrictEqual([
      {
        id: 'kruise-conflict:PodUnavailableBudget/shop/two:one',
        kind: 'kruise-conflict',
        severity: 'error',
        object: b,
        message:
          'OpenKruise would reject shop/two next to one: pub.spec.targetReference is in conflict with other PodUnavailableBudget one.',
        remedy: 'Keep one PodUnavailableBudget per workload.',
        related: [a],
      },
    ]);
  });
});
