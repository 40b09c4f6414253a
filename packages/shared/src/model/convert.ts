import type { Result } from '../result/index.js';
import type { Condition } from './condition.js';
import type { PdbApiVersion, PdbView, PubApiVersion, PubView } from './budget.js';
import type { LabelSelector, LabelSelectorRequirement } from './labels.js';
import type { NodeCondition, NodeTaint, NodeView } from './node.js';
import type { PodPhase, PodView } from './pod.js';
import type { OwnerRef } from './refs.js';
import { pdbView } from './pdb-view.js';
import { pubView } from './pub-view.js';
import type { WorkloadView } from './workload.js';
import {
  asArray,
  asCommonText,
  asIntOrString,
  asNumber,
  asObject,
  asString,
  asStringMap,
  readMeta,
  type Json,
  type ObjectMeta,
} from './convert-helpers.js';
import { hasEmptyDir, localStorageVolumes, readPodScheduling } from './convert-scheduling.js';
import { hasReadyCondition } from './ready.js';
import { fromV1beta1Selector } from './v1beta1.js';

// A conversion either yields the slim view or says, as data, why the object could not be read.
const fail = (error: string): Result<never> => ({ ok: false, error });

const ownerRefOf = (o: Json): OwnerRef => ({
  apiVersion: asCommonText(o['apiVersion']) ?? '',
  kind: asCommonText(o['kind']) ?? '',
  name: asString(o['name']) ?? '',
  uid: asString(o['uid']) ?? '',
});

function controllerOf(ownerReferences: readonly unknown[]): OwnerRef | undefined {
  for (const raw of ownerReferences) {
    const o = asObject(raw);
    if (o?.['controller'] === true) return ownerRefOf(o);
  }
  return undefined;
}

/** The owner references but the first controller's; undefined when there are none (most pods). */
function otherOwnersOf(ownerReferences: readonly unknown[]): OwnerRef[] | undefined {
  let out: OwnerRef[] | undefined;
  let controllerSeen = false;
  for (const raw of ownerReferences) {
    const o = asObject(raw);
    if (!o) continue;
    if (o['controller'] === true && !controllerSeen) controllerSeen = true;
    else (out ??= []).push(ownerRefOf(o));
  }
  return out;
}

/** Reads a LabelSelector as written; `null` when absent (nil). Malformed parts are kept for validation. */
export function readSelector(value: unknown): LabelSelector | null {
  const obj = asObject(value);
  if (!obj) return null;
  const selector: {
    matchLabels?: Record<string, string>;
    matchExpressions?: LabelSelectorRequirement[];
  } = {};
  if (obj['matchLabels'] !== undefined && obj['matchLabels'] !== null) {
    selector.matchLabels = asStringMap(obj['matchLabels']);
  }
  if (Array.isArray(obj['matchExpressions'])) {
    selector.matchExpressions = obj['matchExpressions'].map((raw) => {
      const e = asObject(raw) ?? {};
      const values = e['values'];
      return {
        key: asString(e['key']) ?? '',
        operator: asString(e['operator']) ?? '',
        ...(Array.isArray(values) ? { values: values.map((v) => String(v)) } : {}),
      };
    });
  }
  return selector;
}

/** `status.conditions`: each with a type, status `Unknown` when missing. */
export function readConditions(value: unknown): Condition[] {
  return asArray(value).flatMap((raw) => {
    const c = asObject(raw);
    const type = asString(c?.['type']);
    if (!c || !type) return [];
    const cond: Condition = { type, status: asString(c['status']) ?? 'Unknown' };
    const reason = asString(c['reason']);
    const message = asString(c['message']);
    const og = asNumber(c['observedGeneration']);
    const ltt = asString(c['lastTransitionTime']);
    if (reason !== undefined) cond.reason = reason;
    if (message !== undefined) cond.message = message;
    if (og !== undefined) cond.observedGeneration = og;
    if (ltt !== undefined) cond.lastTransitionTime = ltt;
    return [cond];
  });
}

