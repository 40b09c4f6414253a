import { parseArgs, runCli, type CliResult } from '@pdbscope/shared/cli';
import { clusterConfig, type KubeEnv } from './live/kubeconfig.js';
import { listCluster } from './live/list-cluster.js';
import { stderrProgress } from './live/progress.js';
import { readFile, readSources } from './sources.js';

/** What the command line runs with: its arguments, environment, clock and standard error. */
export interface PdbscopeIo {
  argv: readonly string[];
  env: KubeEnv;
  now: Date;
  /** Where a large cluster's listing shows its progress (as it happens, not in the result). */
  stderr: { write(text: string): unknown; isTTY?: boolean };
}

/**
 * One command line: a snapshot read from the file system, or the cluster `--kubeconfig` /
 * `--context` names listed (read-only) first; then the pure core answers as on a snapshot.
 */
export async function runPdbscope(io: PdbscopeIo): Promise<CliResult> {
  const env = { argv: io.argv, readFile, readSources, now: io.now };
  const parsed = parseArgs(io.argv);
  if (!parsed.ok || parsed.value.command === 'help' || parsed.value.cluster === undefined)
    return runCli(env);
  const refused = (error: string): CliResult => ({
    exitCode: 2,
    stdout: '',
    stderr: `pdbscope: ${error}\n`,
  });
  const config = clusterConfig(parsed.value.cluster, io.env);
  if (!config.ok) return refused(config.error);
  const listed = await listCluster({
    cluster: config.value,
    progress: stderrProgress(io.stderr),
    warn: (line) => io.stderr.write(line),
  });
  if (!listed.ok) return refused(listed.error);
  return runCli({ ...env, cluster: listed.value });
}
