import { ClusterIndex } from '@pdbscope/shared/index';
import { NODE_LIST_REFS, type NodeDetailResponse, type NodesResponse } from '@pdbscope/shared/api';
import { ManualClock } from '@pdbscope/sim/clock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClusterObject } from '../kube/resources.js';
import { nodeListRow } from '../views/nodes.js';
import { freshList, getJson, simControl, startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  // The demo held still: on the wall clock its Trino rollout removes the old workers about a second
  // in, and a pod leaving between the list and a node's page made them disagree (worker-6: 8 pods
  // in the list, 7 on its page, on a loaded machine). Only the tests' own changes move it here.
  h = await startHarness({ sim: { clock: new ManualClock('2026-11-21T08:00:00Z') } });
  await h.bff.ready();
});
afterAll(async () => {
  await h.close();
});

const drainableStates = async () =>
  (await getJson<NodesResponse>(h.bff, '/api/nodes')).body.items.map((n) => ({
    node: n.name,
    ...n.drainableNow,
  }));

type Objects = Awaited<ReturnType<typeof freshList>>;

/**
 * What a fresh index of these objects (a fresh list of the simulator's) says for every node, in
 * the list's row shape: the live rows must equal it.
 */
function engineStates(objects: Objects) {
  const of = (kinds: string[]) => objects.filter((o) => kinds.includes(o.kind));
  const isWorkload = (o: ClusterObject) =>
    !['Pod', 'Node', 'PodDisruptionBudget', 'PodUnavailableBudget'].includes(o.kind);
  const index = new ClusterIndex(
    { now: new Date() },
    {
      pods: of(['Pod']) as never,
      nodes: of(['Node']) as never,
      budgets: of(['PodDisruptionBudget', 'PodUnavailableBudget']) as never,
      workloads: objects.filter(isWorkload) as never,
    },
  );
  return index.nodeNames().map((node) => ({ node, ...nodeListRow(index, node).drainableNow }));
}

const served = async () => engineStates(await freshList(h.sim));

/**
 * Every node's page (GET /api/nodes/{name}, its drainable now worked out afresh) says what its row
 * in the list (kept in the BFF's NodeCache) says, the list naming only the first stopping pods and
 * budgets.
 */
async function expectPagesAgreeWithList(): Promise<void> {
  const list = (await getJson<NodesResponse>(h.bff, '/api/nodes')).body.items;
  const pages = await Promise.all(
    list.map(
      async (row) =>
        (await getJson<NodeDetailResponse>(h.bff, `/api/nodes/${encodeURIComponent(row.name)}`))
          .body.node,
    ),
  );
  const trimmed = pages.map((page) => ({
    ...page,
    drainableNow: {
      ...page.drainableNow,
      pods: page.drainableNow.pods.slice(0, NODE_LIST_REFS),
      budgets: page.drainableNow.budgets.slice(0, NODE_LIST_REFS),
    },
  }));
  expect(trimmed).toStrictEqual(list);
  expect(new Set(list.map((n) => n.drainableNow.state)).size).toBeGreaterThan(1);
}

describe('GET /api/nodes, live', () => {
  it('follows a budget that goes away: the nodes it held are drainable again, as the engine says', async () => {
    const before = await drainableStates();
    expect(before).toStrictEqual(await served());
    await expectPagesAgreeWithList();
    const held = before.find((n) => n.state === 'stuck' && n.budgetCount === 1);
    const budget = held?.budgets[0];
    if (!held || !budget) throw new Error('the demo has a node one budget holds');
    expect(h.sim.store.delete('poddisruptionbudgets', budget.namespace, budget.name).ok).toBe(true);
    const after = await vi.waitFor(async () => {
      const nodes = await drainableStates();
      expect(nodes.flatMap((n) => n.budgets)).not.toContainEqual(budget);
      return nodes;
    });
    expect(after).not.toStrictEqual(before);
    expect(after).toStrictEqual(await served());
    await expectPagesAgreeWithList();
  });

  it('follows a pod that stops being Ready on another node than those it changes', async () => {
    const objects = await freshList(h.sim);
    const before = engineStates(objects);
    expect(await drainableStates()).toStrictEqual(before);
    // A Ready pod whose readiness changes what some node's drain would do.
    const unready = (pod: ClusterObject) =>
      objects.map((o) => (o === pod ? { ...o, ready: false } : o)) as Objects;
    const pod = objects.find(
      (o) =>
        o.kind === 'Pod' &&
        (o as { ready?: boolean }).ready === true &&
        JSON.stringify(engineStates(unready(o))) !== JSON.stringify(before),
    ) as { namespace: string; name: string } | undefined;
    if (!pod) throw new Error('the demo has a pod whose readiness matters');
    expect(
      await simControl(h.sim, `/_sim/pods/${pod.namespace}/${pod.name}/ready`, { ready: false }),
    ).toBe(200);
    const expected = await served();
    expect(expected).not.toStrictEqual(before);
    await vi.waitFor(async () => expect(await drainableStates()).toStrictEqual(expected));
    await expectPagesAgreeWithList();
  });
});
