import type { NodeView } from '../model/node.js';
import type { Result } from '../result/index.js';
import { nodesOf, PROVIDER_DEFAULTS } from './provider-defaults.js';
import { guessProvider, type ProviderGuess } from './provider-guess.js';
import type {
  ManagedProvider,
  ProviderRules,
  TimeoutAction,
  UpgradeDrainOptions,
  UpgradeProviderName,
  UpgradeStrategy,
} from './types.js';

/** What AKS does with a node it cannot drain in time (its `undrainableNodeBehavior`). */
export type UndrainableNodeBehavior = 'Schedule' | 'Cordon';

/** Who runs the upgrade, and the options of theirs the user sets. */
export interface ProviderOptions {
  /** Default `kubectl`; `auto`: the provider the pool's node labels name, else kubectl. */
  provider?: UpgradeProviderName | 'auto';
  /** Nodes drained at a time (kubectl), or the provider's maxUnavailable (GKE, AKS: ≥ 0). */
  maxUnavailable?: number;
  /** Surge nodes (kubectl, GKE, AKS); EKS has none to set. */
  maxSurge?: number;
  /** A managed provider's drain timeout per node, in seconds (AKS's setting; a what-if on GKE, EKS). */
  drainTimeoutSeconds?: number;
  /** EKS: update with force, deleting the pods that do not leave in time. */
  forceUpdate?: boolean;
  /** AKS: `Schedule` (default, the upgrade fails) or `Cordon` (the node is quarantined). */
  undrainableNodeBehavior?: UndrainableNodeBehavior;
  /** kubectl drain's flags (kubectl only). */
  force?: boolean;
  ignoreDaemonSets?: boolean;
  deleteEmptyDirData?: boolean;
}

/** The profile an upgrade is forecast with, as the plan reports it. */
export interface UpgradeProfile {
  provider: UpgradeProviderName;
  /** The request named it; it was guessed from the nodes' labels (`auto`); or kubectl, unasked. */
  source: 'request' | 'guessed' | 'default';
  /** What the pool's node labels say, whatever the request named. */
  guess?: ProviderGuess;
  /** In the provider's terms: surge nodes (EKS: launched, up to two per zone). */
  maxSurge: number;
  /** In the provider's terms (kubectl: nodes drained at a time). */
  maxUnavailable: number;
  /** The settings the provider's defaults gave. */
  defaulted: ('maxSurge' | 'maxUnavailable' | 'drainTimeoutSeconds')[];
  /** Absent for kubectl, which waits for ever. */
  drainTimeoutSeconds?: number;
  atTimeout: 'wait' | TimeoutAction;
  forceUpdate?: boolean;
  undrainableNodeBehavior?: UndrainableNodeBehavior;
}

/** The profile, and what the forecast takes from it. */
export interface ResolvedProfile {
  profile: UpgradeProfile;
  strategy: UpgradeStrategy;
  drain: UpgradeDrainOptions;
  rules?: ProviderRules;
  /** Seconds the provider waits between a node's drain and its deletion. */
  afterDrainSeconds: number;
}

/** Managed providers' drains skip DaemonSet pods and do not refuse bare or emptyDir pods. */
const MANAGED_DRAIN: UpgradeDrainOptions = {
  force: true,
  ignoreDaemonSets: true,
  deleteEmptyDirData: true,
};

const fail = (error: string): Result<never> => ({ ok: false, error });

function atTimeoutOf(provider: ManagedProvider, o: ProviderOptions): TimeoutAction {
  if (provider === 'gke') return 'delete-pods';
  if (provider === 'eks') return o.forceUpdate === true ? 'delete-pods' : 'fail';
  return o.undrainableNodeBehavior === 'Cordon' ? 'quarantine' : 'fail';
}

/** The options that belong to another provider than the one chosen, as an error. */
function misplaced(
  provider: UpgradeProviderName,
  o: ProviderOptions,
  why: string,
): string | undefined {
  if (provider === 'kubectl' && o.drainTimeoutSeconds !== undefined)
    return `drainTimeoutSeconds applies to a managed provider (gke, eks, aks): kubectl drain waits for ever${why}`;
  if (provider !== 'eks' && o.forceUpdate !== undefined)
    return `forceUpdate is an option of EKS node group updates (provider eks), not ${provider}${why}`;
  if (provider !== 'aks' && o.undrainableNodeBehavior !== undefined)
    return `undrainableNodeBehavior is an option of AKS (provider aks), not ${provider}${why}`;
  const flags = (['force', 'ignoreDaemonSets', 'deleteEmptyDirData'] as const).filter(
    (f) => o[f] === true,
  );
  if (provider !== 'kubectl' && flags.length > 0)
    return `${flags.join(', ')} ${flags.length === 1 ? 'is an option' : 'are options'} of kubectl drain, not of ${provider}'s upgrade${why}`;
  if (provider === 'eks' && o.maxSurge !== undefined)
    return `EKS has no maxSurge to set: it launches up to two nodes per zone${why}`;
  return undefined;
}