const PHASES: readonly PodPhase[] = ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'];
// OpenKruise's, the mirror marker, and what the Cluster Autoscaler and Karpenter read of a pod.
const KEPT_POD_ANNOTATION =
  /^(pub\.kruise\.io\/|kruise\.io\/related-pub$|kubernetes\.io\/config\.mirror$|cluster-autoscaler\.kubernetes\.io\/(safe-to-evict|safe-to-evict-local-volumes|daemonset-pod)$|karpenter\.sh\/do-not-disrupt$)/;

export function podFromObject(raw: unknown): Result<PodView> {
  const obj = asObject(raw);
  const meta = obj && readMeta(obj, { keepAnnotation: keptPodAnnotation });
  if (!obj || !meta) return fail('Pod without metadata.name');
  const spec = asObject(obj['spec']) ?? {};
  const status = asObject(obj['status']) ?? {};
  const phaseText = asString(status['phase']) ?? '';
  const phase = (PHASES as readonly string[]).includes(phaseText) ? (phaseText as PodPhase) : '';
  // One pass over the conditions: the first of type Ready decides readiness (as hasReadyCondition
  // reads it), any Ready=False is noted, the first DisruptionTarget is kept.
  let ready: boolean | undefined;
  let readySince: string | undefined;
  let readyFalse = false;
  let dt: Record<string, unknown> | undefined;
  for (const c of asArray(status['conditions'])) {
    const condition = asObject(c);
    const type = condition?.['type'];
    if (type === 'Ready') {
      if (condition?.['status'] === 'False') readyFalse = true;
      if (ready !== undefined) continue;
      ready = condition?.['status'] === 'True';
      if (ready) readySince = asString(condition?.['lastTransitionTime']);
    } else if (type === 'DisruptionTarget' && dt === undefined) dt = condition;
  }
  let restartCount = 0;
  let waitingReason: string | undefined;
  for (const cs of asArray(status['containerStatuses'])) {
    const s = asObject(cs) ?? {};
    restartCount += asNumber(s['restartCount']) ?? 0;
    const waiting = asObject(asObject(s['state'])?.['waiting']);
    waitingReason ??= asString(waiting?.['reason']);
  }
  const controller = controllerOf(meta.ownerReferences);
  const nodeName = asString(spec['nodeName']);
  const startupSeconds = secondsBetween(asString(status['startTime']), readySince);
  const emptyDir = hasEmptyDir(spec);
  const scheduling = readPodScheduling(spec);
  const creationTimestamp = meta.creationTimestamp;
  const startTime = textOrUndefined(asString(status['startTime']));
  const nominatedNodeName = textOrUndefined(asString(status['nominatedNodeName']));
  const restartPolicy = restartPolicyOf(spec['restartPolicy']);
  const grace = asNumber(spec['terminationGracePeriodSeconds']);
  const terminationGracePeriodSeconds = grace === DEFAULT_GRACE_SECONDS ? undefined : grace;
  const localStorage = localStorageVolumes(spec);
  const owners = otherOwnersOf(meta.ownerReferences);
  if (
    creationTimestamp &&
    nodeName &&
    controller &&
    startupSeconds !== undefined &&
    scheduling &&
    !meta.deletionTimestamp &&
    !waitingReason &&
    !emptyDir &&
    !dt &&
    startTime &&
    !nominatedNodeName &&
    !restartPolicy &&
    terminationGracePeriodSeconds === undefined &&
    !localStorage &&
    !readyFalse &&
    !owners
  ) {
    // A running pod of a controller (96% of them), made as one literal so that every field is in
    // the object itself: added one by one, the last five went to a property array of their own
    // (61 bytes a pod, 9 MB at 150,000 pods). Same fields, in the same order, as below.
    const running: PodView = {
      kind: 'Pod',
      namespace: meta.namespace,
      name: meta.name,
      uid: meta.uid,
      resourceVersion: meta.resourceVersion,
      labels: meta.labels,
      annotations: meta.annotations,
      phase,
      ready: ready ?? false,
      restartCount,
      consistent: true,
      creationTimestamp,
      nodeName,
      controller,
      startupSeconds,
      scheduling,
      startTime,
    };
    return { ok: true, value: running };
  }
  // Every other pod, with every field (absent ones undefined) in one literal: all of them share
  // one shape, so code reading every pod of a node (drainable now, forecasts) sees two shapes, not
  // one per combination of rare fields (more than four make its every read a slow lookup). Their
  // order is the one JSON has always shown them in; undefined fields are not written.
  const pod: PodView = {
    kind: 'Pod',
    namespace: meta.namespace,
    name: meta.name,
    uid: meta.uid,
    resourceVersion: meta.resourceVersion,
    labels: meta.labels,
    annotations: meta.annotations,
    phase,
    ready: ready ?? false,
    restartCount,
    consistent: true,
    deletionTimestamp: textOrUndefined(meta.deletionTimestamp),
    creationTimestamp: textOrUndefined(creationTimestamp),
    nodeName: textOrUndefined(nodeName),
    controller,
    waitingReason: textOrUndefined(waitingReason),
    startupSeconds,
    emptyDir: emptyDir ? true : undefined,
    scheduling,
    disruptionTarget: dt ? disruptionTargetOf(dt) : undefined,
    startTime,
    nominatedNodeName,
    restartPolicy,
    terminationGracePeriodSeconds,
    localStorageVolumes: localStorage,
    readyFalse: readyFalse ? true : undefined,
    owners,
  };
  return { ok: true, value: pod };
}

