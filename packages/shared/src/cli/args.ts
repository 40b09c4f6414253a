import { KUBECTL_DRAIN_DEFAULTS, type DrainOptions } from '../eviction/drain-options.js';
import { parseNsName } from '../model/refs.js';
import { parseLabelSelectorQuery } from '../selectors/query.js';
import type { Result } from '../result/index.js';
import { parseDuration } from '../duration/index.js';
import type { UndrainableNodeBehavior } from '../upgrade/profile.js';
import type { UpgradeProviderName } from '../upgrade/types.js';
import { namespaceError, setWhatIfFlag, WHAT_IF_FLAGS, type WhatIfArgs } from './what-if-args.js';
import { PREEMPT_FLAGS, preemptRequest, type PreemptCommand } from './preempt-args.js';
import {
  takeSourceArgs,
  withSnapshotPlace,
  type ClusterSource,
  type FailOn,
} from './source-args.js';
import {
  isScaleDownCommand,
  parseScaleDownArgs,
  SCALE_DOWN_USAGE,
  type ScaleDownCommand,
} from './scale-down-args.js';

/**
 * A parsed command line; `now` overrides the clock (RFC3339), for reproducible runs; `namespace`
 * (`-n`) is where objects without one go, as `kubectl apply -f` puts them (default `default`);
 * `cluster`: a live cluster instead of the SNAPSHOT (`snapshot` is then ''); `failOn`: evaluate's
 * and overlaps' pipeline gate.
 */
export type CliCommand =
  { command: 'help' } | (SnapshotCommand & { cluster?: ClusterSource; failOn?: FailOn });

/** A command as its own flags give it, before the cluster's source. */
type SnapshotCommand =
  | {
      command: 'what-if';
      snapshot: string;
      json: boolean;
      now?: string;
      namespace?: string;
      changes: WhatIfArgs;
      /** With `--upgrade-selector`: the pool's upgrade, forecast before and after. */
      upgrade?: Omit<UpgradeArgs, 'nodes'> & {
        options: Pick<DrainOptions, 'force' | 'ignoreDaemonSets' | 'deleteEmptyDirData'>;
      };
    }
  | { command: 'evaluate'; snapshot: string; json: boolean; now?: string; namespace?: string }
  | { command: 'overlaps'; snapshot: string; json: boolean; now?: string; namespace?: string }
  | {
      command: 'evict';
      snapshot: string;
      pods: { namespace: string; name: string }[];
      json: boolean;
      now?: string;
      namespace?: string;
      statusSource: StatusSource;
    }
  | {
      command: 'drain';
      snapshot: string;
      node: string;
      json: boolean;
      now?: string;
      namespace?: string;
      statusSource: StatusSource;
      /** kubectl drain's flags, kubectl's defaults when not given. */
      options: DrainOptions;
    }
  | {
      command: 'upgrade';
      snapshot: string;
      json: boolean;
      now?: string;
      namespace?: string;
      /** The pool: `--selector KEY=VALUE[,…]`, or `--nodes a,b`. */
      selector?: string;
      nodes?: string[];
      /** Not given: the provider's default (kubectl: 1 and 0). */
      maxUnavailable?: number;
      maxSurge?: number;
      options: Pick<DrainOptions, 'force' | 'ignoreDaemonSets' | 'deleteEmptyDirData'>;
      /** Who upgrades the pool (default kubectl), and its options. */
      provider: UpgradeProviderName;
      drainTimeoutSeconds?: number;
      forceUpdate?: boolean;
      undrainableNodeBehavior?: UndrainableNodeBehavior;
    }
  | PreemptCommand
  | ScaleDownCommand;

/** Plans start from the status the controllers would compute now, or as the snapshot stored it. */
export type StatusSource = 'recomputed' | 'stored';

