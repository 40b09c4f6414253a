import {
  nodesUnseen,
  type NodeClaimView,
  type NodePoolView,
  type NodeUnseen,
  type PriorityClassView,
} from '@pdbscope/shared';
import {
  nodePreemptionExposure,
  preemptionClusterFromIndex,
} from '@pdbscope/shared/actors/preemption';
import type { NodeDeleteOptions } from '@pdbscope/shared/actors/cluster-autoscaler';
import { NODEPOOL_LABEL } from '@pdbscope/shared/actors/karpenter';
import {
  caScaleDownReport,
  karpenterScaleDownReport,
  type ActorCluster,
  type ScaleDownReport,
} from '@pdbscope/shared/actors/reports';
import { DRAIN_FLAG_NAMES, DRAINABLE_NOW_OPTIONS, drainableNow } from '@pdbscope/shared/eviction';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { NodeActorAnswer } from '@pdbscope/shared/api';

/** What the actors read besides the index. */
export interface ActorInputs {
  priorityClasses: readonly PriorityClassView[];
  nodePools: readonly NodePoolView[];
  nodeClaims: readonly NodeClaimView[];
  /** Cluster Autoscaler's flags as the BFF was told it runs (its defaults otherwise). */
  caOptions: NodeDeleteOptions;
}

const DRAIN_FLAGS = (Object.keys(DRAIN_FLAG_NAMES) as (keyof typeof DRAIN_FLAG_NAMES)[])
  .filter((flag) => DRAINABLE_NOW_OPTIONS[flag])
  .map((flag) => DRAIN_FLAG_NAMES[flag])
  .join(' ');

/** The engine's reasons end in kubectl's own sentence, full stop included. */
const sentenceOf = (text: string): string => (text.endsWith('.') ? text : `${text}.`);

function drainAnswer(index: ClusterIndex, node: string): NodeActorAnswer {
  const d = drainableNow({ index, node, now: index.now });
  const first = d.pods[0];
  if (d.state === 'unknown')
    return {
      actor: 'kubectl-drain',
      removes: null,
      verdict: `Not known whether kubectl drain ${node} finishes: ${sentenceOf(d.reason)}`,
      settings: DRAIN_FLAGS,
      blocking: null,
      priorityClasses: [],
      violatedBudgets: [],
    };
  return {
    actor: 'kubectl-drain',
    removes: d.state === 'drainable',
    verdict:
      d.state === 'drainable'
        ? `kubectl drain ${node} evicts every pod it selects now.`
        : d.state === 'refused'
          ? `kubectl drain ${node} refuses the node: ${sentenceOf(d.reason)}`
          : `kubectl drain ${node} is stuck: ${sentenceOf(d.reason)}`,
    settings: DRAIN_FLAGS,
    blocking:
      d.state === 'drainable'
        ? null
        : {
            pod: first ? `${first.namespace}/${first.name}` : null,
            rule: d.state === 'refused' ? 'kubectl drain filters' : 'eviction refused',
            message: d.reason,
          },
    priorityClasses: [],
    violatedBudgets: [],
  };
}

function autoscalerAnswer(
  actor: 'cluster-autoscaler' | 'karpenter',
  report: ScaleDownReport,
): NodeActorAnswer {
  return {
    actor,
    removes: report.removable,
    verdict: report.verdict,
    settings: report.settings,
    blocking: report.blocking
      ? {
          pod: report.blocking.pod ?? null,
          rule: report.blocking.reason,
          message: report.blocking.message,
        }
      : null,
    priorityClasses: [],
    violatedBudgets: [],
  };
}

/**
 * The `system-` prefix is reserved for the classes of cluster components (the API server refuses
 * any other class named so): a workload's pod is of the cluster's own classes.
 */
const isWorkloadClass = (c: PriorityClassView): boolean => !c.name.startsWith('system-');

