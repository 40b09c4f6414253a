import { readSnapshot } from '../snapshot/read.js';
import type { Snapshot } from '../snapshot/types.js';
import { readSnapshotFiles } from '../snapshot/read.js';
import { placedLine, readSources, runWhatIf } from './what-if.js';
import type { Result } from '../result/index.js';
import { parseArgs, USAGE, type CliCommand } from './args.js';
import { loadCluster, overlapsOf, type LoadedCluster } from './cluster.js';
import { evaluateCluster, formatEvaluate } from './evaluate.js';
import { formatOverlaps, overlapSeverities } from './overlaps.js';
import { failsOn } from './source-args.js';
import { formatEvictionPlan } from './evict.js';
import { formatDrainPlan } from './drain.js';
import { planEvictions } from '../eviction/plan.js';
import { planDrain } from '../eviction/drain.js';
import { planUpgrade } from '../upgrade/plan.js';
import { formatUpgrade } from './upgrade.js';
import { formatPreempt, preemptExitCode, preemptReport } from './preempt.js';
import { formatScaleDown, scaleDown } from './scale-down.js';

import type { CliEnvironment, CliResult } from './environment.js';

export type { CliEnvironment, CliResult } from './environment.js';

const usageError = (error: string): CliResult => ({
  exitCode: 2,
  stdout: '',
  stderr: `pdbscope: ${error}\n\n${USAGE}`,
});

function snapshotWarnings(snapshot: Snapshot): string {
  return snapshot.errors
    .map((e) => `pdbscope: skipped ${e.object ?? 'an object'} at ${e.position}: ${e.error}\n`)
    .join('');
}

const isEmpty = (s: Snapshot): boolean =>
  s.pods.length +
    s.pdbs.length +
    s.pubs.length +
    s.workloads.length +
    s.nodes.length +
    s.priorityClasses.length +
    s.namespaces.length +
    (s.nodePools?.length ?? 0) +
    (s.nodeClaims?.length ?? 0) +
    Object.keys(s.ignored).length ===
  0;

/** The snapshot from its file(s), or what the command answers when it cannot be read. */
function readSnapshotOf(
  command: Exclude<CliCommand, { command: 'help' }>,
  env: CliEnvironment,
): Result<Snapshot, CliResult> {
  const files = readSources(env, command.snapshot);
  if (!files.ok)
    return {
      ok: false,
      error: {
        exitCode: 2,
        stdout: '',
        stderr: `pdbscope: cannot read ${command.snapshot}: ${files.error}\n`,
      },
    };
  const options = command.namespace !== undefined ? { namespace: command.namespace } : {};
  // One file reads as before, its positions without its path; a directory's name their files.
  const [only] = files.value;
  const snapshot =
    files.value.length === 1 && only?.path === command.snapshot
      ? readSnapshot(only.text, options)
      : readSnapshotFiles(files.value, options);
  if (isEmpty(snapshot) && snapshot.errors.length > 0) {
    return {
      ok: false,
      error: {
        exitCode: 2,
        stdout: '',
        stderr: `pdbscope: ${command.snapshot} is not a readable snapshot\n${snapshotWarnings(snapshot)}`,
      },
    };
  }
  return { ok: true, value: snapshot };
}

