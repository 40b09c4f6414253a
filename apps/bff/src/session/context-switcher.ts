import type { ContextsResponse, KubeContext } from '@pdbscope/shared/api';
import { onContext, withoutUserinfo } from '../kube/kubeconfig.js';
import {
  createClusterSession,
  type BffSource,
  type ClusterSession,
  type SessionSettings,
} from './cluster-session.js';

/** A switch's outcome: the contexts with the chosen one current, or why not. */
export type SwitchOutcome =
  { switched: ContextsResponse } | { unknown: string } | { refused: string };

/** What the routes see: the contexts, and a switch. */
export interface ContextControl {
  list(): ContextsResponse;
  switchTo(context: string): Promise<SwitchOutcome>;
}

/** Why a source has no contexts to switch among; undefined when it has. */
function whyNotSwitchable(source: BffSource): string | undefined {
  if (source.kind === 'snapshot')
    return 'the BFF reads a snapshot file (--snapshot), which has no contexts';
  if (source.sim)
    return 'the BFF runs the simulated demo cluster (--sim, or no kubeconfig was found), which has one context';
  if (source.cluster.source === 'in-cluster')
    return "the BFF runs with its pod's in-cluster config, not a kubeconfig";
  return undefined;
}

function contextsOf(source: BffSource): KubeContext[] {
  if (source.kind === 'snapshot') return [];
  const { kc } = source.cluster;
  return kc.getContexts().map((context) => ({
    name: context.name,
    cluster: context.cluster,
    server: withoutUserinfo(kc.getCluster(context.cluster)?.server ?? ''),
    ...(context.namespace !== undefined ? { namespace: context.namespace } : {}),
  }));
}

/**
 * Owns the watched cluster and, when the BFF runs from a kubeconfig, moves it to another of the
 * kubeconfig's contexts: the current session is closed to the page at once (nothing it still
 * publishes is sent) and stopped, a new one starts empty on the chosen context, and the page is
 * told with a `context-changed` event carrying the new cluster; `ready` follows after its sync.
 * Switches run one after another.
 */
export class ContextSwitcher implements ContextControl {
  private session: ClusterSession;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    source: BffSource,
    private readonly settings: SessionSettings,
  ) {
    this.session = createClusterSession(source, settings);
  }

  /** The switcher with its first session started (sources started, not synced). */
  static async start(source: BffSource, settings: SessionSettings): Promise<ContextSwitcher> {
    const switcher = new ContextSwitcher(source, settings);
    await switcher.session.start();
    return switcher;
  }

  /** The session the routes answer from now. */
  get current(): ClusterSession {
    return this.session;
  }

  list(): ContextsResponse {
    const source = this.session.source;
    const reason = whyNotSwitchable(source);
    return {
      current: this.session.meta.context,
      switchable: reason === undefined,
      ...(reason !== undefined ? { reason } : {}),
      contexts: contextsOf(source),
    };
  }

  switchTo(context: string): Promise<SwitchOutcome> {
    const run = this.queue.then(() => this.switchNow(context));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async stop(): Promise<void> {
    await this.queue;
    await this.session.stop();
  }

  private async switchNow(context: string): Promise<SwitchOutcome> {
    const source = this.session.source;
    const reason = whyNotSwitchable(source);
    if (reason !== undefined || source.kind !== 'cluster')
      return { refused: `cannot switch context: ${reason ?? 'no kubeconfig'}` };
    const names = contextsOf(source).map((c) => c.name);
    if (!names.includes(context))
      return {
        unknown: `no context "${context}" in the kubeconfig (have: ${names.join(', ') || 'none'})`,
      };
    if (context === this.session.meta.context) return { switched: this.list() };
    const before = this.session;
    const next = createClusterSession(
      { kind: 'cluster', cluster: onContext(source.cluster, context) },
      this.settings,
    );
    // Closed to the page before the next one speaks: its last events are never mixed in.
    const stopping = before.stop();
    this.session = next;
    this.settings.hub.publish({ type: 'context-changed', cluster: next.reader.cluster() });
    this.settings.logger.info(
      { from: before.meta.context, context, server: next.meta.server },
      'switched context: watching it from scratch',
    );
    await Promise.all([stopping, next.start()]);
    return { switched: this.list() };
  }
}
