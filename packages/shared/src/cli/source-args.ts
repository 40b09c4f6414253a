import type { Severity } from '../findings/types.js';
import type { Result } from '../result/index.js';

/**
 * A live cluster instead of a SNAPSHOT: `--kubeconfig FILE` (else `KUBECONFIG`, else
 * `~/.kube/config`, as kubectl finds it) and `--context NAME` (else its current context).
 */
export interface ClusterSource {
  kubeconfig?: string;
  context?: string;
}

/** `--fail-on`: the least severity of a finding that fails a pipeline (exit 3). */
export type FailOn = Exclude<Severity, 'info'>;

/** The options that say where the cluster comes from and when a report fails, taken off argv. */
export interface SourceArgs {
  /** argv without them. */
  argv: string[];
  cluster?: ClusterSource;
  failOn?: FailOn;
}

const FLAGS = ['--kubeconfig', '--context', '--fail-on'] as const;

/**
 * Takes `--kubeconfig`, `--context` and `--fail-on` (with their values, `--flag V` or
 * `--flag=V`) off the command line; the command's own parser reads the rest.
 */
export function takeSourceArgs(argv: readonly string[]): Result<SourceArgs> {
  const rest: string[] = [];
  const cluster: ClusterSource = {};
  let failOn: FailOn | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const flag = FLAGS.find((f) => arg === f || arg.startsWith(`${f}=`));
    if (flag === undefined) {
      rest.push(arg);
      continue;
    }
    const value = arg === flag ? argv[++i] : arg.slice(flag.length + 1);
    if (value === undefined || value === '') return { ok: false, error: `${flag} needs a value` };
    if (flag === '--kubeconfig') cluster.kubeconfig = value;
    else if (flag === '--context') cluster.context = value;
    else if (value === 'warning' || value === 'error') failOn = value;
    else
      return { ok: false, error: `--fail-on needs warning or error, got ${JSON.stringify(value)}` };
  }
  const live = cluster.kubeconfig !== undefined || cluster.context !== undefined;
  return {
    ok: true,
    value: {
      argv: rest,
      ...(live ? { cluster } : {}),
      ...(failOn !== undefined ? { failOn } : {}),
    },
  };
}

/**
 * The positional arguments as a snapshot's command line has them: a live cluster takes the
 * SNAPSHOT's place, so an empty one stands in for it after the command word.
 */
export function withSnapshotPlace(positional: readonly string[], live: boolean): string[] {
  if (!live || positional.length === 0) return [...positional];
  const [command, ...rest] = positional;
  return [command ?? '', '', ...rest];
}

const RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, error: 2 };

/** Whether any of these severities is at or above `failOn`. */
export function failsOn(severities: Iterable<Severity>, failOn: FailOn): boolean {
  for (const s of severities) if (RANK[s] >= RANK[failOn]) return true;
  return false;
}
