import { describe, expect, it } from 'vitest';
import { NOW } from '../index/__fixtures__/objects.js';
import { budgetFactsFromEvaluations } from '../findings/from-evaluations.js';
import { evaluateFindings } from '../findings/table.js';
import { overlapGroups } from '../overlaps/groups.js';
import { workloadFromObject } from '../model/convert.js';
import type { WorkloadView } from '../model/workload.js';
import { clusterOf, KUBECTL_DEFAULTS, TIMINGS, type Parts } from './__fixtures__/cluster.js';
import { budgetOf, eckClients, stackableHdfs, statefulSetOf } from './__fixtures__/operators.js';
import { forecastUpgrade, type ForecastUpgradeInput } from './forecast.js';
import { compareProgress } from './change-set.js';
import { applyChanges } from './changes.js';
import { COMBINATION_LIMITS } from './combination.js';
import { proposeFixes, type UpgradeFix } from './fixes.js';

function input(parts: Parts): ForecastUpgradeInput {
  return {
    index: clusterOf(parts),
    nodes: ['node-a', 'node-b', 'node-c'],
    strategy: { maxUnavailable: 1, maxSurge: 0 },
    drain: KUBECTL_DEFAULTS,
    timings: TIMINGS,
    now: NOW,
  };
}

function fixesOf(i: ForecastUpgradeInput): UpgradeFix[] {
  const stalled = forecastUpgrade(i);
  expect(stalled.verdict).toBe('stalls');
  return proposeFixes(i, stalled);
}

const commands = (fixes: readonly UpgradeFix[]) =>
  fixes.flatMap((f) => f.steps.map((s) => s.command));

