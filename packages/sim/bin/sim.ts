import { parseArgs } from 'node:util';
import { startSim } from '../src/sim.js';
import type { StartSimOptions } from '../src/sim.js';
import type { Logger } from '../src/server/context.js';

/** How long a stop may take before the process exits regardless. */
const STOP_GRACE_MS = 5000;

/** Problems go to stderr, one line each; routine requests are not logged. */
const stderrLogger: Logger = {
  info: () => {},
  warn: (message, fields) =>
    process.stderr.write(`warn: ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}\n`),
  error: (message, fields) =>
    process.stderr.write(`error: ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}\n`),
};

const HELP = `Usage: pnpm sim [options]

Starts the simulated Kubernetes API server in the foreground (Ctrl-C stops it).

Options:
  --port P                 port on 127.0.0.1 (default 0: any free port)
  --write-kubeconfig FILE  write a kubeconfig for kubectl and client-node to FILE
  --scenario PATH          load a scenario file or directory (YAML/JSON, List or
                           kubectl snapshot) instead of the demo set
  --activity on|off        readiness flaps, rollouts and drains (default: on for
                           the demo, off otherwise)
  --protobuf on|off        answer built-in kinds in protobuf to clients that ask
                           for it (default on; off plays a JSON-only server)
  --watch-list on|off      stream initial lists through a watch when asked
                           (sendInitialEvents; default on; off plays a server
                           without the feature, which ignores the parameter)
  --seed N                 seed for pod names and activity (default 1)
  --ready-delay-ms MS      how long new pods take to become Ready (default 3000)
  --generate-pods N        serve a generated cluster of N pods instead
  --generate-nodes N       nodes of the generated cluster (default pods/30)
  --generate-budgets N     budgets of the generated cluster (default pods/15)
  -h, --help               show this help
`;

class UsageError extends Error {}

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new UsageError(`--${name} must be an integer >= ${min}, got "${value}"`);
  return Number(value);
}

function parse(argv: string[]): { options: StartSimOptions; kubeconfig?: string } | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'write-kubeconfig': { type: 'string' },
        scenario: { type: 'string' },
        activity: { type: 'string' },
        protobuf: { type: 'string' },
        'watch-list': { type: 'string' },
        seed: { type: 'string' },
        'ready-delay-ms': { type: 'string' },
        'generate-pods': { type: 'string' },
        'generate-nodes': { type: 'string' },
        'generate-budgets': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const v = parsed.values;
  if (v.help === true) return 'help';
  const onOff = (name: string, value: string | undefined): boolean | undefined => {
    if (value !== undefined && value !== 'on' && value !== 'off')
      throw new UsageError(`--${name} must be "on" or "off", got "${value}"`);
    return value === undefined ? undefined : value === 'on';
  };
  const activity = onOff('activity', v.activity);
  const protobuf = onOff('protobuf', v.protobuf);
  const watchList = onOff('watch-list', v['watch-list']);
  const port = integer('port', v.port, 0);
  if (port !== undefined && port > 65535)
    throw new UsageError(`--port must be at most 65535, got "${port}"`);
  const pods = integer('generate-pods', v['generate-pods'], 1);
  if (
    pods === undefined &&
    (v['generate-nodes'] !== undefined || v['generate-budgets'] !== undefined)
  ) {
    throw new UsageError('--generate-nodes and --generate-budgets need --generate-pods');
  }
  if (pods !== undefined && v.scenario !== undefined)
    throw new UsageError('--scenario and --generate-pods exclude each other');
  const seed = integer('seed', v.seed, 0);
  const readyDelayMs = integer('ready-delay-ms', v['ready-delay-ms'], 0);
  const options: StartSimOptions = {
    ...(port !== undefined ? { port } : {}),
    ...(v.scenario !== undefined ? { scenario: v.scenario } : {}),
    ...(activity !== undefined ? { activity } : {}),
    ...(protobuf !== undefined ? { protobuf } : {}),
    ...(watchList !== undefined ? { watchList } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(readyDelayMs !== undefined ? { readyDelayMs } : {}),
    ...(pods !== undefined
      ? {
          generate: {
            pods,
            nodes:
              integer('generate-nodes', v['generate-nodes'], 1) ??
              Math.max(1, Math.round(pods / 30)),
            budgets: integer('generate-budgets', v['generate-budgets'], 0) ?? Math.round(pods / 15),
          },
        }
      : {}),
  };
  return {
    options,
    ...(v['write-kubeconfig'] !== undefined ? { kubeconfig: v['write-kubeconfig'] } : {}),
  };
}

async function main(): Promise<number> {
  let args;
  try {
    args = parse(process.argv.slice(2).filter((a) => a !== '--'));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`pnpm sim: ${e.message}\nTry "pnpm sim --help".\n`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  const started = Date.now();
  let sim;
  try {
    sim = await startSim({ ...args.options, logger: stderrLogger });
  } catch (e) {
    process.stderr.write(`pnpm sim: ${(e as Error).message}\n`);
    return 1;
  }
  if (args.kubeconfig !== undefined) await sim.writeKubeconfig(args.kubeconfig);
  const counts = sim.store.counts();
  process.stdout.write(
    `pdbscope simulated cluster listening on ${sim.url} (${counts['pods'] ?? 0} pods, ${(counts['poddisruptionbudgets'] ?? 0) + (counts['podunavailablebudgets'] ?? 0)} budgets, ${counts['nodes'] ?? 0} nodes; started in ${Date.now() - started} ms)\n`,
  );
  if (args.kubeconfig !== undefined)
    process.stdout.write(
      `kubeconfig written to ${args.kubeconfig}: kubectl --kubeconfig ${args.kubeconfig} get pdb -A\n`,
    );
  for (const s of sim.skipped)
    process.stdout.write(`skipped ${s.kind} ${s.namespace ?? ''}/${s.name}: ${s.reason}\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      process.stdout.write(`${signal}: stopping\n`);
      // A second signal, or a close that does not finish, must not keep the process alive.
      const now = () => process.exit(1);
      process.once('SIGINT', now);
      process.once('SIGTERM', now);
      setTimeout(now, STOP_GRACE_MS).unref();
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  await sim.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`pnpm sim: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
