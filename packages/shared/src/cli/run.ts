import { readSnapshot } from '../snapshot/read.js';
import type { Snapshot } from '../snapshot/types.js';
import type { Result } from '../result/index.js';
import { parseArgs, USAGE, type CliCommand } from './args.js';
import { loadCluster, overlapsOf, type LoadedCluster } from './cluster.js';
import { evaluateCluster, formatEvaluate } from './evaluate.js';
import { formatOverlaps } from './overlaps.js';
import { formatEvictionPlan } from './evict.js';
import { formatDrainPlan } from './drain.js';
import { planEvictions } from '../eviction/plan.js';
import { planDrain } from '../eviction/drain.js';
import { planUpgrade } from '../upgrade/plan.js';
import { formatUpgrade } from './upgrade.js';
import { formatPreempt, preemptExitCode, preemptReport } from './preempt.js';
import { formatScaleDown, scaleDown } from './scale-down.js';

/** What the command prints and returns; the bin file writes it out. */
export interface CliResult {
  exitCode: 0 | 2 | 3;
  stdout: string;
  stderr: string;
}

export interface CliEnvironment {
  argv: readonly string[];
  /** Reads the snapshot (a path, or "-" for stdin); an error is a message, not a throw. */
  readFile: (path: string) => Result<string>;
  /** The clock, read by the bin file; `--now` overrides it. */
  now: Date;
}

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
    Object.keys(s.ignored).length ===
  0;

/** The cluster and the snapshot's warnings, or what the command answers when it cannot load. */
function load(
  command: Exclude<CliCommand, { command: 'help' }>,
  env: CliEnvironment,
): Result<{ cluster: LoadedCluster; warnings: string }, CliResult> {
  const file = env.readFile(command.snapshot);
  if (!file.ok)
    return {
      ok: false,
      error: {
        exitCode: 2,
        stdout: '',
        stderr: `pdbscope: cannot read ${command.snapshot}: ${file.error}\n`,
      },
    };
  const snapshot = readSnapshot(file.value);
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
  const now = command.now !== undefined ? new Date(command.now) : env.now;
  return {
    ok: true,
    value: { cluster: loadCluster(snapshot, now), warnings: snapshotWarnings(snapshot) },
  };
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Runs one command line over a snapshot: pure apart from the injected `readFile`. */
export function runCli(env: CliEnvironment): CliResult {
  const parsed = parseArgs(env.argv);
  if (!parsed.ok) return usageError(parsed.error);
  const command = parsed.value;
  if (command.command === 'help') return { exitCode: 0, stdout: USAGE, stderr: '' };
  const loaded = load(command, env);
  if (!loaded.ok) return loaded.error;
  const { cluster, warnings } = loaded.value;
  switch (command.command) {
    case 'evaluate': {
      const report = evaluateCluster(cluster);
      return {
        exitCode: 0,
        stdout: command.json ? json(report) : formatEvaluate(report),
        stderr: warnings,
      };
    }
    case 'overlaps': {
      const report = overlapsOf(cluster);
      return {
        exitCode: 0,
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
      const { command: _c, snapshot: _s, json: asJson, now: _n, options, ...request } = command;
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
