// The `preemption` scenarios of the actors' file: objects written in the scheduler tests' short form
// (docs/actors.md; the file's `conventions`) are turned into Kubernetes JSON, read by the model's own
// converters, and run through the engine functions the `preempt` command uses.
import {
  dryRunPreemption,
  filterPodsWithPdbViolation,
  numCandidates,
  PdbBudgets,
  podEligibleToPreemptOthers,
  preempt,
  PreemptionContext,
  priorityClasses,
  selectCandidate,
  DEFAULT_PREEMPTION_ARGS,
  type Candidate,
  type PreemptionArgs,
  type PreemptionCluster,
} from '../actors/preemption/index.js';
import type { PdbView } from '../model/budget.js';
import { nodeFromObject } from '../model/convert.js';
import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import type { FilterCode } from '../scheduling/fit.js';
import type { Result } from '../result/index.js';
import { defined, scenarioPdb, scenarioPod } from './actor-objects.js';
import { ScenarioError } from './inputs.js';
import type { Scenario } from './scenario.js';

type Short = Record<string, unknown>;

const record = (v: unknown): Short =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Short) : {};
const list = (v: unknown): Short[] => (Array.isArray(v) ? v.map(record) : []);

function converted<T>(r: Result<T>): T {
  if (!r.ok) throw new ScenarioError(r.error);
  return r.value;
}

/** A short-form node, Ready (the tests' nodes have no conditions, and the scheduler reads taints). */
function nodeOf(n: Short): NodeView {
  return converted(
    nodeFromObject({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: defined({ name: n['name'], labels: n['labels'] }),
      spec: defined({ taints: n['taints'], unschedulable: n['unschedulable'] }),
      status: {
        allocatable: n['allocatable'] ?? {},
        conditions: [{ type: 'Ready', status: 'True' }],
      },
    }),
  );
}

// The scheduler reads only whether a pod is in `disruptedPods`, never since when.
const pdbOf = (b: Short): PdbView => scenarioPdb(b, '1970-01-01T00:00:00Z');

/** `namespace/name`, or the name alone when the namespace is empty (the conventions' podId). */
const podId = (p: { namespace: string; name: string }): string =>
  p.namespace === '' ? p.name : `${p.namespace}/${p.name}`;

interface Inputs {
  cluster: PreemptionCluster;
  preemptor: PodView;
  pods: readonly PodView[];
  args: PreemptionArgs;
  dryRun: { offset?: number; numCandidates?: number };
}

/**
 * The scenario's filter plugins, applied by leaving out what a plugin not in effect would read:
 * the unit tests register NodeResourcesFit alone, the integration tests the default profile.
 */
function withFilters(s: Short): { nodes: Short[]; preemptor: Short; pods: Short[] } {
  const nodes = list(s['nodes']);
  const preemptor = record(s['preemptor']);
  const pods = list(s['pods']);
  if (!Array.isArray(s['filters'])) return { nodes, preemptor, pods };
  const on = new Set(s['filters'].map(String));
  const without = (o: Short, keys: readonly string[]): Short =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
  const nodeKeys = [
    ...(on.has('TaintToleration') ? [] : ['taints']),
    ...(on.has('NodeUnschedulable') ? [] : ['unschedulable']),
    ...(on.has('NodeResourcesFit') ? [] : ['allocatable']),
  ];
  const podKeys = [
    ...(on.has('NodeAffinity') ? [] : ['nodeSelector', 'affinity']),
    ...(on.has('TaintToleration') ? [] : ['tolerations']),
    ...(on.has('NodeResourcesFit') ? [] : ['requests']),
  ];
  return {
    nodes: nodes.map((n) => without(n, nodeKeys)),
    preemptor: without(preemptor, podKeys),
    pods: pods.map((p) => without(p, podKeys)),
  };
}

function inputsOf(s: Short): Inputs {
  const filtered = withFilters(s);
  const pods = filtered.pods.map(scenarioPod);
  const nodes = filtered.nodes.map(nodeOf);
  const pdbs = list(s['pdbs']).map(pdbOf);
  const options = record(s['options']);
  const dryRun = record(s['dryRun']);
  const int = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
  return {
    cluster: {
      nodes,
      podsOnNode: (node) => pods.filter((p) => p.nodeName === node),
      nominatedPods: (node) =>
        pods.filter((p) => p.nodeName === undefined && p.nominatedNodeName === node),
      pdbs,
      classes: priorityClasses(),
    },
    preemptor: scenarioPod(filtered.preemptor),
    pods,
    args: {
      minCandidateNodesPercentage:
        int(options['minCandidateNodesPercentage']) ??
        DEFAULT_PREEMPTION_ARGS.minCandidateNodesPercentage,
      minCandidateNodesAbsolute:
        int(options['minCandidateNodesAbsolute']) ??
        DEFAULT_PREEMPTION_ARGS.minCandidateNodesAbsolute,
    },
    dryRun: defined({ offset: int(dryRun['offset']), numCandidates: int(dryRun['numCandidates']) }),
  };
}

