import type { Result } from '../result/index.js';
import type { Snapshot, SourceFile } from '../snapshot/types.js';
import { readChangeSet } from '../what-if/change-set.js';
import { whatIf, type WhatIfAnswer } from '../what-if/answer.js';
import type { WhatIfError } from '../what-if/types.js';
import type { CliCommand } from './args.js';
import type { LoadedCluster } from './cluster.js';
import type { CliEnvironment, CliResult } from './environment.js';
import { formatWhatIf, whatIfReport } from './what-if-format.js';

type WhatIfCommand = Extract<CliCommand, { command: 'what-if' }>;

/** A file, or a directory's manifests (through `readSources` when the shell has it). */
export function readSources(env: CliEnvironment, path: string): Result<SourceFile[]> {
  if (env.readSources) return env.readSources(path);
  const file = env.readFile(path);
  return file.ok ? { ok: true, value: [{ path, text: file.value }] } : file;
}

/** The line that says how many objects went to the default namespace, as kubectl apply -f puts them. */
export function placedLine(placed: Snapshot['placedInNamespace'], what: string): string {
  if (!placed) return '';
  return `pdbscope: ${placed.count} object(s) of ${what} without metadata.namespace read into namespace ${placed.namespace}, as kubectl apply -f puts them (-n NS for another)\n`;
}

const refused = (errors: readonly WhatIfError[]): CliResult => ({
  exitCode: 2,
  stdout: '',
  stderr: errors.map((e) => `pdbscope: ${e.change}: ${e.message}\n`).join(''),
});

/** The manifests of every --apply, in the order given, each directory's files sorted. */
function manifestFiles(
  env: CliEnvironment,
  paths: readonly string[],
): Result<SourceFile[], CliResult> {
  const files: SourceFile[] = [];
  for (const path of paths) {
    const read = readSources(env, path);
    if (!read.ok)
      return {
        ok: false,
        error: refused([{ change: path, message: `cannot read it: ${read.error}` }]),
      };
    if (read.value.length === 0)
      return {
        ok: false,
        error: refused([{ change: path, message: 'no .yaml, .yml or .json file in it' }]),
      };
    files.push(...read.value);
  }
  return { ok: true, value: files };
}

/** `what-if`: exit 0 when nothing gets worse, 3 when something does, 2 when the change set does not apply. */
export function runWhatIf(input: {
  command: WhatIfCommand;
  cluster: LoadedCluster;
  warnings: string;
  env: CliEnvironment;
}): CliResult {
  const { command, cluster, warnings, env } = input;
  const files = manifestFiles(env, command.changes.apply);
  if (!files.ok) return files.error;
  const read = readChangeSet({
    apply: files.value,
    delete: command.changes.delete,
    scale: command.changes.scale,
    ...(command.namespace !== undefined ? { namespace: command.namespace } : {}),
  });
  if (!read.ok) return refused(read.error);
  let upgrade;
  if (command.upgrade) {
    const { options, ...request } = command.upgrade;
    // kubectl drain's flags are kubectl's: a managed provider's plan refuses them when set.
    const flags = Object.fromEntries(Object.entries(options).filter(([, on]) => on));
    upgrade = { ...request, ...flags };
  }
  const answer: Result<WhatIfAnswer, WhatIfError[]> = whatIf(cluster.index, {
    changes: read.value.changes,
    ...(upgrade ? { upgrade } : {}),
  });
  if (!answer.ok) return refused(answer.error);
  const report = whatIfReport(answer.value);
  return {
    exitCode: answer.value.worse.length > 0 ? 3 : 0,
    stdout: command.json ? `${JSON.stringify(report, null, 2)}\n` : formatWhatIf(report),
    stderr: warnings + placedLine(read.value.placedInNamespace, '--apply'),
  };
}
