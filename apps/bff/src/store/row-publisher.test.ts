import { ClusterIndex } from '@pdbscope/shared/index';
import { describe, expect, it } from 'vitest';
import type { EventBody } from '../events/hub.js';
import { zookeeper } from '../views/__fixtures__/zookeeper.js';
import { budgetRow, NO_MARKS, type BudgetMarks } from '../views/rows.js';
import { RowPublisher } from './row-publisher.js';

const now = new Date('2026-11-21T19:40:00Z');
const ref = { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' } as const;
const key = 'PodDisruptionBudget/data/zookeeper';

/** A publisher over the zookeeper budget; flushes run when the test calls `runDeferred`. */
function publisherOver(index: ClusterIndex, marks: { value: BudgetMarks }) {
  const events: EventBody[] = [];
  const deferred: (() => void)[] = [];
  let flushes = 0;
  const publisher = new RowPublisher({
    publish: (event) => events.push(event),
    defer: (flush) => deferred.push(flush),
    onFlushed: () => (flushes += 1),
    current: () => ({ index, marks: marks.value }),
    summaryAfter: () => undefined,
  });
  const runDeferred = () => {
    for (const flush of deferred.splice(0)) flush();
  };
  return { publisher, events, runDeferred, flushes: () => flushes };
}

describe('RowPublisher', () => {
  it('sends one event per changed budget per burst, by its ref, and nothing for a row that did not move', () => {
    const { sts, pods, pdb } = zookeeper({});
    const index = new ClusterIndex({ now }, { pods, budgets: [pdb], workloads: [sts] });
    const { publisher, events, runDeferred, flushes } = publisherOver(index, { value: NO_MARKS });
    publisher.publishAll(index);
    const first = publisher.published.get(key);

    // Nothing moved: a flush sends nothing.
    publisher.markDirty(ref);
    publisher.markDirty(ref);
    runDeferred();
    const quiet = events.length;

    index.apply({ type: 'delete', object: pdb }, now);
    publisher.markDirty(ref);
    runDeferred();
    expect({
      first: first?.name,
      quiet,
      events,
      published: [...publisher.published.keys()],
      flushes: flushes(),
    }).toStrictEqual({
      first: 'zookeeper',
      quiet: 0,
      events: [{ type: 'budget-removed', ref }],
      published: [],
      flushes: 2,
    });
  });

  it('re-sends the rows whose overlap, findings or blocking flag an analysis moved, and only those', () => {
    const { sts, pods, pdb } = zookeeper({});
    const index = new ClusterIndex({ now }, { pods, budgets: [pdb], workloads: [sts] });
    const marks = { value: NO_MARKS };
    const { publisher, events, runDeferred } = publisherOver(index, marks);
    publisher.publishAll(index);
    const after: BudgetMarks = {
      overlapping: new Set([key]),
      findings: new Map([[key, 2]]),
      blocked: new Map([[key, 'none of its 3 pods can be evicted now']]),
    };
    marks.value = after;
    publisher.markChangedFlags(NO_MARKS, after);
    runDeferred();
    publisher.markChangedFlags(after, after);
    runDeferred();
    const evaluation = index.budget(ref);
    if (!evaluation) throw new Error('fixture');
    expect(events).toStrictEqual([
      { type: 'budget-changed', budget: budgetRow(evaluation, after) },
    ]);
  });
});
