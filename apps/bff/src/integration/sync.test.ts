import type { PdbView } from '@pdbscope/shared';
import type {
  BudgetDetailResponse,
  BudgetListResponse,
  PdbRow,
  ServerEvent,
} from '@pdbscope/shared/api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  freshList,
  getJson,
  indexContents,
  listen,
  simControl,
  startHarness,
  type Harness,
} from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.bff.ready();
});
afterAll(async () => {
  await h.close();
});

async function converged(): Promise<void> {
  await vi.waitFor(
    async () => {
      const index = h.bff.store.index;
      if (!index) throw new Error('not ready');
      expect(indexContents(index, h.bff.store.namespaces())).toStrictEqual(await freshList(h.sim));
    },
    { timeout: 15_000, interval: 50 },
  );
}

const isZkChange = (currentHealthy: number) => (e: ServerEvent) =>
  e.type === 'budget-changed' &&
  e.budget.kind === 'PodDisruptionBudget' &&
  e.budget.name === 'zookeeper' &&
  e.budget.currentHealthy === currentHealthy;

describe('the BFF against the simulated cluster', () => {
  it('syncs: every object of a fresh list, every budget with the status the cluster reports', async () => {
    await converged();
    const list = await getJson<BudgetListResponse>(h.bff, '/api/budgets');
    const fresh = (await freshList(h.sim)).filter(
      (o): o is PdbView => o.kind === 'PodDisruptionBudget',
    );
    const rows = list.body.items.filter((r): r is PdbRow => r.kind === 'PodDisruptionBudget');
    expect(
      rows.map((r) => [r.namespace, r.name, r.disruptionsAllowed, r.currentHealthy]),
    ).toStrictEqual(
      fresh.map((p) => [p.namespace, p.name, p.status.disruptionsAllowed, p.status.currentHealthy]),
    );
    const ready = await fetch(`${h.bff.url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('streams a pod turning unready, and the budget shows it', async () => {
    const before = await getJson<BudgetDetailResponse>(
      h.bff,
      '/api/budgets/PodDisruptionBudget/zookeeper/zookeeper',
    );
    const healthy =
      before.body.reported.kind === 'PodDisruptionBudget'
        ? before.body.reported.currentHealthy
        : -1;
    const victim = before.body.lanes.available[0];
    if (!victim) throw new Error('no available zookeeper pod');
    const stream = listen(h.bff);
    expect(
      await simControl(h.sim, `/_sim/pods/${victim.namespace}/${victim.name}/ready`, {
        ready: false,
      }),
    ).toBe(200);
    const event = await stream.next(isZkChange(healthy - 1));
    stream.close();
    expect(event.type).toBe('budget-changed');
    const after = await getJson<BudgetDetailResponse>(
      h.bff,
      '/api/budgets/PodDisruptionBudget/zookeeper/zookeeper',
    );
    expect([
      after.body.budget.kind === 'PodDisruptionBudget' && after.body.budget.currentHealthy,
      after.body.lanes.unavailable.map((p) => p.name),
    ]).toStrictEqual([healthy - 1, [victim.name]]);
    await simControl(h.sim, `/_sim/pods/${victim.namespace}/${victim.name}/ready`, { ready: true });
    await converged();
  });

  it('recovers from dropped watches (clean and abrupt)', async () => {
    await simControl(h.sim, '/_sim/faults/drop-watches');
    await simControl(h.sim, '/_sim/pods/zookeeper/zookeeper-1/ready', { ready: false });
    await converged();
    await simControl(h.sim, '/_sim/faults/drop-watches', { abrupt: true });
    await simControl(h.sim, '/_sim/pods/zookeeper/zookeeper-1/ready', { ready: true });
    await converged();
  });

  it('relists after a 410', async () => {
    await simControl(h.sim, '/_sim/faults/expire-watches');
    await simControl(h.sim, '/_sim/pods/zookeeper/zookeeper-2/ready', { ready: false });
    await converged();
    await simControl(h.sim, '/_sim/pods/zookeeper/zookeeper-2/ready', { ready: true });
    await converged();
  });

  it('is degraded while lists fail, says why, and recovers', async () => {
    const stream = listen(h.bff);
    await simControl(h.sim, '/_sim/faults/fail-lists', { count: 4 });
    await simControl(h.sim, '/_sim/faults/expire-watches');
    const degraded = await stream.next(
      (e) => e.type === 'source-changed' && e.source.state === 'degraded',
    );
    expect(degraded.type === 'source-changed' && degraded.source.reason).toContain(
      'simulated list failure',
    );
    await simControl(h.sim, '/_sim/pods/zookeeper/zookeeper-0/ready', { ready: false });
    await converged();
    await vi.waitFor(
      () =>
        expect(
          h.bff.sources.states().filter((s) => s.state !== 'live' && s.state !== 'absent'),
        ).toStrictEqual([]),
      {
        timeout: 10_000,
      },
    );
    stream.close();
    await simControl(h.sim, '/_sim/pods/zookeeper/zookeeper-0/ready', { ready: true });
    await converged();
  });

  it('notices a restored cluster (resourceVersion rewound), relists and says why', async () => {
    const stream = listen(h.bff);
    await simControl(h.sim, '/_sim/faults/restart', { rewind: true });
    await simControl(h.sim, '/_sim/pods/zookeeper/zookeeper-1/ready', { ready: false });
    await converged();
    // Syncing first for the watch's 410 maybe, then for the restore, with its reason.
    const relisting = await stream.next(
      (e) =>
        e.type === 'source-changed' &&
        e.source.id === 'pods' &&
        e.source.state === 'syncing' &&
        e.source.reason?.startsWith('resourceVersion went back') === true,
    );
    expect(relisting.type === 'source-changed' && relisting.source.reason).toMatch(
      /^resourceVersion went back from \d+ to \d+: the cluster was restored or replaced$/,
    );
    stream.close();
    await simControl(h.sim, '/_sim/pods/zookeeper/zookeeper-1/ready', { ready: true });
    await converged();
  });

  it('notices a replaced cluster (every UID new, versions rewound) and holds the new objects', async () => {
    await simControl(h.sim, '/_sim/faults/restart', { rewind: true, newUids: true });
    await converged();
    const pod = [...(h.bff.store.index?.podsInNamespace('zookeeper') ?? [])][0];
    expect(pod?.uid).toBe(h.sim.store.get('pods', 'zookeeper', pod?.name ?? '')?.metadata.uid);
  });

  it('survives a restarted API server (a new resourceVersion epoch)', async () => {
    await simControl(h.sim, '/_sim/restart');
    await simControl(h.sim, '/_sim/pods/zookeeper/zookeeper-1/ready', { ready: false });
    await converged();
    await simControl(h.sim, '/_sim/pods/zookeeper/zookeeper-1/ready', { ready: true });
    await converged();
  });
});