function preemptionAnswer(
  index: ClusterIndex,
  node: string,
  classes: readonly PriorityClassView[],
): NodeActorAnswer {
  const e = nodePreemptionExposure(
    preemptionClusterFromIndex(index, { classes, statusSource: 'recomputed' }),
    node,
    classes.filter(isWorkloadClass),
  );
  const top = e.classes[0];
  const budgets = [...new Set(e.violations.map((v) => `${v.pdb.namespace}/${v.pdb.name}`))].sort();
  const firstViolation = e.violations[0];
  return {
    actor: 'preemption',
    removes: top !== undefined,
    verdict:
      top === undefined
        ? `No PriorityClass of the cluster's workloads that preempts is above the pods on ${node}: preemption deletes none of them.`
        : `A pending pod of PriorityClass ${top.name} (${top.value}) that fits nowhere may delete ${e.victims.length} pod(s) here (a delete, not an eviction: budgets do not stop it)${budgets.length > 0 ? `, violating ${budgets.join(', ')}` : ''}.`,
    settings: 'kube-scheduler DefaultPreemption',
    blocking: firstViolation
      ? {
          pod: `${firstViolation.pod.namespace}/${firstViolation.pod.name}`,
          rule: 'PDB violation',
          message: `the scheduler prefers nodes with fewer PDB violations, but does not refuse: deleting it takes PodDisruptionBudget ${firstViolation.pdb.namespace}/${firstViolation.pdb.name} below zero`,
        }
      : null,
    priorityClasses: e.classes,
    violatedBudgets: budgets,
  };
}

/**
 * An answer worked out on the visible pods, told what it cannot see: a pod that stops the actor
 * and is certain (its namespace's budgets seen) still stops it; "removes" and "stopped by a pod
 * whose budgets are not seen" are not known. Preemption's reach stands (it deletes regardless of
 * budgets), but its list of victims and violated budgets may be short.
 */
function asFarAsVisible(answer: NodeActorAnswer, unseen: NodeUnseen): NodeActorAnswer {
  if (unseen.texts.length === 0) return answer;
  const notVisible = unseen.texts;
  const blocker = answer.blocking?.pod?.split('/');
  const certainBlock =
    answer.removes === false &&
    (blocker === undefined ||
      blocker.length !== 2 ||
      !unseen.uncertain({ namespace: blocker[0] ?? '', name: blocker[1] ?? '' }));
  if (answer.actor === 'preemption' || certainBlock) return { ...answer, notVisible };
  if (answer.removes === null) return { ...answer, notVisible };
  return {
    ...answer,
    removes: null,
    verdict: `Not known: ${answer.verdict.replace(/\.$/, '')} as far as the visible pods go, but ${notVisible.join('; ')}.`,
    notVisible,
  };
}

/** Karpenter manages a node its NodePool labels, or one a NodeClaim registered as. */
export const managedByKarpenter = (cluster: ActorCluster, node: string): boolean =>
  cluster.index.node(node)?.labels[NODEPOOL_LABEL] !== undefined ||
  (cluster.nodeClaims ?? []).some((c) => c.nodeName === node);

/**
 * What each actor that removes pods would do with the node now, from the engine's own verdicts:
 * kubectl drain (the node list's flags), Cluster Autoscaler's drainability check, Karpenter's
 * candidate validation and NodePool budget (graceful: consolidation) on the nodes it manages, and
 * preemption's reach.
 */
export function nodeActors(
  index: ClusterIndex,
  node: string,
  inputs: ActorInputs,
): NodeActorAnswer[] {
  const cluster: ActorCluster = {
    index,
    now: index.now,
    nodePools: inputs.nodePools,
    nodeClaims: inputs.nodeClaims,
  };
  const unseen = nodesUnseen(index, [node]);
  return [
    drainAnswer(index, node),
    autoscalerAnswer(
      'cluster-autoscaler',
      caScaleDownReport(cluster, node, inputs.caOptions, 'recomputed'),
    ),
    ...(managedByKarpenter(cluster, node)
      ? [
          autoscalerAnswer(
            'karpenter',
            karpenterScaleDownReport(cluster, node, 'graceful', 'recomputed'),
          ),
        ]
      : []),
    preemptionAnswer(index, node, inputs.priorityClasses),
  ].map((answer) => asFarAsVisible(answer, unseen));
}