export const USAGE = `Usage: pdbscope <command> SNAPSHOT [arguments] [--json] [--now RFC3339] [--stored-status]
       pdbscope <command> --kubeconfig FILE | --context NAME [arguments] ...   (a live cluster)

Commands:
  evaluate SNAPSHOT [--fail-on warning|error]
                                 every budget with its allowed disruptions, and the findings
  evict SNAPSHOT ns/pod...       evict pods in order; each accepted eviction uses up budget for the next
  drain SNAPSHOT NODE            plan \`kubectl drain NODE\` in rounds, as kubectl retries 429s
        [--force] [--ignore-daemonsets] [--delete-emptydir-data] [--pod-selector SELECTOR]
                                 kubectl drain's own flags, with its defaults (all off)
  overlaps SNAPSHOT [--fail-on warning|error]
                                 budgets that share pods, or could, and OpenKruise conflicts
  upgrade SNAPSHOT --selector KEY=VALUE | --nodes A,B
        [--max-unavailable N] [--max-surge N] [--force] [--ignore-daemonsets] [--delete-emptydir-data]
        [--provider kubectl|gke|eks|aks] [--drain-timeout DUR] [--force-update]
        [--undrainable-node-behavior Schedule|Cordon]
                                 forecast a rolling upgrade of the node pool: it completes, or where
                                 it stalls and why, with ranked fixes (a pre-flight gate: exit 3 = stalls)
                                 --provider: who upgrades it (default kubectl, which waits for ever);
                                 gke, eks, aks give each node's drain a timeout (--drain-timeout, e.g.
                                 45m) and then delete its pods (forces) or fail (fails); their
                                 defaults apply when --max-surge/--max-unavailable are not given.
                                 --force-update: EKS's update with force; --undrainable-node-behavior:
                                 AKS's (Cordon quarantines the node and goes on)
  preempt SNAPSHOT --priority N | --priority-class NAME
        [--cpu Q] [--memory Q] [--node-selector KEY=VALUE,...] [--preemption-policy Never]
                                 where kube-scheduler would make room for a pending pod: the node it
                                 nominates, the victims it deletes there and the budgets they violate,
                                 the other candidates ranked, and why the other nodes are none
${SCALE_DOWN_USAGE}
  what-if SNAPSHOT --apply FILE|DIR [--apply …] [--delete KIND/NS/NAME] [--scale KIND/NS/NAME=N]
        [--upgrade-selector KEY=VALUE [--provider P] …]
                                 the cluster with those changes (kubectl apply -f, delete, scale):
                                 every budget, pod, overlap, finding and node whose answer changes,
                                 and the pool's upgrade before and after (a pull request's gate:
                                 exit 3 = something gets worse)

evict, drain and preempt start from the status the controllers would compute now, the settled
cluster (--settled, the default); --stored-status uses the status as the snapshot recorded it (what
the API server decides on now, until the controller re-syncs: a budget never synced refuses every
eviction).

-n NS, --namespace NS: where objects without metadata.namespace go, as \`kubectl apply -f\` puts them
(default "default"); SNAPSHOT and --apply take a file or a directory (its .yaml, .yml and .json files,
recursively, in sorted order, as \`kubectl apply -f DIR -R\`).

SNAPSHOT is what \`kubectl get pods,pdb,deploy,rs,sts,rc,nodes,priorityclasses -A -o yaml\` (or -o json) prints, plus
podunavailablebudgets.policy.kruise.io where the cluster serves them (see docs/cli.md); "-" reads stdin.

--kubeconfig FILE, --context NAME: list the cluster (read-only) instead of reading a SNAPSHOT;
--context alone uses KUBECONFIG or ~/.kube/config, as kubectl does.

--fail-on warning|error (evaluate, overlaps): exit 3 when a finding of that severity or above exists
(overlaps: a shared pod whose eviction fails and an OpenKruise conflict are errors, budgets that
could share pods warnings).

Exit codes: 0 ok; 2 usage error or unreadable input (or a cluster that cannot be listed); 3 a finding
at --fail-on's severity, an eviction would be refused, the drain would not complete (refused by
kubectl's checks, failed on an eviction it does not retry, or stuck), the upgrade would stall,
fail, or complete only by deleting pods their budgets protect, preemption would violate a budget or
find no node, the autoscaler would not remove the node, or the what-if makes something worse (a node
undrainable, a budget blocking, a pod under two budgets, an upgrade that no longer completes).
`;