/** The cluster and the snapshot's warnings, or what the command answers when it cannot load. */
function load(
  command: Exclude<CliCommand, { command: 'help' }>,
  env: CliEnvironment,
): Result<{ cluster: LoadedCluster; warnings: string }, CliResult> {
  // A live cluster was listed by the shell before it called: the snapshot is its answer.
  const read: Result<Snapshot, CliResult> =
    command.cluster === undefined
      ? readSnapshotOf(command, env)
      : env.cluster !== undefined
        ? { ok: true, value: env.cluster }
        : { ok: false, error: usageError('this build of pdbscope reads snapshots only') };
  if (!read.ok) return read;
  const snapshot = read.value;
  const now = command.now !== undefined ? new Date(command.now) : env.now;
  return {
    ok: true,
    value: {
      cluster: loadCluster(snapshot, now),
      warnings: placedLine(snapshot.placedInNamespace, 'SNAPSHOT') + snapshotWarnings(snapshot),
    },
  };
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Runs one command line over a snapshot (or the cluster the shell listed): pure apart from the
 * injected `readFile`.
 */
export function runCli(env: CliEnvironment): CliResult {
  const parsed = parseArgs(env.argv);
  if (!parsed.ok) return usageError(parsed.error);
  const command = parsed.value;
  if (command.command === 'help') return { exitCode: 0, stdout: USAGE, stderr: '' };
  const loaded = load(command, env);
  if (!loaded.ok) return loaded.error;
  const { cluster, warnings } = loaded.value;
  switch (command.command) {
    case 'what-if':
      return runWhatIf({ command, cluster, warnings, env });
    case 'evaluate': {
      const report = evaluateCluster(cluster);
      const failed =
        command.failOn !== undefined &&
        failsOn(
          report.findings.map((f) => f.severity),
          command.failOn,
        );
      return {
        exitCode: failed ? 3 : 0,
        stdout: command.json ? json(report) : formatEvaluate(report),
        stderr: warnings,
      };
    }
    case 'overlaps': {
      const report = overlapsOf(cluster);
      const failed =
        command.failOn !== undefined && failsOn(overlapSeverities(report), command.failOn);
      return {
        exitCode: failed ? 3 : 0,
        stdout: command.json ? json(report) : formatOverlaps(report),
        stderr: warnings,
      };
    }
    case 'evict': {
      const missing = command.pods.filter((p) => cluster.index.pod(p) === undefined);
      if (missing.length > 0) {
        return usageError(
          `not in the snapshot: ${missing.map((p) => `pod ${p.namespace}/${p.name}`).join(', ')}`,
        );
      }
      const plan = planEvictions({
        index: cluster.index,
        pods: command.pods,
        now: cluster.now,
        statusSource: command.statusSource,
      });
      return {
        exitCode: plan.refused.length > 0 ? 3 : 0,
        stdout: command.json ? json(plan) : formatEvictionPlan(plan),
        stderr: warnings,
      };
    }
    case 'upgrade': {
      const {
        command: _c,
        snapshot: _s,
        json: asJson,
        now: _n,
        options,
        cluster: _k,
        failOn: _f,
        ...request
      } = command;
      // kubectl drain's flags are kubectl's: a managed provider's plan refuses them when set.
      const flags = Object.fromEntries(Object.entries(options).filter(([, on]) => on));
      const plan = planUpgrade(cluster.index, { ...request, ...flags }, cluster.now);
      if (!plan.ok) return usageError(plan.error);
      const { forecast, fixes, profile } = plan.value;
      // kubectl's output is as it always was; a provider's says which profile it ran with.
      const answer =
        profile.provider === 'kubectl' ? { forecast, fixes } : { forecast, fixes, profile };
      return {
        // A forced deletion is a budget broken, a failure an upgrade stopped: both fail the gate.
        exitCode: forecast.verdict === 'completes' ? 0 : 3,
        stdout: asJson ? json(answer) : formatUpgrade(forecast, fixes, profile),
        stderr: warnings,
      };
    }
    case 'drain': {
      if (
        cluster.index.node(command.node) === undefined &&
        cluster.index.podsOnNode(command.node).length === 0
      ) {
        return usageError(
          `node ${command.node} is not in the snapshot (no Node object and no pod scheduled to it)`,
        );
      }
      const plan = planDrain({
        index: cluster.index,
        node: command.node,
        now: cluster.now,
        statusSource: command.statusSource,
        options: command.options,
      });
      return {
        exitCode: plan.complete ? 0 : 3,
        stdout: command.json ? json(plan) : formatDrainPlan(plan),
        stderr: warnings,
      };
    }
    case 'preempt': {
      const report = preemptReport(cluster, command);
      if (!report.ok) return usageError(report.error);
      return {
        exitCode: preemptExitCode(report.value),
        stdout: command.json ? json(report.value) : formatPreempt(report.value),
        stderr: warnings,
      };
    }
    case 'scale-down': {
      const report = scaleDown(cluster, command);
      if (!report.ok) return usageError(report.error);
      return {
        exitCode: report.value.removable ? 0 : 3,
        stdout: command.json ? json(report.value) : formatScaleDown(report.value),
        stderr: warnings,
      };
    }
  }
}
