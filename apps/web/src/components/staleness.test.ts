import { describe, expect, it } from 'vitest';
import type { SourceState } from '@pdbscope/shared/api';
import { pdbRow, pubRow } from '@pdbscope/shared/testing';
import type { StreamStatus } from '../api/stream-status.js';
import {
  budgetNumbersOf,
  EVERY_BUDGET,
  NODES,
  nodeNumbersOf,
  sourceMarks,
  staleFor,
  staleNamespaces,
} from './staleness.js';

const open: StreamStatus = {
  state: 'open',
  since: Date.parse('2026-11-21T19:00:00Z'),
  attempts: 0,
};

function source(id: string, state: SourceState['state'], since: string): SourceState {
  return { id, resource: `v1 ${id}`, state, since, objects: 1, forbiddenNamespaces: [] };
}

const at = (time: string) => Date.parse(`2026-11-21T${time}Z`);

/** Integer minAvailable: counted from the pods, the workloads' scale is not read. */
function withMinAvailable(namespace: string, name: string) {
  const { maxUnavailable: _scaled, ...row } = pdbRow(namespace, name, { minAvailable: 2 });
  return budgetNumbersOf(row);
}
const shopWeb = withMinAvailable('shop', 'web');
const shopWorkers = budgetNumbersOf(pdbRow('shop', 'workers', { maxUnavailable: '10%' }));
const dataZk = withMinAvailable('data', 'zookeeper');

