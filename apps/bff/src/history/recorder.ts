import type { PodView } from '@pdbscope/shared';
import type { BudgetRef, BudgetRow } from '@pdbscope/shared/api';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { StoreHub } from '../events/store-hub.js';
import type { Clock, TimerHandle } from '@pdbscope/shared/clock';
import type { BudgetHistory } from './budget-history.js';

export interface HistoryRecorderOptions {
  history: BudgetHistory;
  hub: Pick<StoreHub, 'subscribe'>;
  clock: Clock;
  /** The index once ready (a pod's previous state and its budgets are read there). */
  index(): ClusterIndex | undefined;
  /** Resolves when the rows are first published (they are not sent as events). */
  whenReady: Promise<void>;
  rows(): Iterable<BudgetRow>;
  /** How often what left the window is dropped everywhere (default 10 minutes). */
  pruneEveryMs?: number;
}

export interface HistoryRecorder {
  /** A pod as it arrives, before the index has it: its change from the stored one may be a mark. */
  observePod(pod: PodView): void;
  stop(): void;
}

const evicted = (pod: PodView | undefined) =>
  pod?.disruptionTarget?.status === 'True' &&
  pod.disruptionTarget.reason === 'EvictionByEvictionAPI';

/**
 * Feeds the history: each row the clients are sent (budget-added/changed, and every row once at
 * ready), removed budgets, and pods whose eviction was admitted or that stopped being Ready.
 */
export function recordHistory(options: HistoryRecorderOptions): HistoryRecorder {
  const { history, clock } = options;
  const now = () => clock.now().getTime();
  let stopped = false;
  const unsubscribe = options.hub.subscribe((event) => {
    if (event.type === 'budget-added' || event.type === 'budget-changed')
      history.record(event.budget, Date.parse(event.at));
    else if (event.type === 'budget-removed') history.forget(event.ref);
  });
  void options.whenReady.then(() => {
    if (stopped) return;
    const at = now();
    for (const row of options.rows()) history.record(row, at);
  });
  let timer: TimerHandle | undefined;
  const prune = () => {
    history.prune(now());
    timer = clock.setTimeout(prune, options.pruneEveryMs ?? 600_000);
  };
  timer = clock.setTimeout(prune, options.pruneEveryMs ?? 600_000);
  return {
    observePod: (pod) => {
      const index = options.index();
      const before = index?.pod(pod);
      if (!index || !before) return;
      const type =
        evicted(pod) && !evicted(before)
          ? 'evicted'
          : before.ready && !pod.ready && pod.deletionTimestamp === undefined
            ? 'unready'
            : undefined;
      if (!type) return;
      const covering = index.budgetsForPod(pod);
      const mark = { at: now(), type, pod: pod.name } as const;
      for (const budget of [...covering.pdbs, ...covering.pubs])
        history.mark(
          { kind: budget.kind, namespace: budget.namespace, name: budget.name } as BudgetRef,
          mark,
        );
    },
    stop: () => {
      stopped = true;
      unsubscribe();
      timer?.cancel();
    },
  };
}
