import { parseNsName } from '../model/refs.js';

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
    };

/** Plans start from the status the controllers would compute now, or as the snapshot stored it. */
export type StatusSource = 'recomputed' | 'stored';

export type ParsedArgs = { ok: true; command: CliCommand } | { ok: false; error: string };

export const USAGE = `Usage: pdbscope <command> SNAPSHOT [arguments] [--json] [--now RFC3339] [--stored-status]

Commands:
  evaluate SNAPSHOT              every budget with its allowed disruptions, and the findings
  evict SNAPSHOT ns/pod...       evict pods in order; each accepted eviction uses up budget for the next
  drain SNAPSHOT NODE            plan a drain of NODE in rounds, as kubectl drain would retry
  overlaps SNAPSHOT              budgets that share pods, or could, and OpenKruise conflicts

evict and drain start from the status the controllers would compute now; --stored-status uses the
status as the snapshot recorded it (what the API server decides on until the controller re-syncs).

SNAPSHOT is what \`kubectl get pods,pdb,deploy,rs,sts -A -o yaml\` (or -o json) prints; "-" reads stdin.

Exit codes: 0 ok; 2 usage error or unreadable input; 3 an eviction or the drain would be blocked.
`;

/** Parses argv (without `node` and the script). Flags may appear anywhere. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  let json = false;
  let now: string | undefined;
  let statusSource: StatusSource = 'recomputed';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--json') json = true;
    else if (arg === '--stored-status') statusSource = 'stored';
    else if (arg === '--help' || arg === '-h') return { ok: true, command: { command: 'help' } };
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
  if (command === undefined || command === 'help')
    return { ok: true, command: { command: 'help' } };
  if (!['evaluate', 'overlaps', 'evict', 'drain'].includes(command))
    return { ok: false, error: `unknown command ${JSON.stringify(command)}` };
  if (snapshot === undefined) return { ok: false, error: `${command} needs a SNAPSHOT file` };
  switch (command) {
    case 'evaluate':
    case 'overlaps':
      if (rest.length > 0)
        return {
          ok: false,
          error: `${command} takes one SNAPSHOT, got extra arguments: ${rest.join(' ')}`,
        };
      return { ok: true, command: { command, snapshot, ...common } };
    case 'evict': {
      if (rest.length === 0) return { ok: false, error: 'evict needs at least one pod as ns/name' };
      const pods: { namespace: string; name: string }[] = [];
      for (const text of rest) {
        const ref = parseNsName(text);
        if (!ref) return { ok: false, error: `not a pod as ns/name: ${JSON.stringify(text)}` };
        pods.push(ref);
      }
      return { ok: true, command: { command, snapshot, pods, ...common, statusSource } };
    }
    default: {
      const [node, ...extra] = rest;
      if (node === undefined || extra.length > 0)
        return { ok: false, error: 'drain needs exactly one NODE' };
      return { ok: true, command: { command: 'drain', snapshot, node, ...common, statusSource } };
    }
  }
}