const DEFAULT_GRACE_SECONDS = 30;

function restartPolicyOf(value: unknown): PodView['restartPolicy'] {
  return value === 'OnFailure' || value === 'Never' ? value : undefined;
}

/** An empty text is as good as absent (as the truthiness checks above read it). */
const textOrUndefined = (text: string | undefined): string | undefined =>
  text === '' ? undefined : text;

function disruptionTargetOf(dt: Record<string, unknown>): NonNullable<PodView['disruptionTarget']> {
  const reason = asString(dt['reason']);
  const ltt = asString(dt['lastTransitionTime']);
  return {
    status: asString(dt['status']) ?? 'Unknown',
    ...(reason ? { reason } : {}),
    ...(ltt ? { lastTransitionTime: ltt } : {}),
  };
}

const keptPodAnnotation = (key: string): boolean => KEPT_POD_ANNOTATION.test(key);

/** Whole seconds from one RFC 3339 time to a later one; undefined when either is missing or bad. */
function secondsBetween(from: string | undefined, to: string | undefined): number | undefined {
  if (from === undefined || to === undefined) return undefined;
  const seconds = (Date.parse(to) - Date.parse(from)) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds) : undefined;
}

function timeMap(value: unknown): Record<string, string> {
  return asStringMap(value);
}

/** The metadata a PDB and a PUB view both keep. */
type BudgetIdentity = Pick<
  PdbView,
  'namespace' | 'name' | 'uid' | 'generation' | 'resourceVersion' | 'creationTimestamp' | 'labels'
>;

function budgetIdentity(meta: ObjectMeta): BudgetIdentity {
  return {
    namespace: meta.namespace,
    name: meta.name,
    uid: meta.uid,
    generation: meta.generation,
    resourceVersion: meta.resourceVersion,
    ...(meta.creationTimestamp ? { creationTimestamp: meta.creationTimestamp } : {}),
    labels: meta.labels,
  };
}

