// kind `karpenter-disruption`: Karpenter's pod predicates, PDB limits, candidate validation,
// NodePool budgets and eviction queue, run through the engine's functions (src/actors/karpenter).
import { pdbsForPod } from '../budgets/select.js';
import {
  canEvictPods,
  DISRUPTION_REASONS,
  earlierDeadline,
  isCurrentlyReschedulable,
  isDisruptable,
  isDoNotDisruptActive,
  newCandidate,
  poolBudget,
  reconcileEviction,
  type BudgetNode,
  type DisruptionClass,
  type DisruptionReason,
  type KarpenterClock,
  type KarpenterEvent,
  type StateNode,
} from '../actors/karpenter/index.js';
import { firstUnconvertiblePdb } from '../actors/pdb-selectors.js';
import { asArray, asObject, asString, asStringMap, type Json } from '../model/convert-helpers.js';
import type { PdbView } from '../model/budget.js';
import type { NodePoolBudget, NodePoolView } from '../model/karpenter.js';
import type { PodView } from '../model/pod.js';
import { scenarioClock, scenarioPdb, scenarioPod } from './actor-objects.js';
import { inNamespace, ScenarioError } from './inputs.js';
import type { Scenario } from './scenario.js';

interface KarpenterScenario extends Scenario {
  node?: unknown;
  nodes?: readonly unknown[];
  budgets?: readonly unknown[];
  reason?: string;
  disruptionClass?: string;
  queueAdds?: readonly (number | null)[];
  disruptionReason?: string;
}

/** A clock that records every event; `messages` lists them as the scenarios assert them. */
function recordingClock(nowNs: bigint): KarpenterClock & { events: KarpenterEvent[] } {
  const events: KarpenterEvent[] = [];
  return { nowNs, events, record: (e) => events.push(e) };
}

const messages = (events: readonly KarpenterEvent[]): string[] => events.map((e) => e.message);

function onlyPod(pods: readonly PodView[]): PodView {
  const pod = pods[0];
  if (pod === undefined) throw new ScenarioError('the operation needs a pod');
  return pod;
}

/** `NewLimits` lists every PDB; one whose selector does not convert fails it. */
function limitsPdbs(pdbs: readonly PdbView[]): readonly PdbView[] {
  const bad = firstUnconvertiblePdb(pdbs);
  if (bad !== undefined) throw new ScenarioError(`NewLimits fails: ${bad.error}`);
  return pdbs;
}

const NODEPOOL = 'karpenter.sh/nodepool';

/**
 * The scenario's node as Karpenter's state holds it: a managed, initialized, registered node of an
 * existing NodePool unless the scenario says otherwise.
 */
function stateNode(raw: unknown): { state: StateNode; poolExists: boolean } {
  const n: Json = asObject(raw) ?? {};
  const claim: Json = asObject(n['nodeClaim']) ?? {};
  const pool = asString(n['nodePool']) ?? 'default';
  const labels: Record<string, string> = {
    [NODEPOOL]: pool,
    'karpenter.sh/registered': 'true',
    ...(n['initialized'] === false ? {} : { 'karpenter.sh/initialized': 'true' }),
    ...asStringMap(n['labels']),
  };
  if (n['nodePoolLabel'] === false) delete labels[NODEPOOL];
  const grace = asString(claim['terminationGracePeriod']);
  const state: StateNode = {
    ...(n['managed'] === false
      ? {}
      : {
          nodeClaim: {
            labels: { [NODEPOOL]: pool, ...asStringMap(claim['labels']) },
            annotations: asStringMap(claim['annotations']),
            ...(grace !== undefined ? { terminationGracePeriod: grace } : {}),
            conditions: [],
          },
        }),
    node: { labels, annotations: asStringMap(n['annotations']), ready: n['ready'] !== false },
    markedForDeletion: n['markedForDeletion'] === true,
    nominated: n['nominated'] === true,
  };
  return { state, poolExists: n['nodePoolExists'] !== false };
}

function candidateActual(
  s: KarpenterScenario,
  pods: readonly PodView[],
  pdbs: readonly PdbView[],
  nowNs: bigint,
) {
  const { state, poolExists } = stateNode(s.node);
  const disruptionClass: DisruptionClass =
    s.disruptionClass === 'eventual' ? 'eventual' : 'graceful';
  const v = newCandidate({
    state,
    pods: pods.map((pod) => ({ pod, pdbs: pdbsForPod(pod, pdbs) })),
    nodePoolExists: () => poolExists,
    disruptionClass,
    nowNs,
  });
  return {
    disruptable: v.disruptable,
    ...(v.message !== undefined ? { message: v.message } : {}),
    ...(v.event !== undefined ? { event: v.event } : {}),
    events: messages(v.events),
  };
}

