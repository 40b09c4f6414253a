import { describe, expect, it } from 'vitest';
import type { NodeRow } from '@pdbscope/shared/api';
import { nodeRow } from '../../test/fixtures.js';
import {
  buildTileMap,
  defaultGroupKey,
  groupHeading,
  groupKeyOptions,
  mapSummary,
  tileDescription,
} from './tile-map.js';

const POOL = 'pdbscope.dev/pool';

const stuck = (pod: string, budget: string): NodeRow['drainableNow'] => ({
  state: 'stuck',
  pods: [{ kind: 'Pod', namespace: 'payments', name: pod }],
  podCount: 1,
  budgets: [{ kind: 'PodDisruptionBudget', namespace: 'payments', name: budget }],
  budgetCount: 1,
  reason: `eviction of payments/${pod} refused now, 429 (${budget})`,
});
const refused: NodeRow['drainableNow'] = {
  state: 'refused',
  pods: [{ kind: 'Pod', namespace: 'legacy', name: 'cron-runner' }],
  podCount: 1,
  budgets: [],
  budgetCount: 0,
  reason:
    'cannot delete Pods that declare no controller (use --force to override): legacy/cron-runner',
};

function pool(name: string, value: string | undefined, overrides: Partial<NodeRow> = {}) {
  const base = nodeRow(name);
  return nodeRow(name, {
    labels: value === undefined ? base.labels : { ...base.labels, [POOL]: value },
    ...overrides,
  });
}

const rows = [
  pool('batch-1', 'batch'),
  pool('batch-2', 'batch', { ready: false }),
  pool('payments-1', 'payments', { drainableNow: stuck('payments-api-0', 'payments-api') }),
  pool('payments-2', 'payments', { drainableNow: stuck('payments-api-1', 'payments-api') }),
  pool('general-1', 'general', { drainableNow: refused, unschedulable: true }),
  pool('general-2', 'general'),
  pool('control-plane-1', undefined),
];

describe('buildTileMap', () => {
  it('groups by the label, groups by name with the unlabelled last, worst first within each', () => {
    const map = buildTileMap(rows, POOL);
    expect(
      map.groups.map((g) => ({
        title: g.title,
        selector: g.selector,
        first: g.first,
        nodes: g.nodes.map((n) => n.name),
        heading: groupHeading(g),
      })),
    ).toStrictEqual([
      {
        title: 'batch',
        selector: 'pdbscope.dev/pool=batch',
        first: 0,
        nodes: ['batch-1', 'batch-2'],
        heading: 'batch: 2 nodes, 1 NotReady',
      },
      {
        title: 'general',
        selector: 'pdbscope.dev/pool=general',
        first: 2,
        nodes: ['general-1', 'general-2'],
        heading: 'general: 2 nodes, 1 refused',
      },
      {
        title: 'payments',
        selector: 'pdbscope.dev/pool=payments',
        first: 4,
        nodes: ['payments-1', 'payments-2'],
        heading: 'payments: 2 nodes, 2 stuck',
      },
      {
        title: `no ${POOL}`,
        selector: `!${POOL}`,
        first: 6,
        nodes: ['control-plane-1'],
        heading: `no ${POOL}: 1 node`,
      },
    ]);
    expect(map.counts).toStrictEqual({
      nodes: 7,
      drainable: 4,
      refused: 1,
      stuck: 2,
      unknown: 0,
      notReady: 1,
    });
    expect(mapSummary(map.counts)).toBe('7 nodes: 4 drainable, 1 refused, 2 stuck; 1 NotReady');
  });

  it('puts every node in one group without a key, stuck before refused before drainable', () => {
    const map = buildTileMap(rows, '');
    expect(map.groups).toHaveLength(1);
    expect(map.groups[0]?.title).toBe('All nodes');
    expect(map.groups[0]?.selector).toBe('');
    expect(map.groups[0]?.nodes.map((n) => n.name)).toStrictEqual([
      'payments-1',
      'payments-2',
      'general-1',
      'batch-1',
      'batch-2',
      'control-plane-1',
      'general-2',
    ]);
  });

  it('sums 5,000 nodes with separators', () => {
    const many = Array.from({ length: 5_000 }, (_, i) =>
      pool(`node-${String(i).padStart(4, '0')}`, `pool-${i % 4}`, {
        drainableNow:
          i % 10 === 0
            ? stuck(`api-${i}`, 'api')
            : i % 250 === 1
              ? refused
              : nodeRow('x').drainableNow,
      }),
    );
    const map = buildTileMap(many, POOL);
    expect(mapSummary(map.counts)).toBe('5,000 nodes: 4,480 drainable, 20 refused, 500 stuck');
    expect(map.groups.map(groupHeading)).toStrictEqual([
      'pool-0: 1,250 nodes, 250 stuck',
      'pool-1: 1,250 nodes, 10 refused',
      'pool-2: 1,250 nodes, 250 stuck',
      'pool-3: 1,250 nodes, 10 refused',
    ]);
  });
});

