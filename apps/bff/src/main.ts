import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { parseCli, parseDuration, USAGE, type CliFlags } from './cli.js';
import { readEnv } from './env.js';
import { fleetSettings } from './fleet/settings.js';
import { settleHeap } from './heap-settle.js';
import { kubeConfigFromString, logWithoutUserinfo, resolveKubeConfig } from './kube/kubeconfig.js';
import { startBff, type BffSource } from './server.js';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

async function main(): Promise<void> {
  let flags: CliFlags;
  try {
    flags = parseCli(process.argv.slice(2).filter((a) => a !== '--'));
  } catch (err) {
    // A bad command line is the caller's to fix: one sentence and exit 2, as the CLI does.
    process.stderr.write(`pdbscope: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
  if (flags.help) {
    process.stdout.write(USAGE);
    return;
  }
  const env = readEnv();
  // A kubeconfig's server URL may carry credentials; no log line repeats them.
  const logger = pino({ level: env.LOG_LEVEL, formatters: { log: logWithoutUserinfo } });
  const host = flags.host ?? env.HOST ?? '127.0.0.1';
  const port = flags.port ?? env.PORT ?? 7070;
  if (!LOOPBACK.has(host)) {
    logger.warn(
      { host },
      'listening beyond loopback: anyone who can reach this address can read the cluster view; set --token or PDBSCOPE_TOKEN',
    );
  }

  let source: BffSource;
  let closeSim: (() => Promise<void>) | undefined;
  const cluster =
    flags.sim || flags.snapshot !== undefined
      ? undefined
      : resolveKubeConfig({ env, ...(flags.context ? { context: flags.context } : {}) });
  if (flags.snapshot !== undefined) {
    source = { kind: 'snapshot', file: path.resolve(flags.snapshot) };
  } else if (cluster) {
    source = { kind: 'cluster', cluster };
  } else {
    if (!flags.sim) logger.info('no kubeconfig found: starting the simulated demo cluster');
    // Imported only here: a real cluster never loads the simulator.
    const { startSim } = await import('@pdbscope/sim');
    const sim = await startSim({ demo: true, activity: true });
    closeSim = () => sim.close();
    source = { kind: 'cluster', cluster: kubeConfigFromString(sim.kubeconfig()), sim: true };
    logger.info({ url: sim.url }, 'simulated cluster started');
  }

  const token = flags.token ?? env.PDBSCOPE_TOKEN;
  const staleAfterMs =
    flags.staleAfterMs ??
    (env.PDBSCOPE_STALE_AFTER === undefined
      ? undefined
      : parseDuration('PDBSCOPE_STALE_AFTER', env.PDBSCOPE_STALE_AFTER));
  const wedgedAfterMs =
    flags.wedgedAfterMs ??
    (env.PDBSCOPE_WEDGED_AFTER === undefined
      ? undefined
      : parseDuration('PDBSCOPE_WEDGED_AFTER', env.PDBSCOPE_WEDGED_AFTER));
  const fleet = await fleetSettings(flags, env);
  const bff = await startBff({
    source,
    logger,
    host,
    port,
    ...(flags.namespaces ? { namespaces: flags.namespaces } : {}),
    allowDryRunVerify: flags.allowDryRunVerify,
    metricsPublic: flags.metricsPublic,
    ...(staleAfterMs !== undefined ? { staleAfterMs } : {}),
    ...(wedgedAfterMs !== undefined ? { wedgedAfterMs } : {}),
    ...(flags.wire === 'json' ? { wire: { protobuf: false, watchList: false } } : {}),
    ...(flags.historyWindowMs !== undefined ? { historyWindowMs: flags.historyWindowMs } : {}),
    ...(flags.prometheusUrl !== undefined ? { prometheusUrl: flags.prometheusUrl } : {}),
    ...(flags.prometheusRangeMs !== undefined
      ? { prometheusRangeMs: flags.prometheusRangeMs }
      : {}),
    ...(token !== undefined ? { token } : {}),
    ...(flags.caOptions !== undefined ? { caOptions: flags.caOptions } : {}),
    ...fleet,
    extraHosts: (env.PDBSCOPE_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h !== ''),
    webDist: WEB_DIST,
  });
  process.stdout.write(`pdbscope is running at ${bff.url}\n`);
  // A microtask after the first sync: it runs before /readyz or any request is answered ready.
  void bff.ready().then(() => {
    const settled = settleHeap({ growthPercent: env.PDBSCOPE_HEAP_GROWTH });
    logger.info({ ...settled }, 'synced with the cluster');
  });

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await bff.close();
    await closeSim?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`pdbscope: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
