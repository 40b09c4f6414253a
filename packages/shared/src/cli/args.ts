import { KUBECTL_DRAIN_DEFAULTS, type DrainOptions } from '../eviction/drain-options.js';
import { parseNsName } from '../model/refs.js';
import { parseLabelSelectorQuery } from '../selectors/query.js';
import type { Result } from '../result/index.js';
import {
  isScaleDownCommand,
  parseScaleDownArgs,
  SCALE_DOWN_USAGE,
  type ScaleDownCommand,
} from './scale-down-args.js';

/** A parsed command line; `now` overrides the clock (RFC3339), for reproducible runs. */
export type CliCommand =
  | { command: 'help' }
  | { command: 'evaluate'; snapshot: string; json: boolean; now?: string }
  | { command: 'overlaps'; snapshot: string; json: boolean; now?: string }
  | {
      command: 'evict';
      snapshot: string;
      pods: { namespace: string; name: string }[];
      json: boolean;
      now?: string;
      statusSource: StatusSource;
    }
  | {
      command: 'drain';
      snapshot: string;
      node: string;
      json: boolean;
      now?: string;
      statusSource: StatusSource;
      /** kubectl drain's flags, kubectl's defaults when not given. */
      options: DrainOptions;
    }
  | {
      command: 'upgrade';
      snapshot: string;
      json: boolean;
      now?: string;
      /** The pool: `--selector KEY=VALUE[,…]`, or `--nodes a,b`. */
      selector?: string;
      nodes?: string[];
      maxUnavailable: number;
      maxSurge: number;
      options: Pick<DrainOptions, 'force' | 'ignoreDaemonSets' | 'deleteEmptyDirData'>;
    }
  | ScaleDownCommand;

/** Plans start from the status the controllers would compute now, or as the snapshot stored it. */
export type StatusSource = 'recomputed' | 'stored';

export const USAGE = `Usage: pdbscope <command> SNAPSHOT [arguments] [--json] [--now RFC3339] [--stored-status]

Commands:
  evaluate SNAPSHOT              every budget with its allowed disruptions, and the findings
  evict SNAPSHOT ns/pod...       evict pods in order; each accepted eviction uses up budget for the next
  drain SNAPSHOT NODE            plan \`kubectl drain NODE\` in rounds, as kubectl retries 429s
        [--force] [--ignore-daemonsets] [--delete-emptydir-data] [--pod-selector SELECTOR]
                                 kubectl drain's own flags, with its defaults (all off)
  overlaps SNAPSHOT              budgets that share pods, or could, and OpenKruise conflicts
  upgrade SNAPSHOT --selector KEY=VALUE | --nodes A,B
        [--max-unavailable N] [--max-surge N] [--force] [--ignore-daemonsets] [--delete-emptydir-data]
                                 forecast a rolling upgrade of the node pool: it completes, or where
                                 it stalls and why, with ranked fixes (a pre-flight gate: exit 3 = stalls)
${SCALE_DOWN_USAGE}

evict and drain start from the status the controllers would compute now; --stored-status uses the
status as the snapshot recorded it (what the API server decides on until the controller re-syncs).

SNAPSHOT is what \`kubectl get pods,pdb,deploy,rs,sts,rc,nodes -A -o yaml\` (or -o json) prints, plus
podunavailablebudgets.policy.kruise.io where the cluster serves them (see the README); "-" reads stdin.

Exit codes: 0 ok; 2 usage error or unreadable input; 3 an eviction would be refused, the drain
would not complete (refused by kubectl's checks, failed on an eviction it does not retry, or stuck),
the upgrade would stall, or the autoscaler would not remove the node.
`;

/** Parses argv (without `node` and the script). Flags may appear anywhere. */
export function parseArgs(argv: readonly string[]): Result<CliCommand> {
  if (isScaleDownCommand(argv)) return parseScaleDownArgs(argv);
  const positional: string[] = [];
  let json = false;
  let now: string | undefined;
  let statusSource: StatusSource = 'recomputed';
  const drain: DrainOptions = { ...KUBECTL_DRAIN_DEFAULTS };
  let drainFlags = false;
  let podSelector = false;
  const upgrade: { selector?: string; nodes?: string[]; maxUnavailable: number; maxSurge: number } =
    { maxUnavailable: 1, maxSurge: 0 };
  const upgradeFlags: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const flag = DRAIN_FLAGS[arg];
    const upgradeFlag = UPGRADE_FLAGS.find((f) => arg === f || arg.startsWith(`${f}=`));
    if (flag) {
      drain[flag] = true;
      drainFlags = true;
    } else if (upgradeFlag !== undefined) {
      const value = arg === upgradeFlag ? argv[++i] : arg.slice(upgradeFlag.length + 1);
      if (value === undefined || value === '')
        return { ok: false, error: `${upgradeFlag} needs a value` };
      upgradeFlags.push(upgradeFlag);
      if (upgradeFlag === '--selector') upgrade.selector = value;
      else if (upgradeFlag === '--nodes') upgrade.nodes = value.split(',').filter((n) => n !== '');
      else {
        const n = Number(value);
        if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n))
          return {
            ok: false,
            error: `${upgradeFlag} needs a whole number ≥ 0, got ${JSON.stringify(value)}`,
          };
        if (upgradeFlag === '--max-unavailable') {
          if (n < 1) return { ok: false, error: '--max-unavailable must be at least 1' };
          upgrade.maxUnavailable = n;
        } else upgrade.maxSurge = n;
      }
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
  const [command, snapshot, ...rest] = positional;
  const common = { json, ...(now !== undefined ? { now } : {}) };
  if (command === undefined || command === 'help') return { ok: true, value: { command: 'help' } };
  if (!['evaluate', 'overlaps', 'evict', 'drain', 'upgrade'].includes(command))
    return { ok: false, error: `unknown command ${JSON.stringify(command)}` };
  if (snapshot === undefined) return { ok: false, error: `${command} needs a SNAPSHOT file` };
  if (drainFlags && command !== 'drain' && (command !== 'upgrade' || podSelector))
    return {
      ok: false,
      error: `${podSelector ? '--pod-selector' : "kubectl drain's flags"} only go with drain, not ${command}`,
    };
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

const UPGRADE_FLAGS = ['--selector', '--nodes', '--max-unavailable', '--max-surge'] as const;

const DRAIN_FLAGS: Readonly<Record<string, 'force' | 'ignoreDaemonSets' | 'deleteEmptyDirData'>> = {
  '--force': 'force',
  '--ignore-daemonsets': 'ignoreDaemonSets',
  '--delete-emptydir-data': 'deleteEmptyDirData',
};
