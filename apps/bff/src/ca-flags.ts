import {
  nodeDeleteOptions,
  type NodeDeleteOptions,
  type NodeDeleteOptionsInput,
} from '@pdbscope/shared/actors/cluster-autoscaler';

/**
 * Cluster Autoscaler's own flags that shape its drainability check, each prefixed `--ca-`: the
 * BFF is told how the cluster's autoscaler runs (a managed one may not run with the defaults).
 */
export const CA_FLAGS = {
  'ca-skip-nodes-with-system-pods': 'skipNodesWithSystemPods',
  'ca-skip-nodes-with-local-storage': 'skipNodesWithLocalStorage',
  'ca-skip-nodes-with-custom-controller-pods': 'skipNodesWithCustomControllerPods',
  'ca-min-replica-count': 'minReplicaCount',
  'ca-blocking-system-pod-distruption-timeout': 'bspDisruptionTimeout',
} as const satisfies Record<string, keyof NodeDeleteOptionsInput>;

export type CaFlagName = keyof typeof CA_FLAGS;

/** parseArgs' declaration of the flags: strings, so that `--ca-x=false` reads as Go's flags do. */
export const CA_FLAG_OPTIONS = Object.fromEntries(
  Object.keys(CA_FLAGS).map((name) => [name, { type: 'string' as const }]),
) as Record<CaFlagName, { type: 'string' }>;

export const CA_USAGE = `  --ca-skip-nodes-with-system-pods=BOOL, --ca-skip-nodes-with-local-storage=BOOL,
  --ca-skip-nodes-with-custom-controller-pods=BOOL, --ca-min-replica-count=N,
  --ca-blocking-system-pod-distruption-timeout=DUR
                           Cluster Autoscaler's flags of the same names (without ca-) as it runs
                           in the cluster, for the nodes' autoscaler answers (default: its
                           defaults true, true, true, 0, 1h0m0s)
`;

function parseBool(flag: string, text: string): boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new Error(`--${flag}: not true or false: ${text}`);
}

function parseCount(flag: string, text: string): number {
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new Error(`--${flag}: not a whole number ≥ 0: ${text}`);
  return n;
}

/**
 * The options the flags given set over CA's defaults; undefined when none is given. Throws one
 * sentence naming the flag on a bad value.
 */
export function parseCaFlags(
  values: Partial<Record<CaFlagName, string>>,
): NodeDeleteOptions | undefined {
  const input: NodeDeleteOptionsInput = {};
  let given = false;
  for (const flag of Object.keys(CA_FLAGS) as CaFlagName[]) {
    const text = values[flag];
    if (text === undefined) continue;
    given = true;
    const key = CA_FLAGS[flag];
    if (key === 'minReplicaCount') input.minReplicaCount = parseCount(flag, text);
    else if (key === 'bspDisruptionTimeout') input.bspDisruptionTimeout = text;
    else input[key] = parseBool(flag, text);
  }
  if (!given) return undefined;
  const options = nodeDeleteOptions(input);
  if (!options.ok)
    throw new Error(
      `--ca-blocking-system-pod-distruption-timeout: ${options.error} (e.g. 1h, 90m)`,
    );
  return options.value;
}
