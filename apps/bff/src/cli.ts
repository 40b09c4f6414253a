import { parseArgs } from 'node:util';
import { parseDuration as durationSeconds } from '@pdbscope/shared';
import type { NodeDeleteOptions } from '@pdbscope/shared/actors/cluster-autoscaler';
import { CA_FLAG_OPTIONS, CA_USAGE, parseCaFlags } from './ca-flags.js';

export interface CliFlags {
  context?: string;
  namespaces?: string[];
  snapshot?: string;
  sim: boolean;
  allowDryRunVerify: boolean;
  host?: string;
  port?: number;
  token?: string;
  metricsPublic: boolean;
  historyWindowMs?: number;
  prometheusUrl?: string;
  prometheusRangeMs?: number;
  fleetPrometheus?: string;
  fleetLabel?: string;
  fleetLinks?: string;
  publicUrl?: string;
  staleAfterMs?: number;
  wedgedAfterMs?: number;
  /** `json`: JSON and paged lists only, as for a server without protobuf or watch-list. */
  wire?: 'auto' | 'json';
  /** Cluster Autoscaler's options (`--ca-…`), when any is given. */
  caOptions?: NodeDeleteOptions;
  help: boolean;
}

export const USAGE = `pdbscope BFF: a live view of disruption budgets (read-only)

  --context NAME           kubeconfig context (default: the current one)
  --namespace a,b          watch only these namespaces
  --snapshot FILE          analyse a kubectl snapshot (kubectl get pods,pdb,deploy,rs,sts,rc,nodes -A -o yaml; docs/cli.md)
  --sim                    start the simulated demo cluster and connect to it (default without a kubeconfig)
  --allow-dry-run-verify   enable POST /api/verify/eviction (sends the eviction with dryRun=All)
  --host HOST              listen address (default 127.0.0.1; env HOST)
  --port PORT              listen port (default 7070; env PORT)
  --token TOKEN            require Authorization: Bearer TOKEN on /api, or a session the
                           browser signs in for with it (env PDBSCOPE_TOKEN; >= 16 characters)
  --metrics-public         serve GET /metrics without the token (for a Prometheus that has none)
  --history-window DUR     how far back each budget's history is kept in memory (default 24h;
                           e.g. 90m, 12h, 3d)
  --prometheus URL         read the budget timeline's days of history from this Prometheus
  --prometheus-range DUR   how far back it reads (default 7d)
  --fleet-prometheus URL   serve the Fleet page from this Prometheus (or Thanos/Mimir/Cortex
                           query layer) scraping every cluster's pdbscope
                           (env PDBSCOPE_FLEET_PROMETHEUS)
  --fleet-label NAME       the label naming each cluster there (default cluster;
                           env PDBSCOPE_FLEET_LABEL)
  --fleet-links FILE       YAML or JSON map of cluster: URL of its pdbscope, for the Fleet page's
                           links (env PDBSCOPE_FLEET_LINKS)
  --public-url URL         this pdbscope's address for people, exported as pdbscope_info's
                           pdbscope_url label for a fleet to link to (env PDBSCOPE_PUBLIC_URL)
  --stale-after DUR        /readyz answers 503 once a source has not been live for this long
                           (default 5m; env PDBSCOPE_STALE_AFTER)
  --wire auto|json         auto (default): built-in kinds in protobuf and initial lists
                           streamed through a watch where the server supports them,
                           JSON and paged lists otherwise; json: always JSON and pages
  --wedged-after DUR       /livez answers 503 once the event loop stalled this long within the
                           last minute (default 10s; env PDBSCOPE_WEDGED_AFTER)
${CA_USAGE}`;

/** `90m`, `24h`, `3d` in milliseconds; throws naming the flag otherwise. */
export function parseDuration(flag: string, text: string): number {
  const seconds = durationSeconds(text);
  if (seconds === undefined)
    throw new Error(`${flag}: not a duration (e.g. 90m, 24h, 3d): ${text}`);
  return seconds * 1000;
}

/** An http(s) URL, normalised; throws naming the flag otherwise. */
export function parseHttpUrl(flag: string, text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`${flag}: not an http(s) URL: ${text}`);
  return url.toString();
}

/** Parses the command line; throws with a readable message on a bad flag. */
export function parseCli(argv: readonly string[]): CliFlags {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      context: { type: 'string' },
      namespace: { type: 'string' },
      snapshot: { type: 'string' },
      sim: { type: 'boolean', default: false },
      'allow-dry-run-verify': { type: 'boolean', default: false },
      host: { type: 'string' },
      port: { type: 'string' },
      token: { type: 'string' },
      'metrics-public': { type: 'boolean', default: false },
      'history-window': { type: 'string' },
      prometheus: { type: 'string' },
      'prometheus-range': { type: 'string' },
      'fleet-prometheus': { type: 'string' },
      'fleet-label': { type: 'string' },
      'fleet-links': { type: 'string' },
      'public-url': { type: 'string' },
      'stale-after': { type: 'string' },
      'wedged-after': { type: 'string' },
      wire: { type: 'string' },
      ...CA_FLAG_OPTIONS,
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new Error(`--port: not a port: ${values.port}`);
  const namespaces = values.namespace
    ?.split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  // The same floor as PDBSCOPE_TOKEN: a short token falls to guessing despite the rate limit.
  if (values.token !== undefined && values.token.length < 16)
    throw new Error('--token: must be at least 16 characters');
  if (values.wire !== undefined && values.wire !== 'auto' && values.wire !== 'json')
    throw new Error(`--wire: auto or json, not ${values.wire}`);
  if (values.sim && values.snapshot !== undefined)
    throw new Error('--sim and --snapshot exclude each other');
  const caOptions = parseCaFlags(values);
  return {
    ...(values.context !== undefined ? { context: values.context } : {}),
    ...(namespaces && namespaces.length > 0 ? { namespaces } : {}),
    ...(values.snapshot !== undefined ? { snapshot: values.snapshot } : {}),
    sim: values.sim,
    allowDryRunVerify: values['allow-dry-run-verify'],
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(port !== undefined ? { port } : {}),
    ...(values.token !== undefined ? { token: values.token } : {}),
    metricsPublic: values['metrics-public'],
    ...(values.prometheus !== undefined
      ? { prometheusUrl: parseHttpUrl('--prometheus', values.prometheus) }
      : {}),
    ...(values['fleet-prometheus'] !== undefined
      ? { fleetPrometheus: parseHttpUrl('--fleet-prometheus', values['fleet-prometheus']) }
      : {}),
    ...(values['fleet-label'] !== undefined ? { fleetLabel: values['fleet-label'] } : {}),
    ...(values['fleet-links'] !== undefined ? { fleetLinks: values['fleet-links'] } : {}),
    ...(values['public-url'] !== undefined
      ? { publicUrl: parseHttpUrl('--public-url', values['public-url']) }
      : {}),
    ...(values['prometheus-range'] !== undefined
      ? { prometheusRangeMs: parseDuration('--prometheus-range', values['prometheus-range']) }
      : {}),
    ...(values['history-window'] !== undefined
      ? { historyWindowMs: parseDuration('--history-window', values['history-window']) }
      : {}),
    ...(values['stale-after'] !== undefined
      ? { staleAfterMs: parseDuration('--stale-after', values['stale-after']) }
      : {}),
    ...(values.wire !== undefined ? { wire: values.wire } : {}),
    ...(values['wedged-after'] !== undefined
      ? { wedgedAfterMs: parseDuration('--wedged-after', values['wedged-after']) }
      : {}),
    ...(caOptions !== undefined ? { caOptions } : {}),
    help: values.help,
  };
}
