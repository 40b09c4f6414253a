import { pdbFromObject, type PdbView } from '@pdbscope/shared';
import type { IndexedObject } from '@pdbscope/shared/index';
import type { BudgetListResponse, BudgetSummary, ServerEvent } from '@pdbscope/shared/api';
import { reduceBudgetList } from '@pdbscope/shared/events';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { EventHub } from '../events/hub.js';
import { ManualClock } from '@pdbscope/sim/clock';
import { zookeeper } from '../views/__fixtures__/zookeeper.js';
import { ClusterStore } from './cluster-store.js';
import { storeReader } from './reader.js';

// Never advanced: the debounced summary-changed never fires, rows must carry the summary by themselves.
const clock = new ManualClock('2026-11-21T19:40:00Z');
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A second budget over the zookeeper pods, reporting `disruptionsAllowed`. */
function budgetNamed(name: string, disruptionsAllowed: number): PdbView {
  const converted = pdbFromObject({
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: {
      name,
      namespace: 'data',
      uid: `pdb-${name}`,
      resourceVersion: `${400 + disruptionsAllowed}`,
      generation: 1,
    },
    spec: { minAvailable: 2, selector: { matchLabels: { 'app.kubernetes.io/name': 'zookeeper' } } },
    status: {
      observedGeneration: 1,
      expectedPods: 3,
      desiredHealthy: 2,
      currentHealthy: 2 + disruptionsAllowed,
      disruptionsAllowed,
    },
  });
  if (!converted.ok) throw new Error(converted.error);
  return converted.value;
}

/** The summary's row counts as the client's rows show them. */
function countsOfRows(list: BudgetListResponse): Partial<BudgetSummary> {
  const rows = list.items;
  return {
    budgets: rows.length,
    blocking: rows.filter((r) => r.flags.blocking).length,
    stale: rows.filter((r) => r.flags.stale).length,
    mismatched: rows.filter((r) => r.flags.mismatch).length,
  };
}

function countsOfSummary(list: BudgetListResponse): Partial<BudgetSummary> {
  const { budgets, blocking, stale, mismatched } = list.summary;
  return { budgets, blocking, stale, mismatched };
}

describe('the summary and the rows', () => {
  it('agree after every event a client applies, without waiting for summary-changed', async () => {
    const hub = new EventHub({ clock, epoch: 'sum' });
    const events: ServerEvent[] = [];
    hub.subscribe((event) => events.push(event));
    const store = new ClusterStore({ hub, clock, logger: pino({ level: 'silent' }) });
    const upsert = (object: IndexedObject) => () => store.apply({ type: 'upsert', object });
    const remove = (object: IndexedObject) => () => store.apply({ type: 'delete', object });
    const { sts, pods, pdb } = zookeeper();
    for (const o of [sts, pdb, ...pods]) upsert(o)();
    store.apply({ type: 'sources-settled' });
    let client = storeReader({
      store,
      sources: {
        states: () => [],
        identityChange: () => undefined,
        rawBudget: () => Promise.resolve(undefined),
      },
      meta: {
        source: 'sim',
        context: 'sim',
        server: 'http://127.0.0.1:1',
        namespaces: null,
        verifyEnabled: false,
      },
      clock,
    }).budgets({});
    // What came before the client's answer is in it.
    events.length = 0;
    const disagreements: string[] = [];
    const applied: string[] = [];
    const applyNew = () => {
      for (const event of events.splice(0)) {
        client = reduceBudgetList(client, event);
        applied.push(
          event.type === 'budget-added' || event.type === 'budget-changed'
            ? `${event.type} ${event.budget.name}`
            : event.type === 'budget-removed'
              ? `${event.type} ${event.ref.name}`
              : event.type,
        );
        const rows = countsOfRows(client);
        const summary = countsOfSummary(client);
        if (JSON.stringify(rows) !== JSON.stringify(summary))
          disagreements.push(
            `${event.type}: rows ${JSON.stringify(rows)} ≠ ${JSON.stringify(summary)}`,
          );
      }
    };
    const blocked = zookeeper({ reported: { currentHealthy: 2, disruptionsAllowed: 0 } }).pdb;
    const changes: (() => void)[] = [
      upsert(budgetNamed('zookeeper-quorum', 0)),
      upsert(blocked),
      upsert(budgetNamed('zookeeper-quorum', 1)),
      upsert(pdb),
      remove(blocked),
      upsert(budgetNamed('zookeeper-quorum', 0)),
      remove(budgetNamed('zookeeper-quorum', 0)),
    ];
    const seen: Partial<BudgetSummary>[] = [countsOfSummary(client)];
    for (const change of changes) {
      change();
      await tick();
      applyNew();
      seen.push(countsOfSummary(client));
    }
    store.stop();
    expect({ disagreements, applied, seen }).toStrictEqual({
      disagreements: [],
      applied: [
        'budget-added zookeeper-quorum',
        'budget-changed zookeeper',
        'budget-changed zookeeper-quorum',
        'budget-changed zookeeper',
        'budget-removed zookeeper',
        'budget-changed zookeeper-quorum',
        'budget-removed zookeeper-quorum',
      ],
      seen: [
        { budgets: 1, blocking: 0, stale: 0, mismatched: 0 },
        { budgets: 2, blocking: 1, stale: 0, mismatched: 1 },
        { budgets: 2, blocking: 2, stale: 0, mismatched: 2 },
        { budgets: 2, blocking: 1, stale: 0, mismatched: 1 },
        { budgets: 2, blocking: 0, stale: 0, mismatched: 0 },
        { budgets: 1, blocking: 0, stale: 0, mismatched: 0 },
        { budgets: 1, blocking: 1, stale: 0, mismatched: 1 },
        { budgets: 0, blocking: 0, stale: 0, mismatched: 0 },
      ],
    });
  });
});