/**
 * The provider the upgrade runs with, its settings (the user's, else the provider's documented
 * defaults, see PROVIDER_DEFAULTS), and the forecast's strategy from them: kubectl drains
 * `maxUnavailable` nodes at a time; GKE and AKS drain maxSurge + maxUnavailable; EKS drains
 * maxUnavailable and surges up to two nodes per zone of the pool (or maxUnavailable, if more).
 */
export function resolveProfile(
  options: ProviderOptions,
  /** The pool's Node objects (a snapshot may name some nodes only through their pods). */
  pool: readonly NodeView[],
  /** How many nodes the pool has. */
  size = pool.length,
): Result<ResolvedProfile> {
  const guess = guessProvider(pool);
  const asked = options.provider ?? 'kubectl';
  const provider = asked === 'auto' ? (guess?.provider ?? 'kubectl') : asked;
  const source =
    options.provider === undefined
      ? 'default'
      : asked !== 'auto'
        ? 'request'
        : guess
          ? 'guessed'
          : 'default';
  const why = source === 'guessed' && guess ? ` (guessed from node label ${guess.label})` : '';
  const wrong = misplaced(provider, options, why);
  if (wrong !== undefined) return fail(wrong);
  const common = { provider, source, ...(guess ? { guess } : {}) } as const;
  if (provider === 'kubectl') {
    const maxUnavailable = options.maxUnavailable ?? 1;
    const maxSurge = options.maxSurge ?? 0;
    if (maxUnavailable < 1) return fail('maxUnavailable must be at least 1');
    return {
      ok: true,
      value: {
        profile: { ...common, maxSurge, maxUnavailable, defaulted: [], atTimeout: 'wait' },
        strategy: { maxUnavailable, maxSurge },
        drain: {
          force: options.force ?? false,
          ignoreDaemonSets: options.ignoreDaemonSets ?? false,
          deleteEmptyDirData: options.deleteEmptyDirData ?? false,
        },
        afterDrainSeconds: 0,
      },
    };
  }
  const defaults = PROVIDER_DEFAULTS[provider];
  const maxUnavailable = options.maxUnavailable ?? nodesOf(defaults.maxUnavailable, size);
  const zones = new Set(pool.map((n) => n.labels['topology.kubernetes.io/zone'] ?? '')).size;
  const maxSurge =
    defaults.maxSurge === 'two-per-zone'
      ? Math.max(2 * Math.max(1, zones), maxUnavailable)
      : (options.maxSurge ?? nodesOf(defaults.maxSurge, size));
  const drained = defaults.surgeDrains ? maxSurge + maxUnavailable : maxUnavailable;
  if (drained < 1)
    return fail(`maxSurge and maxUnavailable are both 0: ${provider} would upgrade no node`);
  const drainTimeoutSeconds = options.drainTimeoutSeconds ?? defaults.drainTimeoutSeconds;
  const atTimeout = atTimeoutOf(provider, options);
  const defaulted = [
    ...(options.maxSurge === undefined ? (['maxSurge'] as const) : []),
    ...(options.maxUnavailable === undefined ? (['maxUnavailable'] as const) : []),
    ...(options.drainTimeoutSeconds === undefined ? (['drainTimeoutSeconds'] as const) : []),
  ];
  return {
    ok: true,
    value: {
      profile: {
        ...common,
        maxSurge,
        maxUnavailable,
        defaulted,
        drainTimeoutSeconds,
        atTimeout,
        ...(provider === 'eks' ? { forceUpdate: options.forceUpdate ?? false } : {}),
        ...(provider === 'aks'
          ? { undrainableNodeBehavior: options.undrainableNodeBehavior ?? 'Schedule' }
          : {}),
      },
      strategy: { maxUnavailable: drained, maxSurge },
      drain: MANAGED_DRAIN,
      rules: {
        provider,
        drainTimeoutSeconds,
        atTimeout,
        surgeSetting: provider !== 'eks',
        surgeDrains: defaults.surgeDrains,
      },
      afterDrainSeconds: defaults.afterDrainSeconds,
    },
  };
}