describe('a node whose pods are partly not visible', () => {
  const unknown: NodeRow['drainableNow'] = {
    state: 'unknown',
    pods: [],
    podCount: 0,
    budgets: [],
    budgetCount: 0,
    reason: 'unknown: pods in zookeeper not visible',
    notVisible: ['pods in zookeeper: no permission to list pods in zookeeper'],
  };
  const withUnknown = [...rows, pool('zk-1', 'general', { drainableNow: unknown })];

  it('is counted apart, never as drainable, and sorted between refused and drainable', () => {
    const map = buildTileMap(withUnknown, POOL);
    expect(map.counts).toStrictEqual({
      nodes: 8,
      drainable: 4,
      refused: 1,
      stuck: 2,
      unknown: 1,
      notReady: 1,
    });
    expect(mapSummary(map.counts)).toBe(
      '8 nodes: 4 drainable, 1 refused, 2 stuck, 1 not known; 1 NotReady',
    );
    const general = map.groups.find((g) => g.title === 'general');
    expect(general?.nodes.map((n) => n.name)).toStrictEqual(['general-1', 'zk-1', 'general-2']);
    expect(general === undefined ? '' : groupHeading(general)).toBe(
      'general: 3 nodes, 1 refused, 1 not known',
    );
  });

  it('says why on its tile', () => {
    expect(tileDescription(pool('zk-1', 'general', { drainableNow: unknown }))).toBe(
      'zk-1: not known: unknown: pods in zookeeper not visible',
    );
  });
});

describe('tileDescription', () => {
  it("says a node's name, state, health and reason", () => {
    expect(tileDescription(rows[2] as NodeRow)).toBe(
      'payments-1: stuck: eviction of payments/payments-api-0 refused now, 429 (payments-api)',
    );
    expect(tileDescription(rows[4] as NodeRow)).toBe(
      'general-1: refused, cordoned: cannot delete Pods that declare no controller (use --force to override): legacy/cron-runner',
    );
    expect(tileDescription(rows[1] as NodeRow)).toBe('batch-2: drainable, NotReady');
    expect(tileDescription(nodeRow('ghost', { known: false, ready: false }))).toBe(
      'ghost: drainable, not in the snapshot',
    );
  });
});

describe('group keys', () => {
  it('offers the pool and zone labels present first, then every other key by name', () => {
    expect(groupKeyOptions(rows)).toStrictEqual([
      POOL,
      'topology.kubernetes.io/zone',
      'kubernetes.io/hostname',
    ]);
    expect(defaultGroupKey(rows)).toBe(POOL);
  });

  it('defaults to the zone without pool labels, and to one group without either', () => {
    const gke = [nodeRow('gke-a', { labels: { 'cloud.google.com/gke-nodepool': 'default-pool' } })];
    expect(defaultGroupKey(gke)).toBe('cloud.google.com/gke-nodepool');
    expect(defaultGroupKey([nodeRow('a')])).toBe('topology.kubernetes.io/zone');
    const aks = [
      nodeRow('aks-a', { labels: { agentpool: 'system', 'kubernetes.io/os': 'linux' } }),
    ];
    expect(defaultGroupKey(aks)).toBe('agentpool');
    expect(groupKeyOptions(aks)).toStrictEqual(['agentpool', 'kubernetes.io/os']);
    expect(defaultGroupKey([nodeRow('a', { labels: { 'kubernetes.io/os': 'linux' } })])).toBe('');
  });
});