/** The candidates as the conventions write them: victims as a set (sorted), with the count. */
function candidatesOf(candidates: readonly Candidate[]): Record<string, unknown> {
  return Object.fromEntries(
    candidates.map((c) => [
      c.node,
      { victims: c.victims.map(podId).sort(), numPDBViolations: c.numPdbViolations },
    ]),
  );
}

function dryRunOf(inputs: Inputs): { context: PreemptionContext; candidates: Candidate[] } {
  const { cluster, preemptor, args, dryRun } = inputs;
  const context = new PreemptionContext(cluster, preemptor);
  const run = dryRunPreemption(context, cluster.nodes, {
    offset: dryRun.offset ?? 0,
    wanted: dryRun.numCandidates ?? numCandidates(cluster.nodes.length, args),
  });
  return { context, candidates: run.candidates };
}

function postFilterOf(inputs: Inputs): Record<string, unknown> {
  const outcome = preempt(inputs.cluster, inputs.preemptor, {
    args: inputs.args,
    ...(inputs.dryRun.offset !== undefined ? { offset: inputs.dryRun.offset } : {}),
  });
  const deleted = new Set(outcome.chosen?.victims ?? []);
  return {
    eligible: outcome.eligibility.eligible,
    chosenNode: outcome.chosen?.node ?? null,
    candidates: candidatesOf(outcome.dryRun?.candidates ?? []),
    notEvicted: inputs.pods
      .filter((p) => !deleted.has(p))
      .map(podId)
      .sort(),
    status: outcome.status.code,
    ...(outcome.status.message !== '' ? { message: outcome.status.message } : {}),
  };
}

const FILTER_CODES: readonly string[] = [
  'Success',
  'Unschedulable',
  'UnschedulableAndUnresolvable',
];

/** Evaluates one `preemption` scenario; `actual` mirrors the `expect` of its operation. */
export function preemptionActual(s: Scenario): Record<string, unknown> {
  const scenario = s as unknown as Short;
  switch (s.operation) {
    case 'postFilter':
      return postFilterOf(inputsOf(scenario));
    case 'dryRunPreemption':
      return { candidates: candidatesOf(dryRunOf(inputsOf(scenario)).candidates) };
    case 'selectBestCandidate': {
      const { context, candidates } = dryRunOf(inputsOf(scenario));
      return {
        chosenNode: selectCandidate(context, candidates)?.node ?? null,
        candidates: candidatesOf(candidates),
      };
    }
    case 'podEligibleToPreemptOthers': {
      const { cluster, preemptor } = inputsOf(scenario);
      const code = scenario['nominatedNodeStatus'];
      if (code !== undefined && code !== null && !FILTER_CODES.includes(String(code)))
        throw new ScenarioError(`unknown nominatedNodeStatus ${JSON.stringify(code)}`);
      const nominated = preemptor.nominatedNodeName;
      const eligibility = podEligibleToPreemptOthers({
        preemptor,
        nominatedNodeStatus: (code ?? undefined) as FilterCode | undefined,
        podsOnNominatedNode: nominated === undefined ? [] : cluster.podsOnNode(nominated),
        classes: cluster.classes,
      });
      return { eligible: eligibility.eligible };
    }
    case 'filterPodsWithPDBViolation': {
      const victims = list(scenario['victims']).map(scenarioPod);
      const split = filterPodsWithPdbViolation(
        victims,
        (p) => p,
        new PdbBudgets(list(scenario['pdbs']).map(pdbOf)),
      );
      return {
        pdbFilter: {
          violating: split.violating.map((v) => ({
            pod: podId(v.victim),
            violateCount: v.violateCount,
          })),
          nonViolating: split.nonViolating.map(podId),
        },
      };
    }
    default:
      return { error: `unknown preemption operation ${JSON.stringify(s.operation)}` };
  }
}