describe('sourceMarks', () => {
  it('is nothing while the stream is open and every source the numbers read is good', () => {
    const sources = [
      source('pods', 'live', '2026-11-21T19:00:00Z'),
      source('events', 'degraded', '2026-11-21T19:05:00Z'),
      source('namespaces', 'degraded', '2026-11-21T19:05:00Z'),
      source('podunavailablebudgets.policy.kruise.io', 'absent', '2026-11-21T19:00:00Z'),
    ];
    expect(sourceMarks({ numbers: EVERY_BUDGET, stream: open, sources })).toStrictEqual({});
    expect(
      sourceMarks({
        numbers: EVERY_BUDGET,
        stream: open,
        sources: [source('nodes', 'degraded', '2026-11-21T19:05:00Z')],
      }),
    ).toStrictEqual({});
  });

  it('marks a budget only for a source of its namespace (or cluster-wide) that it reads', () => {
    const sources = [
      source('pods@shop', 'degraded', '2026-11-21T19:07:00Z'),
      source('deployments.apps@shop', 'degraded', '2026-11-21T19:03:00Z'),
      source('podunavailablebudgets.policy.kruise.io@data', 'degraded', '2026-11-21T19:01:00Z'),
      source('pods@data', 'live', '2026-11-21T19:00:00Z'),
    ];
    const marks = (numbers: typeof shopWeb) => sourceMarks({ numbers, stream: open, sources });
    expect([marks(shopWeb), marks(shopWorkers), marks(dataZk)]).toStrictEqual([
      {
        stale: {
          since: at('19:07:00'),
          causes: [{ what: 'pods@shop degraded', since: at('19:07:00'), namespace: 'shop' }],
        },
      },
      {
        stale: {
          since: at('19:03:00'),
          causes: [
            { what: 'pods@shop degraded', since: at('19:07:00'), namespace: 'shop' },
            { what: 'deployments.apps@shop degraded', since: at('19:03:00'), namespace: 'shop' },
          ],
        },
      },
      {},
    ]);
    const kruise = budgetNumbersOf(pubRow('data', 'kafka'));
    expect(marks(kruise).stale?.causes.map((c) => c.what)).toStrictEqual([
      'podunavailablebudgets.policy.kruise.io@data degraded',
    ]);
    // The overview reads every namespace: it names the ones concerned.
    const overview = marks(EVERY_BUDGET).stale;
    expect(overview === undefined ? undefined : staleNamespaces(overview)).toStrictEqual([
      'data',
      'shop',
    ]);
  });

  it('dates the numbers from the earliest cause; a lost stream or a cluster-wide source concerns every namespace', () => {
    const away: StreamStatus = { state: 'away', since: at('19:10:00'), attempts: 3 };
    const sources = [
      source('pods@shop', 'degraded', '2026-11-21T19:07:00Z'),
      source('nodes', 'degraded', '2026-11-21T19:02:00Z'),
      source('events@shop', 'degraded', '2026-11-21T19:01:00Z'),
    ];
    const budgets = sourceMarks({ numbers: EVERY_BUDGET, stream: away, sources }).stale;
    expect(budgets).toStrictEqual({
      since: at('19:07:00'),
      causes: [
        { what: 'live updates lost', since: at('19:10:00') },
        { what: 'pods@shop degraded', since: at('19:07:00'), namespace: 'shop' },
      ],
    });
    const nodes = sourceMarks({ numbers: NODES, stream: open, sources }).stale;
    expect(nodes).toStrictEqual({
      since: at('19:02:00'),
      causes: [
        { what: 'pods@shop degraded', since: at('19:07:00'), namespace: 'shop' },
        { what: 'nodes degraded', since: at('19:02:00') },
      ],
    });
    expect([budgets, nodes].map((s) => (s ? staleNamespaces(s) : null))).toStrictEqual([
      undefined,
      undefined,
    ]);
  });

  it("marks a node's page for any namespace's pods, but for budgets only of its pods' namespaces", () => {
    const node = nodeNumbersOf([{ namespace: 'data' }, { namespace: 'data' }]);
    const causes = (sources: SourceState[]) =>
      sourceMarks({ numbers: node, stream: open, sources }).stale?.causes.map((c) => c.what);
    expect([
      causes([source('pods@shop', 'degraded', '2026-11-21T19:07:00Z')]),
      causes([source('poddisruptionbudgets.policy@shop', 'degraded', '2026-11-21T19:07:00Z')]),
      causes([source('deployments.apps@data', 'degraded', '2026-11-21T19:07:00Z')]),
      nodeNumbersOf(undefined) === NODES,
    ]).toStrictEqual([['pods@shop degraded'], undefined, ['deployments.apps@data degraded'], true]);
  });

  it('tells a refused source (403) apart: not visible, not stale', () => {
    const sources = [
      source('pods@payments', 'refused', '2026-11-21T19:07:00Z'),
      source('poddisruptionbudgets.policy@payments', 'refused', '2026-11-21T19:07:00Z'),
      source('pods@shop', 'live', '2026-11-21T19:00:00Z'),
    ];
    const payments = withMinAvailable('payments', 'ledger');
    expect([
      sourceMarks({ numbers: payments, stream: open, sources }),
      sourceMarks({ numbers: shopWeb, stream: open, sources }),
      sourceMarks({ numbers: NODES, stream: open, sources }),
      sourceMarks({
        numbers: NODES,
        stream: open,
        sources: [source('pods', 'refused', '2026-11-21T19:07:00Z')],
      }),
    ]).toStrictEqual([
      {
        notVisible: {
          texts: [
            'not visible: no permission to list pods in payments',
            'not visible: no permission to list poddisruptionbudgets in payments',
          ],
          namespaces: ['payments'],
        },
      },
      {},
      {
        notVisible: {
          texts: [
            'not visible: no permission to list pods in payments',
            'not visible: no permission to list poddisruptionbudgets in payments',
          ],
          namespaces: ['payments'],
        },
      },
      { notVisible: { texts: ['not visible: no permission to list pods'] } },
    ]);
  });
});

describe('staleFor', () => {
  it('moves at most once a minute', () => {
    const since = Date.parse('2026-11-21T19:00:00Z');
    expect(
      [0, 59_000, 60_000, 119_000, 7_199_000, 7_200_000, 172_800_000].map((ms) =>
        staleFor(since, since + ms),
      ),
    ).toStrictEqual(['<1 min', '<1 min', '1 min', '1 min', '119 min', '2 h', '2 d']);
  });
});
