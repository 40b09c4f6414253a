import type { TimerHandle } from '@pdbscope/shared/clock';
import { hasReadyCondition } from '@pdbscope/shared';
import { SeededRandom } from '@pdbscope/shared/synthetic';
import type { ControllerContext } from '../controllers/context.js';
import { setPodState } from '../controllers/kubelet.js';
import { isActivePod } from '../controllers/replicaset.js';
import { rfc3339 } from '../store/clock.js';
import type { Evict } from './drain.js';
import { drainablePods, httpEvict, setCordon } from './drain.js';

export interface ActivityOptions {
  ctx: ControllerContext;
  /** The simulator's own URL: drains evict through its API, as kubectl would. */
  url: string;
  seed: number;
  /** Time between two actions; default 5 s. */
  intervalMs?: number;
  /** How long a drained node stays cordoned; default 60 s. */
  drainMs?: number;
  /** Replaces the HTTP eviction (tests). */
  evict?: Evict;
}

export interface Activity {
  stop(): void;
}

const MAX_FLAPPING = 3;
const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';

type Action = 'flap' | 'rollout' | 'drain' | 'idle';

/**
 * Keeps the demo cluster moving at a readable pace, reproducibly for one seed: every interval one
 * action — a pod's readiness flaps for a while, a Deployment or StatefulSet is restarted (a rolling
 * update), or a node is cordoned and drained through the eviction API, then uncordoned. At most
 * one drain and a few flaps at a time.
 */
export function startActivity(options: ActivityOptions): Activity {
  const { ctx } = options;
  const random = new SeededRandom(options.seed * 7919 + 1);
  const interval = options.intervalMs ?? 5000;
  const drainMs = options.drainMs ?? 60_000;
  const evict = options.evict ?? httpEvict(options.url);
  const timers = new Set<TimerHandle>();
  const flapping = new Set<string>();
  let draining: { node: string; until: number } | undefined;
  let stopped = false;

  const later = (ms: number, fn: () => void): void => {
    const handle = ctx.clock.setTimeout(() => {
      timers.delete(handle);
      if (!stopped) fn();
    }, ms);
    timers.add(handle);
  };

  const flap = (): void => {
    if (flapping.size >= MAX_FLAPPING) return;
    const pods = ctx.store.list('pods');
    if (!pods.ok) return;
    const candidates = pods.value.items.filter((p) => isActivePod(p) && hasReadyCondition(p));
    if (candidates.length === 0) return;
    const pod = random.pick(candidates);
    const key = `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
    if (!setPodState(ctx, pod, 'unready')) return;
    flapping.add(key);
    later(random.int(5, 20) * 1000, () => {
      flapping.delete(key);
      setPodState(ctx, pod, 'ready');
    });
  };

  const rollout = (): void => {
    const resource = random.chance(0.7) ? 'deployments' : 'statefulsets';
    const list = ctx.store.list(resource);
    if (!list.ok || list.value.items.length === 0) return;
    const workload = random.pick(list.value.items);
    ctx.store.modify(
      resource,
      workload.metadata.namespace,
      workload.metadata.name ?? '',
      (copy) => {
        const template = ((copy['spec'] as Record<string, unknown>)['template'] ?? {}) as {
          metadata?: { annotations?: Record<string, string> };
        };
        template.metadata = {
          ...template.metadata,
          annotations: {
            ...template.metadata?.annotations,
            [RESTARTED_AT]: rfc3339(ctx.clock.now()),
          },
        };
      },
    );
  };

  const evictAll = (node: string): void => {
    for (const pod of drainablePods(ctx, node)) {
      evict(pod).catch((e: unknown) =>
        ctx.onError(`activity eviction of ${pod.metadata.name ?? ''}: ${String(e)}`),
      );
    }
  };

  const drain = (): void => {
    if (draining !== undefined) return;
    const nodes = ctx.store.list('nodes');
    if (!nodes.ok || nodes.value.items.length < 2) return;
    const node = random.pick(nodes.value.items).metadata.name ?? '';
    draining = { node, until: ctx.clock.now().getTime() + drainMs };
    setCordon(ctx, node, true);
    evictAll(node);
  };

  const continueDrain = (): void => {
    if (draining === undefined) return;
    if (ctx.clock.now().getTime() >= draining.until) {
      setCordon(ctx, draining.node, false);
      draining = undefined;
      return;
    }
    evictAll(draining.node);
  };

  const tick = (): void => {
    continueDrain();
    const action = random.weighted<Action>([
      ['flap', 45],
      ['rollout', 15],
      ['drain', 8],
      ['idle', 32],
    ]);
    if (action === 'flap') flap();
    else if (action === 'rollout') rollout();
    else if (action === 'drain') drain();
    later(interval, tick);
  };

  later(interval, tick);
  return {
    stop() {
      stopped = true;
      for (const t of timers) t.cancel();
      timers.clear();
      if (draining !== undefined) setCordon(ctx, draining.node, false);
      draining = undefined;
    },
  };
}