/** Parses argv (without `node` and the script). Flags may appear anywhere. */
export function parseArgs(argv: readonly string[]): Result<CliCommand> {
  const source = takeSourceArgs(argv);
  if (!source.ok) return source;
  const { cluster, failOn } = source.value;
  const live = cluster !== undefined;
  const parsed = isScaleDownCommand(source.value.argv)
    ? parseScaleDownArgs(source.value.argv, live)
    : parseCommandArgs(source.value.argv, live);
  if (!parsed.ok || parsed.value.command === 'help') return parsed;
  const { command } = parsed.value;
  if (failOn !== undefined && command !== 'evaluate' && command !== 'overlaps')
    return { ok: false, error: `--fail-on goes with evaluate and overlaps, not ${command}` };
  return {
    ok: true,
    value: {
      ...parsed.value,
      ...(cluster !== undefined ? { cluster } : {}),
      ...(failOn !== undefined ? { failOn } : {}),
    },
  };
}

function parseCommandArgs(argv: readonly string[], live: boolean): Result<CliCommand> {
  const positional: string[] = [];
  let json = false;
  let now: string | undefined;
  let statusSource: StatusSource = 'recomputed';
  const drain: DrainOptions = { ...KUBECTL_DRAIN_DEFAULTS };
  let drainFlags = false;
  let podSelector = false;
  const upgrade: UpgradeArgs = { provider: 'kubectl' };
  const upgradeFlags: string[] = [];
  const whatIf: WhatIfArgs = { apply: [], delete: [], scale: [] };
  const whatIfFlags: string[] = [];
  let namespace: string | undefined;
  let settled = false;
  const preemptFlags = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const flag = DRAIN_FLAGS[arg];
    const upgradeFlag = UPGRADE_FLAGS.find((f) => arg === f || arg.startsWith(`${f}=`));
    const whatIfFlag = WHAT_IF_FLAGS.find((f) => arg === f || arg.startsWith(`${f}=`));
    if (
      whatIfFlag !== undefined ||
      arg === '-n' ||
      arg === '--namespace' ||
      arg.startsWith('--namespace=')
    ) {
      const name = whatIfFlag ?? '--namespace';
      const inline = arg.indexOf('=');
      const value = arg.startsWith('--') && inline !== -1 ? arg.slice(inline + 1) : argv[++i];
      if (value === undefined || value === '') return { ok: false, error: `${name} needs a value` };
      if (whatIfFlag === undefined) {
        const bad = namespaceError(value);
        if (bad !== undefined) return { ok: false, error: bad };
        namespace = value;
      } else {
        setWhatIfFlag(whatIf, whatIfFlag, value);
        whatIfFlags.push(whatIfFlag);
      }
    } else if (arg === '--settled') settled = true;
    else if (flag) {
      drain[flag] = true;
      drainFlags = true;
    } else if (arg === '--force-update') {
      upgrade.forceUpdate = true;
      upgradeFlags.push(arg);
    } else if (upgradeFlag !== undefined) {
      const value = arg === upgradeFlag ? argv[++i] : arg.slice(upgradeFlag.length + 1);
      if (value === undefined || value === '')
        return { ok: false, error: `${upgradeFlag} needs a value` };
      upgradeFlags.push(upgradeFlag);
      const error = setUpgradeFlag(upgrade, upgradeFlag, value);
      if (error !== undefined) return { ok: false, error };
    } else if (PREEMPT_FLAGS.some((f) => arg === f || arg.startsWith(`${f}=`))) {
      const name = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
      const value = arg === name ? argv[++i] : arg.slice(name.length + 1);
      if (value === undefined) return { ok: false, error: `${name} needs a value` };
      preemptFlags.set(name, [...(preemptFlags.get(name) ?? []), value]);
    } else if (arg === '--pod-selector' || arg.startsWith('--pod-selector=')) {
      const selector = arg === '--pod-selector' ? argv[++i] : arg.slice('--pod-selector='.length);
      if (selector === undefined)
        return { ok: false, error: '--pod-selector needs a label selector' };
      const parsed = parseLabelSelectorQuery(selector);
      if (!parsed.ok)
        return { ok: false, error: `--pod-selector ${JSON.stringify(selector)}: ${parsed.error}` };
      drain.podSelector = selector;
      drainFlags = true;
      podSelector = true;
    } else if (arg === '--json') json = true;
    else if (arg === '--stored-status') statusSource = 'stored';
    else if (arg === '--help' || arg === '-h') return { ok: true, value: { command: 'help' } };
    else if (arg === '--now' || arg.startsWith('--now=')) {
      now = arg === '--now' ? argv[++i] : arg.slice('--now='.length);
      if (now === undefined || Number.isNaN(Date.parse(now)))
        return {
          ok: false,
          error: `--now needs an RFC3339 time, got ${JSON.stringify(now ?? '')}`,
        };
    } else if (arg.startsWith('--')) return { ok: false, error: `unknown option ${arg}` };
    else positional.push(arg);
  }
  const [command, snapshot, ...rest] = withSnapshotPlace(positional, live);
  const common = {
    json,
    ...(now !== undefined ? { now } : {}),
    ...(namespace !== undefined ? { namespace } : {}),
  };
  if (settled && statusSource === 'stored')
    return { ok: false, error: '--settled and --stored-status ask for two different statuses' };
  if (command === 'help') return { ok: true, value: { command: 'help' } };
  if (command === undefined) return { ok: false, error: 'no command given' };
  if (
    !['evaluate', 'overlaps', 'evict', 'drain', 'upgrade', 'preempt', 'what-if'].includes(command)
  )
    return { ok: false, error: `unknown command ${JSON.stringify(command)}` };
  if (snapshot === undefined) return { ok: false, error: `${command} needs a SNAPSHOT file` };
  if (whatIfFlags.length > 0 && command !== 'what-if')
    return { ok: false, error: `${whatIfFlags[0] ?? ''} only goes with what-if, not ${command}` };
  if (command === 'what-if')
    return whatIfCommand({
      snapshot,
      rest,
      common,
      whatIf,
      upgrade,
      upgradeFlags,
      drain,
      podSelector,
    });
  if (drainFlags && command !== 'drain' && (command !== 'upgrade' || podSelector))
    return {
      ok: false,
      error: `${podSelector ? '--pod-selector' : "kubectl drain's flags"} only go with drain, not ${command}`,
    };
  const preemptFlag = [...preemptFlags.keys()][0];
  if (preemptFlag !== undefined && command !== 'preempt')
    return { ok: false, error: `${preemptFlag} only goes with preempt, not ${command}` };
  if (command === 'preempt') {
    if (rest.length > 0)
      return {
        ok: false,
        error: `preempt takes one SNAPSHOT, got extra arguments: ${rest.join(' ')}`,
      };
    const pod = preemptRequest(preemptFlags);
    if (!pod.ok) return pod;
    return { ok: true, value: { command, snapshot, ...common, statusSource, pod: pod.value } };
  }
  if (upgradeFlags.length > 0 && command !== 'upgrade')
    return { ok: false, error: `${upgradeFlags[0] ?? ''} only goes with upgrade, not ${command}` };
  if (command === 'upgrade') {
    if (rest.length > 0)
      return {
        ok: false,
        error: `upgrade takes one SNAPSHOT, got extra arguments: ${rest.join(' ')}`,
      };
    if ((upgrade.selector === undefined) === (upgrade.nodes === undefined))
      return { ok: false, error: 'upgrade needs either --selector KEY=VALUE or --nodes A,B' };
    if (upgrade.provider === 'kubectl' && upgrade.maxUnavailable === 0)
      return { ok: false, error: '--max-unavailable must be at least 1' };
    const { podSelector: _p, ...options } = drain;
    return { ok: true, value: { command: 'upgrade', snapshot, ...common, ...upgrade, options } };
  }
  switch (command) {
    case 'evaluate':
    case 'overlaps':
      if (rest.length > 0)
        return {
          ok: false,
          error: `${command} takes one SNAPSHOT, got extra arguments: ${rest.join(' ')}`,
        };
      return { ok: true, value: { command, snapshot, ...common } };
    case 'evict': {
      if (rest.length === 0) return { ok: false, error: 'evict needs at least one pod as ns/name' };
      const pods: { namespace: string; name: string }[] = [];
      for (const text of rest) {
        const ref = parseNsName(text);
        if (!ref) return { ok: false, error: `not a pod as ns/name: ${JSON.stringify(text)}` };
        pods.push(ref);
      }
      return { ok: true, value: { command, snapshot, pods, ...common, statusSource } };
    }
    default: {
      const [node, ...extra] = rest;
      if (node === undefined || extra.length > 0)
        return { ok: false, error: 'drain needs exactly one NODE' };
      return {
        ok: true,
        value: { command: 'drain', snapshot, node, ...common, statusSource, options: drain },
      };
    }
  }
}