export function pdbFromObject(raw: unknown): Result<PdbView> {
  const obj = asObject(raw);
  const meta = obj && readMeta(obj);
  if (!obj || !meta) return fail('PodDisruptionBudget without metadata.name');
  const apiVersion: PdbApiVersion =
    obj['apiVersion'] === 'policy/v1beta1' ? 'policy/v1beta1' : 'policy/v1';
  const spec = asObject(obj['spec']) ?? {};
  const status = asObject(obj['status']) ?? {};
  const written = readSelector(spec['selector']);
  const selector = apiVersion === 'policy/v1beta1' ? fromV1beta1Selector(written) : written;
  const minAvailable = asIntOrString(spec['minAvailable']);
  const maxUnavailable = asIntOrString(spec['maxUnavailable']);
  const policy = asString(spec['unhealthyPodEvictionPolicy']);
  const controller = controllerOf(meta.ownerReferences);
  return {
    ok: true,
    value: pdbView({
      apiVersion,
      ...budgetIdentity(meta),
      ...(controller ? { controller } : {}),
      spec: {
        selector,
        ...(minAvailable !== undefined ? { minAvailable } : {}),
        ...(maxUnavailable !== undefined ? { maxUnavailable } : {}),
        ...(policy !== undefined ? { unhealthyPodEvictionPolicy: policy } : {}),
      },
      status: {
        observedGeneration: asNumber(status['observedGeneration']) ?? 0,
        disruptedPods: timeMap(status['disruptedPods']),
        disruptionsAllowed: asNumber(status['disruptionsAllowed']) ?? 0,
        currentHealthy: asNumber(status['currentHealthy']) ?? 0,
        desiredHealthy: asNumber(status['desiredHealthy']) ?? 0,
        expectedPods: asNumber(status['expectedPods']) ?? 0,
        conditions: readConditions(status['conditions']),
      },
    }),
  };
}

export const PUB_PROTECT_OPERATIONS_ANNOTATION = 'kruise.io/pub-protect-operations';
export const PUB_PROTECT_TOTAL_REPLICAS_ANNOTATION = 'pub.kruise.io/protect-total-replicas';

export function pubFromObject(raw: unknown): Result<PubView> {
  const obj = asObject(raw);
  const meta = obj && readMeta(obj);
  if (!obj || !meta) return fail('PodUnavailableBudget without metadata.name');
  const apiVersion: PubApiVersion =
    obj['apiVersion'] === 'policy.kruise.io/v1beta1'
      ? 'policy.kruise.io/v1beta1'
      : 'policy.kruise.io/v1alpha1';
  const spec = asObject(obj['spec']) ?? {};
  const status = asObject(obj['status']) ?? {};
  const target = asObject(spec['targetRef']) ?? asObject(spec['targetReference']);
  const minAvailable = asIntOrString(spec['minAvailable']);
  const maxUnavailable = asIntOrString(spec['maxUnavailable']);
  const ignored = asObject(spec['ignoredPodSelector']);
  const view: PubView = pubView({
    apiVersion,
    ...budgetIdentity(meta),
    annotations: meta.annotations,
    spec: {
      ...(spec['selector'] !== undefined ? { selector: readSelector(spec['selector']) } : {}),
      ...(target
        ? {
            targetRef: {
              apiVersion: asString(target['apiVersion']) ?? '',
              kind: asString(target['kind']) ?? '',
              name: asString(target['name']) ?? '',
            },
          }
        : {}),
      ...(minAvailable !== undefined ? { minAvailable } : {}),
      ...(maxUnavailable !== undefined ? { maxUnavailable } : {}),
      ...(ignored ? { ignoredPodSelector: readSelector(ignored) ?? {} } : {}),
    },
    status: {
      observedGeneration: asNumber(status['observedGeneration']) ?? 0,
      disruptedPods: timeMap(status['disruptedPods']),
      unavailablePods: timeMap(status['unavailablePods']),
      unavailableAllowed: asNumber(status['unavailableAllowed']) ?? 0,
      currentAvailable: asNumber(status['currentAvailable']) ?? 0,
      desiredAvailable: asNumber(status['desiredAvailable']) ?? 0,
      totalReplicas: asNumber(status['totalReplicas']) ?? 0,
    },
  });
  // v1alpha1 carries these as annotations; v1beta1 as spec fields. Both land in the spec here.
  const ops = Array.isArray(spec['protectOperations'])
    ? spec['protectOperations'].map(String)
    : meta.annotations[PUB_PROTECT_OPERATIONS_ANNOTATION]?.split(',').map((s) => s.trim());
  if (ops) view.spec.protectOperations = ops;
  const total = asNumber(spec['protectTotalReplicas']);
  if (total !== undefined) view.spec.protectTotalReplicas = total;
  return { ok: true, value: view };
}

