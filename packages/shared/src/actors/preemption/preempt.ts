import type { PodView } from '../../model/pod.js';
import { unavailableMessage, type FilterStatus } from '../../scheduling/fit.js';
import { PreemptionContext } from './context.js';
import { dryRunPreemption, numCandidates, type DryRun } from './dry-run.js';
import { podEligibleToPreemptOthers, type Eligibility } from './eligibility.js';
import { selectCandidate } from './pick-node.js';
import {
  DEFAULT_PREEMPTION_ARGS,
  type Candidate,
  type PreemptionArgs,
  type PreemptionCluster,
} from './types.js';

export const NOT_HELPFUL = 'Preemption is not helpful for scheduling';

/** The status PostFilter returns, its message prefixed `preemption: ` as DefaultPreemption does. */
export interface PostFilterStatus {
  code: 'Success' | 'Unschedulable' | 'Error';
  message: string;
}

export interface PreemptionOutcome {
  /** The context the decision was made in: ranks and covering PDBs, for reading its result. */
  context: PreemptionContext;
  eligibility: Eligibility;
  /** Each node's filter status before anything is removed, by name. */
  filtered: ReadonlyMap<string, FilterStatus>;
  /** Nodes where the pod fits as things are: the scheduler binds it there and never preempts. */
  fits: readonly string[];
  /** Nodes whose only obstacle is room (`Unschedulable`): the ones preemption tries. */
  potential: readonly string[];
  /** The dry run, when the pod was eligible and some node could be helped. */
  dryRun?: DryRun;
  /** The node PostFilter nominates, with the victims it deletes there. */
  chosen?: Candidate;
  status: PostFilterStatus;
}

export interface PreemptOptions {
  args?: PreemptionArgs;
  /** Where the dry run starts among the potential nodes; upstream draws it at random, default 0. */
  offset?: number;
}

const prefixed = (code: PostFilterStatus['code'], message: string): PostFilterStatus => ({
  code,
  message: message === '' ? '' : `preemption: ${message}`,
});

/** `FitError.Error()`: every reason of the nodes tried counted, the others "not helpful". */
function fitErrorMessage(total: number, dryRun: DryRun): string {
  const reasons: { message: string }[] = [];
  for (const status of dryRun.statuses.values())
    for (const message of status.reasons) reasons.push({ message });
  for (let i = dryRun.statuses.size; i < total; i++) reasons.push({ message: NOT_HELPFUL });
  return unavailableMessage(total, reasons);
}

/** `utilerrors.NewAggregate(errs).Error()`. */
const aggregate = (messages: readonly string[]): string =>
  messages.length === 1 ? (messages[0] ?? '') : `[${messages.join(', ')}]`;

/**
 * kube-scheduler's DefaultPreemption PostFilter (`Evaluator.Preempt`) for a pod no node takes:
 * eligibility, the potential nodes (a resource shortage only), the dry run over them, and the node
 * chosen with its victims. Victims are deleted, not evicted: PDBs only rank the nodes, so a chosen
 * node may still violate one. Extenders and the deletion itself are not modelled.
 */
export function preempt(
  cluster: PreemptionCluster,
  preemptor: PodView,
  options: PreemptOptions = {},
): PreemptionOutcome {
  const context = new PreemptionContext(cluster, preemptor);
  const filtered = new Map<string, FilterStatus>();
  const fits: string[] = [];
  const potentialNodes = cluster.nodes.filter((node) => {
    const status = context.status(context.room(node));
    filtered.set(node.name, status);
    if (status.code === 'Success') fits.push(node.name);
    return status.code === 'Unschedulable';
  });
  const potential = potentialNodes.map((n) => n.name);
  const base = { context, filtered, fits, potential };
  const nominated = preemptor.nominatedNodeName;
  const eligibility = podEligibleToPreemptOthers({
    preemptor,
    // A node the filters did not answer for is UnschedulableAndUnresolvable to the framework.
    nominatedNodeStatus:
      nominated === undefined
        ? undefined
        : (filtered.get(nominated)?.code ?? 'UnschedulableAndUnresolvable'),
    podsOnNominatedNode: nominated === undefined ? [] : cluster.podsOnNode(nominated),
    classes: cluster.classes,
  });
  if (!eligibility.eligible)
    return { ...base, eligibility, status: prefixed('Unschedulable', eligibility.reason) };
  if (cluster.nodes.length === 0)
    return { ...base, eligibility, status: prefixed('Error', 'no nodes available') };
  const dryRun = dryRunPreemption(context, potentialNodes, {
    offset: potentialNodes.length === 0 ? 0 : (options.offset ?? 0) % potentialNodes.length,
    wanted: numCandidates(potentialNodes.length, options.args ?? DEFAULT_PREEMPTION_ARGS),
  });
  if (dryRun.candidates.length === 0) {
    const errors = [...dryRun.statuses.values()]
      .filter((s) => s.code === 'Error')
      .flatMap((s) => s.reasons);
    const status =
      errors.length > 0
        ? prefixed('Error', aggregate(errors))
        : prefixed('Unschedulable', fitErrorMessage(cluster.nodes.length, dryRun));
    return { ...base, eligibility, dryRun, status };
  }
  const chosen = selectCandidate(context, dryRun.candidates);
  return {
    ...base,
    eligibility,
    dryRun,
    ...(chosen ? { chosen } : {}),
    status: chosen
      ? prefixed('Success', '')
      : prefixed('Unschedulable', 'no candidate node for preemption'),
  };
}