/** `what-if`'s command: the change set, and the pool's upgrade when `--upgrade-selector` names it. */
function whatIfCommand(input: {
  snapshot: string;
  rest: readonly string[];
  common: { json: boolean; now?: string; namespace?: string };
  whatIf: WhatIfArgs;
  upgrade: UpgradeArgs;
  upgradeFlags: readonly string[];
  drain: DrainOptions;
  podSelector: boolean;
}): Result<CliCommand> {
  const { snapshot, rest, common, whatIf, upgrade, upgradeFlags, drain } = input;
  if (rest.length > 0)
    return {
      ok: false,
      error: `what-if takes one SNAPSHOT, got extra arguments: ${rest.join(' ')}`,
    };
  if (whatIf.apply.length + whatIf.delete.length + whatIf.scale.length === 0)
    return { ok: false, error: 'what-if needs a change: --apply FILE|DIR, --delete or --scale' };
  const pool = upgradeFlags.find((f) => f === '--selector' || f === '--nodes');
  if (pool !== undefined)
    return { ok: false, error: `what-if names its pool with --upgrade-selector, not ${pool}` };
  if (input.podSelector) return { ok: false, error: '--pod-selector only goes with drain' };
  const { upgradeSelector, ...changes } = whatIf;
  if (upgradeSelector === undefined) {
    if (upgradeFlags.length > 0)
      return { ok: false, error: `${upgradeFlags[0] ?? ''} needs --upgrade-selector` };
    return { ok: true, value: { command: 'what-if', snapshot, ...common, changes } };
  }
  const { podSelector: _p, ...options } = drain;
  const { nodes: _n, ...request } = upgrade;
  return {
    ok: true,
    value: {
      command: 'what-if',
      snapshot,
      ...common,
      changes,
      upgrade: { ...request, selector: upgradeSelector, options },
    },
  };
}