const WORKLOAD_REPLICAS_DEFAULT: Readonly<Record<string, number>> = {
  // The API server defaults spec.replicas to 1 for these kinds.
  Deployment: 1,
  ReplicaSet: 1,
  StatefulSet: 1,
  ReplicationController: 1,
};

export function workloadFromObject(raw: unknown): Result<WorkloadView> {
  const obj = asObject(raw);
  const meta = obj && readMeta(obj);
  const kind = obj && asCommonText(obj['kind']);
  if (!obj || !meta || !kind) return fail('workload without kind or metadata.name');
  const spec = asObject(obj['spec']) ?? {};
  const status = asObject(obj['status']) ?? {};
  const controller = controllerOf(meta.ownerReferences);
  const selector = readSelector(spec['selector']);
  const readyReplicas = asNumber(status['readyReplicas']);
  return {
    ok: true,
    value: {
      kind,
      apiVersion: asCommonText(obj['apiVersion']) ?? '',
      namespace: meta.namespace,
      name: meta.name,
      uid: meta.uid,
      resourceVersion: meta.resourceVersion,
      replicas: asNumber(spec['replicas']) ?? WORKLOAD_REPLICAS_DEFAULT[kind],
      ...(readyReplicas !== undefined ? { readyReplicas } : {}),
      ...(selector ? { selector } : {}),
      ...(controller ? { controller } : {}),
      ...(meta.deletionTimestamp ? { deletionTimestamp: meta.deletionTimestamp } : {}),
      labels: meta.labels,
    },
  };
}

function nodeTaintOf(raw: unknown): NodeTaint[] {
  const t = asObject(raw);
  const key = asString(t?.['key']);
  const effect = asString(t?.['effect']);
  if (key === undefined || effect === undefined) return [];
  const value = asString(t?.['value']);
  return [value !== undefined && value !== '' ? { key, value, effect } : { key, effect }];
}

function nodeConditionOf(raw: unknown): NodeCondition[] {
  const c = asObject(raw);
  const type = asString(c?.['type']);
  const status = asString(c?.['status']);
  if (type === undefined || status === undefined) return [];
  const out: NodeCondition = { type, status };
  const reason = asString(c?.['reason']);
  const message = asString(c?.['message']);
  const since = asString(c?.['lastTransitionTime']);
  if (reason !== undefined) out.reason = reason;
  if (message !== undefined) out.message = message;
  if (since !== undefined) out.lastTransitionTime = since;
  return [out];
}

/** Karpenter's node-level opt-out is the one node annotation a rule reads. */
const keptNodeAnnotation = (key: string): boolean => key === 'karpenter.sh/do-not-disrupt';

export function nodeFromObject(raw: unknown): Result<NodeView> {
  const obj = asObject(raw);
  const meta = obj && readMeta(obj, { keepAnnotation: keptNodeAnnotation });
  if (!obj || !meta) return fail('Node without metadata.name');
  const spec = asObject(obj['spec']) ?? {};
  const status = asObject(obj['status']) ?? {};
  const ready = hasReadyCondition(obj);
  return {
    ok: true,
    value: {
      kind: 'Node',
      name: meta.name,
      uid: meta.uid,
      resourceVersion: meta.resourceVersion,
      labels: meta.labels,
      unschedulable: spec['unschedulable'] === true,
      ready,
      taints: asArray(spec['taints']).flatMap(nodeTaintOf),
      conditions: asArray(status['conditions']).flatMap(nodeConditionOf),
      capacity: asStringMap(status['capacity']),
      allocatable: asStringMap(status['allocatable']),
      ...(meta.creationTimestamp ? { creationTimestamp: meta.creationTimestamp } : {}),
      ...(Object.keys(meta.annotations).length > 0 ? { annotations: meta.annotations } : {}),
    },
  };
}

export type { Json };
