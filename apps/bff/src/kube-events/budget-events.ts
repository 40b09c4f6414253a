import type { BudgetEventsResponse, BudgetRef } from '@pdbscope/shared/api';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type { BudgetEventsReader } from '../routes/kube-events.js';
import type { EventLog } from './event-log.js';

const MAX_LISTED = 100;

/** A budget's events and its selected pods' events from the log, the latest first. */
export function budgetEventsReader(input: {
  log: EventLog;
  index(): ClusterIndex | undefined;
}): BudgetEventsReader {
  return {
    budgetEvents: (ref: BudgetRef): BudgetEventsResponse | undefined => {
      const evaluation = input.index()?.budget(ref);
      if (!evaluation) return undefined;
      const all = input.log.about([
        { kind: ref.kind, namespace: ref.namespace, name: ref.name },
        ...evaluation.pods.map((p) => ({ kind: 'Pod', namespace: p.namespace, name: p.name })),
      ]);
      return {
        budget: { kind: ref.kind, namespace: ref.namespace, name: ref.name },
        items: all.slice(0, MAX_LISTED),
        truncated: all.length > MAX_LISTED,
      };
    },
  };
}
