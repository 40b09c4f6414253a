import type { NodeDeleteOptionsInput } from '../actors/cluster-autoscaler/options.js';
import type { DisruptionClass } from '../actors/karpenter/candidate.js';
import { parseGoDuration } from '../actors/go/duration.js';
import type { PlanStatusSource } from '../eviction/plan-types.js';
import type { Result } from '../result/index.js';
import { withSnapshotPlace } from './source-args.js';

import type { Autoscaler } from '../actors/reports/scale-down.js';

export type { Autoscaler };

/** `pdbscope scale-down SNAPSHOT NODE --autoscaler …`. */
export interface ScaleDownCommand {
  command: 'scale-down';
  snapshot: string;
  node: string;
  autoscaler: Autoscaler;
  /** The Cluster Autoscaler's flags as given (its defaults for the others). */
  caOptions: NodeDeleteOptionsInput;
  disruptionClass: DisruptionClass;
  /** The PDB status the autoscaler reads: as the disruption controller would write it now, or as stored. */
  statusSource: PlanStatusSource;
  json: boolean;
  now?: string;
  /** `-n`: where snapshot objects without a namespace go. */
  namespace?: string;
}

export const SCALE_DOWN_USAGE = `  scale-down SNAPSHOT NODE --autoscaler cluster-autoscaler|karpenter
        [--skip-nodes-with-system-pods=BOOL] [--skip-nodes-with-local-storage=BOOL]
        [--skip-nodes-with-custom-controller-pods=BOOL] [--min-replica-count N]
        [--blocking-system-pod-disruption-timeout DURATION]    (Cluster Autoscaler's flags and defaults)
        [--disruption-class graceful|eventual]                 (Karpenter: consolidation, or drift)
        [--stored-status]                                      (PDB status as recorded, not as recomputed)
                                 would that autoscaler remove the node now: each pod with the rule that
                                 decided it, and what blocks (exit 3 = blocked)`;

/** The command word, skipping options and the value `--now` takes: is it `scale-down`? */
export function isScaleDownCommand(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--now') i++;
    else if (!arg.startsWith('-')) return arg === 'scale-down';
  }
  return false;
}

const BOOL_FLAGS = {
  '--skip-nodes-with-system-pods': 'skipNodesWithSystemPods',
  '--skip-nodes-with-local-storage': 'skipNodesWithLocalStorage',
  '--skip-nodes-with-custom-controller-pods': 'skipNodesWithCustomControllerPods',
} as const;

/** Go's `strconv.ParseBool`, as pflag reads a boolean flag's value. */
function goBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return undefined;
}

// CA spells the flag "distruption"; both spellings are taken.
const TIMEOUT_FLAGS = [
  '--blocking-system-pod-disruption-timeout',
  '--blocking-system-pod-distruption-timeout',
];
const VALUE_FLAGS = [
  '--autoscaler',
  '--min-replica-count',
  '--disruption-class',
  '--now',
  ...TIMEOUT_FLAGS,
];

/** Parses a scale-down command line (options anywhere); every mistake is one sentence. */
export function parseScaleDownArgs(
  argv: readonly string[],
  live = false,
): Result<ScaleDownCommand | { command: 'help' }> {
  const positional: string[] = [];
  const caOptions: NodeDeleteOptionsInput = {};
  const caFlags: string[] = [];
  let autoscaler: string | undefined;
  let disruptionClass: string | undefined;
  let json = false;
  let statusSource: PlanStatusSource = 'recomputed';
  let now: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : undefined;
    if (name === '--json') json = true;
    else if (name === '--stored-status') statusSource = 'stored';
    else if (name === '--help' || name === '-h') return { ok: true, value: { command: 'help' } };
    else if (name in BOOL_FLAGS) {
      const value = inline === undefined ? true : goBool(inline);
      if (value === undefined)
        return { ok: false, error: `${name} takes true or false, got ${JSON.stringify(inline)}` };
      caOptions[BOOL_FLAGS[name as keyof typeof BOOL_FLAGS]] = value;
      caFlags.push(name);
    } else if (VALUE_FLAGS.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') return { ok: false, error: `${name} needs a value` };
      if (name === '--autoscaler') autoscaler = value;
      else if (name === '--disruption-class') disruptionClass = value;
      else if (name === '--now') {
        if (Number.isNaN(Date.parse(value)))
          return { ok: false, error: `--now needs an RFC3339 time, got ${JSON.stringify(value)}` };
        now = value;
      } else if (name === '--min-replica-count') {
        if (!/^-?[0-9]+$/.test(value) || !Number.isSafeInteger(Number(value)))
          return {
            ok: false,
            error: `--min-replica-count needs a whole number, got ${JSON.stringify(value)}`,
          };
        caOptions.minReplicaCount = Number(value);
        caFlags.push(name);
      } else {
        const parsed = parseGoDuration(value);
        if (!parsed.ok) return { ok: false, error: `${name}: ${parsed.error}` };
        caOptions.bspDisruptionTimeout = value;
        caFlags.push(name);
      }
    } else if (arg.startsWith('-'))
      return { ok: false, error: `unknown option ${name} for scale-down` };
    else positional.push(arg);
  }
  const [, snapshot, node, ...extra] = withSnapshotPlace(positional, live);
  if (snapshot === undefined) return { ok: false, error: 'scale-down needs a SNAPSHOT file' };
  if (node === undefined || extra.length > 0)
    return { ok: false, error: 'scale-down needs exactly one NODE' };
  if (autoscaler !== 'cluster-autoscaler' && autoscaler !== 'karpenter')
    return {
      ok: false,
      error: `--autoscaler must be cluster-autoscaler or karpenter, got ${JSON.stringify(autoscaler ?? '')}`,
    };
  if (autoscaler === 'karpenter' && caFlags.length > 0)
    return {
      ok: false,
      error: `${caFlags[0] ?? ''} is a Cluster Autoscaler flag, not Karpenter's`,
    };
  if (disruptionClass !== undefined && autoscaler !== 'karpenter')
    return { ok: false, error: '--disruption-class goes with --autoscaler karpenter' };
  if (
    disruptionClass !== undefined &&
    disruptionClass !== 'graceful' &&
    disruptionClass !== 'eventual'
  )
    return {
      ok: false,
      error: `--disruption-class must be graceful or eventual, got ${JSON.stringify(disruptionClass)}`,
    };
  return {
    ok: true,
    value: {
      command: 'scale-down',
      snapshot,
      node,
      autoscaler,
      caOptions,
      disruptionClass: disruptionClass === 'eventual' ? 'eventual' : 'graceful',
      statusSource,
      json,
      ...(now !== undefined ? { now } : {}),
    },
  };
}