describe('fixes to what an operator writes', () => {
  it("removes the hand-written budget of two overlapping, never Stackable's, and the findings agree", () => {
    const i = input(stackableHdfs({}));
    const fixes = fixesOf(i);
    const removals = fixes.flatMap((f) => f.changes.filter((c) => c.kind === 'remove-budget'));
    expect(removals).toStrictEqual([
      {
        kind: 'remove-budget',
        budget: { kind: 'PodDisruptionBudget', namespace: 'hdfs', name: 'hdfs-datanode-hot' },
      },
    ]);
    expect(commands(fixes).filter((c) => c.includes('hdfs-datanode '))).toStrictEqual([]);
    // The finding about the overlap names the same budget to remove.
    const budgets = [...i.index.budgets()];
    const podsOf = (b: { namespace: string; name: string }) =>
      i.index.budget({ kind: 'PodDisruptionBudget', ...b })?.pods ?? [];
    const findings = evaluateFindings({
      now: NOW,
      budgets: budgetFactsFromEvaluations(budgets),
      pods: stackableHdfs({}).pods,
      workloads: [...i.index.workloads()],
      overlaps: overlapGroups({ budgets: budgets.map((e) => e.budget), podsOf }),
    }).filter((f) => f.kind === 'generated-budget-overlap');
    expect(findings.map((f) => f.object)).toStrictEqual(removals.map((r) => r.budget));
  });

  it("frees a pod under both by removing the hand-written budget and raising Stackable's on its HdfsCluster", () => {
    // A default data node crash-looping: the role's budget allows none, so removing the hot
    // group's own budget alone turns the hot pod's 500 into a 429 (refused for good → waiting).
    const i = input(stackableHdfs({ unready: [1] }));
    const stalled = forecastUpgrade(i);
    const titles = (fix: UpgradeFix | undefined) =>
      fix && [fix.outcome, fix.parts?.map((p) => p.title)];
    const both = [
      "Set HdfsCluster hdfs/hdfs's spec.dataNodes.roleConfig.podDisruptionBudget.maxUnavailable to 2 (Stackable writes PodDisruptionBudget hdfs/hdfs-datanode from it)",
      'Delete PodDisruptionBudget hdfs/hdfs-datanode-hot (overlaps another)',
    ];
    expect(titles(proposeFixes(i, stalled)[0])).toStrictEqual(['completes', both]);
    // Grown a stall at a time (beyond the smallest search), the 500 becoming a 429 counts as
    // getting further: the search goes on from there to the operator's field.
    const removed = forecastUpgrade(
      applyChanges(i, [
        {
          kind: 'remove-budget',
          budget: { kind: 'PodDisruptionBudget', namespace: 'hdfs', name: 'hdfs-datanode-hot' },
        },
      ]),
    );
    expect([removed.stall?.reasons, compareProgress(removed, stalled) > 0]).toStrictEqual([
      ['no-disruption-allowed'],
      true,
    ]);
    const grown = proposeFixes(i, stalled, {
      combination: { ...COMBINATION_LIMITS, maxChanges: 1, maxFurthestChanges: 4 },
    });
    expect(titles(grown[0])).toStrictEqual(['completes', both]);
  });

  it("changes a Stackable role's budget and replicas on its HdfsCluster, never the PDB or StatefulSet", () => {
    // One default data node crash-looping: the role's budget (maxUnavailable 1) allows none.
    const i = input(stackableHdfs({ unready: [1], handWritten: false }));
    const fixes = fixesOf(i);
    expect(fixes.map((f) => `${f.outcome}: ${f.title}`)).toStrictEqual([
      "completes: Set HdfsCluster hdfs/hdfs's spec.dataNodes.roleConfig.podDisruptionBudget.maxUnavailable to 2 (Stackable writes PodDisruptionBudget hdfs/hdfs-datanode from it)",
      // maxUnavailable counts from the replicas: one more replica needs one more healthy pod.
      "does-not-help: Set HdfsCluster hdfs/hdfs's spec.dataNodes.roleGroups.default.replicas to 3 (Stackable writes StatefulSet hdfs/hdfs-datanode-default from it)",
    ]);
    expect(commands(fixes)).toStrictEqual([
      `kubectl patch hdfscluster.hdfs.stackable.tech hdfs -n hdfs --type merge -p '{"spec":{"dataNodes":{"roleConfig":{"podDisruptionBudget":{"maxUnavailable":2}}}}}'`,
      `kubectl patch hdfscluster.hdfs.stackable.tech hdfs -n hdfs --type merge -p '{"spec":{"dataNodes":{"roleGroups":{"default":{"replicas":3}}}}}'`,
    ]);
    expect(fixes[0]?.steps[0]?.yaml).toBe(
      '# a merge patch: kubectl patch hdfscluster.hdfs.stackable.tech -n hdfs --type merge --patch-file FILE\n' +
        'apiVersion: hdfs.stackable.tech/v1alpha1\nkind: HdfsCluster\nmetadata:\n  name: hdfs\n  namespace: hdfs\n' +
        'spec:\n  dataNodes:\n    roleConfig:\n      podDisruptionBudget:\n        maxUnavailable: 2\n',
    );
  });

  it("scales ECK's StatefulSet through its Elasticsearch nodeSet's count", () => {
    const i = input(eckClients());
    const fixes = fixesOf(i);
    const scale = fixes.find((f) => f.changes[0]?.kind === 'scale');
    expect([scale?.title, scale?.steps[0]?.command]).toStrictEqual([
      "Set Elasticsearch logging/logging's spec.nodeSets[client].count to 3 (ECK writes StatefulSet logging/logging-es-client from it)",
      "i=$(kubectl get elasticsearch.elasticsearch.k8s.elastic.co logging -n logging -o jsonpath='{.spec.nodeSets[*].name}' | tr ' ' '\\n' | grep -nx 'client' | cut -d: -f1) && " +
        `kubectl patch elasticsearch.elasticsearch.k8s.elastic.co logging -n logging --type json -p '[{"op":"test","path":"/spec/nodeSets/'$((i - 1))'/name","value":"client"},{"op":"replace","path":"/spec/nodeSets/'$((i - 1))'/count","value":3}]'`,
    ]);
    // The hand-written budget itself is changed directly.
    expect(fixes.map((f) => f.title)).toContain(
      "Lower PodDisruptionBudget logging/logging-es-client's minAvailable to 1",
    );
  });

  it('ranks a fix that can only say "managed by X: change it there" after the direct ones', () => {
    // The workload is written by an operator pdbscope has no field for: scaling it can only be
    // pointed at; the budget (hand-written) can be lowered directly, so that comes first although
    // a scale-up is cheaper.
    const app = statefulSetOf({
      namespace: 'db',
      name: 'main',
      labels: { app: 'main' },
      owner: {
        apiVersion: 'acid.zalan.do/v1',
        kind: 'postgresql',
        name: 'main',
        uid: 'pg-1',
        controller: true,
      },
      nodes: ['node-a', 'node-b'],
    });
    const budget = budgetOf({
      namespace: 'db',
      name: 'main',
      matchLabels: { app: 'main' },
      minAvailable: 2,
    });
    const fixes = fixesOf(input({ ...app, budgets: [budget] }));
    expect(fixes.map((f) => `${f.outcome}: ${f.title}`)).toStrictEqual([
      "completes: Lower PodDisruptionBudget db/main's minAvailable to 1",
      'completes: Scale StatefulSet db/main to 3 replicas — managed by postgresql: change it there',
    ]);
    expect(fixes[1]?.steps[0]).toStrictEqual({
      title: 'Scale StatefulSet db/main to 3 replicas — managed by postgresql: change it there',
      command:
        '# managed by postgresql (ownerReference postgresql main): make this change where postgresql is configured, not with: kubectl scale statefulset main -n db --replicas=3',
      yaml: null,
    });
  });

  it('patches a CloneSet as the custom resource it is', () => {
    const cloneSet: WorkloadView = (() => {
      const r = workloadFromObject({
        apiVersion: 'apps.kruise.io/v1alpha1',
        kind: 'CloneSet',
        metadata: { name: 'lobby', namespace: 'games', uid: 'uid-cs-lobby', resourceVersion: '3' },
        spec: { replicas: 2 },
      });
      if (!r.ok) throw new Error(r.error);
      return r.value;
    })();
    const pods = statefulSetOf({
      namespace: 'games',
      name: 'lobby',
      labels: { app: 'lobby' },
      nodes: ['node-a', 'node-b'],
    }).pods.map((p) => ({
      ...p,
      controller: {
        apiVersion: 'apps.kruise.io/v1alpha1',
        kind: 'CloneSet',
        name: 'lobby',
        uid: 'uid-cs-lobby',
      },
    }));
    const budget = budgetOf({
      namespace: 'games',
      name: 'lobby',
      matchLabels: { app: 'lobby' },
      minAvailable: 2,
    });
    const fixes = fixesOf(input({ pods, workloads: [cloneSet], budgets: [budget] }));
    const scale = fixes.find((f) => f.changes[0]?.kind === 'scale');
    expect([scale?.title, scale?.steps[0]?.command]).toStrictEqual([
      'Scale CloneSet games/lobby to 3 replicas',
      `kubectl patch cloneset.apps.kruise.io lobby -n games --type merge -p '{"spec":{"replicas":3}}'`,
    ]);
  });
});
