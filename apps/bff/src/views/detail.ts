import { type PodClassification, type PodView } from '@pdbscope/shared';
import { classificationOf, type BudgetEvaluation, type ClusterIndex } from '@pdbscope/shared/index';
import type {
  BudgetDetailResponse,
  BudgetExposureItem,
  EvictableNow,
  ExpectedSource,
  Finding,
  LanePod,
  Overlap,
} from '@pdbscope/shared/api';
import { stringify } from 'yaml';
import { evictableNow, podPlacement } from './pods.js';
import {
  budgetRow,
  recomputeError,
  statusDifferences,
  statusNumbers,
  type BudgetMarks,
} from './rows.js';

/** A pod in its lane, as the engine classified it (lane, code and reason come from shared). */
export function lanePod(
  { pod, lane, code, reason }: PodClassification,
  disruptedPods: Readonly<Record<string, string>>,
  evictable: EvictableNow,
): LanePod {
  const disruptedAt = disruptedPods[pod.name];
  return {
    namespace: pod.namespace,
    name: pod.name,
    lane,
    reason: code,
    message: reason,
    phase: pod.phase,
    ready: pod.ready,
    restartCount: pod.restartCount,
    ...podPlacement(pod),
    ...(disruptedAt !== undefined ? { disruptedAt } : {}),
    evictableNow: evictable,
  };
}

/** How many selected pods each expected controller accounts for (through a ReplicaSet for Deployments). */
function podsPerController(pods: readonly PodView[], index: ClusterIndex): Map<string, number> {
  const counts = new Map<string, number>();
  const bump = (uid: string) => counts.set(uid, (counts.get(uid) ?? 0) + 1);
  for (const pod of pods) {
    const c = pod.controller;
    if (!c) continue;
    bump(c.uid);
    const parent = index.workload({
      namespace: pod.namespace,
      apiVersion: c.apiVersion,
      kind: c.kind,
      name: c.name,
    })?.controller;
    if (parent) bump(parent.uid);
  }
  return counts;
}

function expectedSource(evaluation: BudgetEvaluation, index: ClusterIndex): ExpectedSource {
  if (evaluation.unseen !== undefined)
    return { type: 'not-visible', controllers: [], message: evaluation.unseen.recomputed };
  if (evaluation.kind === 'PodDisruptionBudget') {
    const { sync } = evaluation;
    if (sync.syncFailed)
      return {
        type: 'error',
        controllers: [],
        message: sync.error ?? 'the expected count could not be computed',
      };
    const e = sync.expected;
    const unmanaged =
      e.unmanagedPods.length > 0
        ? `; ${e.unmanagedPods.length} selected pods have no controller and count for nothing`
        : '';
    if (e.kind === 'controllers') {
      const perController = podsPerController(evaluation.pods, index);
      const controllers = e.controllers.map((c) => ({
        apiVersion: '',
        kind: c.kind,
        name: c.name,
        replicas: c.replicas,
        pods: perController.get(c.uid) ?? 0,
      }));
      const listed = controllers
        .map((c) => `${c.kind} ${c.name}: ${c.replicas} replicas`)
        .join(', ');
      return {
        type: 'controllers',
        controllers,
        message: `the scale of the pods' controllers: ${listed || 'none found'}${unmanaged}`,
      };
    }
    if (e.kind === 'pod-count') {
      return {
        type: 'pod-count',
        controllers: [],
        message: `minAvailable is an integer: the ${evaluation.pods.length} selected pods${unmanaged}`,
      };
    }
    return {
      type: 'none',
      controllers: [],
      message: 'neither minAvailable nor maxUnavailable is set',
    };
  }
  const pub = evaluation.budget;
  if (evaluation.sync.error !== undefined)
    return { type: 'error', controllers: [], message: evaluation.sync.error };
  if (pub.spec.protectTotalReplicas !== undefined) {
    return {
      type: 'protect-total-replicas',
      controllers: [],
      message: `protectTotalReplicas: ${pub.spec.protectTotalReplicas}`,
    };
  }
  if (pub.spec.targetRef) {
    const t = pub.spec.targetRef;
    return {
      type: 'target-ref',
      controllers: [],
      message: `the scale of ${t.kind} ${t.name} (targetRef)`,
    };
  }
  return {
    type: 'controllers',
    controllers: [],
    message: "the scale of the selected pods' workloads",
  };
}

function stripManagedFields(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const obj = raw as { metadata?: Record<string, unknown> };
  if (!obj.metadata || !('managedFields' in obj.metadata)) return raw;
  const { managedFields: _dropped, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}

/** Without the stored object (a snapshot source), the budget as read, in the API's layout. */
function fromView(budget: BudgetEvaluation['budget']): unknown {
  return {
    apiVersion: budget.apiVersion,
    kind: budget.kind,
    metadata: {
      name: budget.name,
      namespace: budget.namespace,
      uid: budget.uid,
      generation: budget.generation,
      ...(budget.creationTimestamp !== undefined
        ? { creationTimestamp: budget.creationTimestamp }
        : {}),
      ...(Object.keys(budget.labels).length > 0 ? { labels: budget.labels } : {}),
    },
    spec: budget.spec,
    status: budget.status,
  };
}

export interface DetailInput {
  evaluation: BudgetEvaluation;
  index: ClusterIndex;
  raw: unknown;
  marks: BudgetMarks;
  findings: readonly Finding[];
  overlaps: readonly Overlap[];
  /** What can still disrupt the pods despite the budget (PodDisruptionBudgets only). */
  exposure?: readonly BudgetExposureItem[] | undefined;
  eventId: string;
  /** When "evictable now" is decided (disruptedPods entries expire). */
  now: Date;
}

/** GET /api/budgets/{kind}/{namespace}/{name} from the index's evaluation. */
export function budgetDetail(input: DetailInput): BudgetDetailResponse {
  const { evaluation } = input;
  const lanes: BudgetDetailResponse['lanes'] = { available: [], unavailable: [], disrupted: [] };
  const disruptedPods = evaluation.synced.status.disruptedPods;
  // Each pod alone, against the stored statuses of the budgets covering it: a handful of
  // budgets per pod, nothing recomputed, so a 1,000-pod budget costs 1,000 cheap decisions.
  for (const c of classificationOf(evaluation))
    lanes[c.lane].push(lanePod(c, disruptedPods, evictableNow(c.pod, input.index, input.now)));
  const reported = statusNumbers(evaluation.budget);
  const error = recomputeError(evaluation);
  // Not known (`unseen`: the row's notVisible says why), or failed: no recomputed status.
  const recomputed =
    error !== null || evaluation.unseen !== undefined ? null : statusNumbers(evaluation.synced);
  return {
    budget: budgetRow(evaluation, input.marks),
    lanes,
    reported,
    recomputed,
    recomputeError: error,
    differences: recomputed ? statusDifferences(reported, recomputed) : [],
    expected: expectedSource(evaluation, input.index),
    conditions:
      evaluation.kind === 'PodDisruptionBudget'
        ? evaluation.budget.status.conditions.map((c) => ({ ...c }))
        : [],
    controllerEvents:
      evaluation.kind === 'PodDisruptionBudget' && evaluation.unseen === undefined
        ? evaluation.sync.events.map((e) => ({
            type: e.type,
            reason: e.reason,
            message: e.message,
          }))
        : [],
    yaml: stringify(
      input.raw === undefined ? fromView(evaluation.budget) : stripManagedFields(input.raw),
    ),
    findings: [...input.findings],
    overlaps: [...input.overlaps],
    ...(input.exposure ? { exposure: [...input.exposure] } : {}),
    eventId: input.eventId,
  };
}