function terminationActual(
  s: KarpenterScenario,
  pods: readonly PodView[],
  pdbs: readonly PdbView[],
  nowNs: bigint,
) {
  const pod = onlyPod(pods);
  let deadlineNs: bigint | undefined;
  for (const add of s.queueAdds ?? [])
    deadlineNs = earlierDeadline(
      deadlineNs,
      add === null ? undefined : nowNs + BigInt(Math.round(add * 1e9)),
    );
  const r = reconcileEviction({
    pod,
    pdbs: inNamespace(pdbs, pod.namespace),
    ...(deadlineNs !== undefined ? { deadlineNs } : {}),
    nowNs,
    ...(s.disruptionReason !== undefined ? { disruptionReason: s.disruptionReason } : {}),
  });
  const first = r.events[0];
  return {
    result: r.result,
    requeue: r.requeue,
    ...(r.evictionResponseCode !== undefined
      ? { evictionResponseCode: r.evictionResponseCode }
      : {}),
    ...(r.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: r.gracePeriodSeconds } : {}),
    ...(first ? { eventReason: first.reason, event: first.message } : {}),
    events: r.events.map((e) => e.reason),
  };
}

function budgetOf(raw: unknown): NodePoolBudget {
  const b: Json = asObject(raw) ?? {};
  const reasons = b['reasons'];
  const schedule = asString(b['schedule']);
  const duration = asString(b['duration']);
  return {
    nodes: String(b['nodes'] ?? '10%'),
    ...(Array.isArray(reasons) ? { reasons: reasons.map(String) } : {}),
    ...(schedule !== undefined ? { schedule } : {}),
    ...(duration !== undefined ? { duration } : {}),
  };
}

function budgetActual(s: KarpenterScenario, nowNs: bigint) {
  const pool: NodePoolView = {
    kind: 'NodePool',
    name: 'default',
    uid: '',
    resourceVersion: '',
    consolidationPolicy: 'WhenEmptyOrUnderutilized',
    budgets: (s.budgets ?? []).map(budgetOf),
    templateLabels: {},
  };
  const nodes: BudgetNode[] = asArray(s.nodes).map((raw) => {
    const n: Json = asObject(raw) ?? {};
    return {
      managed: n['managed'] !== false,
      initialized: n['initialized'] !== false,
      instanceTerminating: n['instanceTerminating'] === true,
      ready: n['ready'] !== false,
      markedForDeletion: n['markedForDeletion'] === true,
    };
  });
  const reasons: readonly DisruptionReason[] =
    s.reason !== undefined ? [s.reason as DisruptionReason] : DISRUPTION_REASONS;
  const byReason = reasons.map((reason) => poolBudget(pool, nodes, reason, nowNs).allowed);
  // One figure when every reason agrees (a budget without reasons), else one per reason.
  const allowedDisruptions = byReason.every((v) => v === byReason[0])
    ? byReason[0]
    : Object.fromEntries(reasons.map((r, i) => [r, byReason[i]]));
  return { allowedDisruptions };
}

/** kind `karpenter-disruption`, by `operation`. */
export function karpenterDisruptionActual(
  s: KarpenterScenario,
  defaultNow: string,
): Record<string, unknown> {
  const { ns: nowNs } = scenarioClock(s.now, defaultNow);
  if (s.operation === 'nodePoolBudget') return budgetActual(s, nowNs);
  const pods = (s.pods ?? []).map(scenarioPod);
  const pdbs = limitsPdbs((s.pdbs ?? []).map((raw) => scenarioPdb(raw, s.now ?? defaultNow)));
  const clock = recordingClock(nowNs);
  switch (s.operation) {
    case 'isDoNotDisruptActive': {
      const active = isDoNotDisruptActive(onlyPod(pods), clock);
      return { doNotDisruptActive: active, events: messages(clock.events) };
    }
    case 'isDisruptable': {
      const disruptable = isDisruptable(onlyPod(pods), clock);
      return { disruptable, events: messages(clock.events) };
    }
    case 'canEvictPods': {
      const r = canEvictPods(
        pods.map((pod) => ({ pod, pdbs: pdbsForPod(pod, pdbs) })),
        clock,
      );
      return {
        canEvict: r.canEvict,
        disruptable: r.canEvict,
        blockingPdbs: r.blockingPdbs,
        events: messages(clock.events),
      };
    }
    case 'isCurrentlyReschedulable': {
      const pod = onlyPod(pods);
      const ok = isCurrentlyReschedulable({ pod, pdbs: pdbsForPod(pod, pdbs) }, clock);
      return { currentlyReschedulable: ok, events: messages(clock.events) };
    }
    case 'newCandidate':
      return candidateActual(s, pods, pdbs, nowNs);
    case 'terminationEviction':
      return terminationActual(s, pods, pdbs, nowNs);
    default:
      throw new ScenarioError(`unknown operation ${JSON.stringify(s.operation)}`);
  }
}