const UPGRADE_FLAGS = [
  '--selector',
  '--nodes',
  '--max-unavailable',
  '--max-surge',
  '--provider',
  '--drain-timeout',
  '--undrainable-node-behavior',
] as const;

type UpgradeArgs = Omit<
  Extract<SnapshotCommand, { command: 'upgrade' }>,
  'command' | 'snapshot' | 'json' | 'now' | 'options'
>;

const PROVIDERS: readonly UpgradeProviderName[] = ['kubectl', 'gke', 'eks', 'aks'];
const BEHAVIOURS: readonly UndrainableNodeBehavior[] = ['Schedule', 'Cordon'];

/** One upgrade flag's value into `upgrade`; the error says what the flag needs. */
function setUpgradeFlag(
  upgrade: UpgradeArgs,
  flag: (typeof UPGRADE_FLAGS)[number],
  value: string,
): string | undefined {
  switch (flag) {
    case '--selector':
      upgrade.selector = value;
      return undefined;
    case '--nodes':
      upgrade.nodes = value.split(',').filter((n) => n !== '');
      return undefined;
    case '--provider': {
      const provider = PROVIDERS.find((p) => p === value);
      if (provider === undefined)
        return `--provider needs one of ${PROVIDERS.join(', ')}, got ${JSON.stringify(value)}`;
      upgrade.provider = provider;
      return undefined;
    }
    case '--drain-timeout': {
      const seconds = parseDuration(value);
      if (seconds === undefined)
        return `--drain-timeout needs a duration such as 45m or 1h, got ${JSON.stringify(value)}`;
      upgrade.drainTimeoutSeconds = seconds;
      return undefined;
    }
    case '--undrainable-node-behavior': {
      const behaviour = BEHAVIOURS.find((b) => b === value);
      if (behaviour === undefined)
        return `--undrainable-node-behavior needs Schedule or Cordon, got ${JSON.stringify(value)}`;
      upgrade.undrainableNodeBehavior = behaviour;
      return undefined;
    }
    default: {
      const n = Number(value);
      if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n))
        return `${flag} needs a whole number ≥ 0, got ${JSON.stringify(value)}`;
      if (flag === '--max-unavailable') upgrade.maxUnavailable = n;
      else upgrade.maxSurge = n;
      return undefined;
    }
  }
}

const DRAIN_FLAGS: Readonly<Record<string, 'force' | 'ignoreDaemonSets' | 'deleteEmptyDirData'>> = {
  '--force': 'force',
  '--ignore-daemonsets': 'ignoreDaemonSets',
  '--delete-emptydir-data': 'deleteEmptyDirData',
};
