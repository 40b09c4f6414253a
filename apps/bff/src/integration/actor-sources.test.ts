import { afterEach, describe, expect, it } from 'vitest';
import type { ClusterResponse } from '@pdbscope/shared/api';
import { startHarness, type Harness } from './harness.js';

let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ACTOR_SOURCES = [
  'nodeclaims.karpenter.sh',
  'nodepools.karpenter.sh',
  'priorityclasses.scheduling.k8s.io',
];

async function actorSources(harness: Harness) {
  await harness.bff.ready();
  const res = await fetch(`${harness.bff.url}/api/cluster`);
  const body = (await res.json()) as ClusterResponse;
  return body.sources
    .filter((s) => ACTOR_SOURCES.includes(s.id))
    .map((s) => ({
      id: s.id,
      state: s.state,
      objects: s.objects,
      ...(s.reason !== undefined ? { reason: s.reason } : {}),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

describe('the sources the actors read', () => {
  it("watches PriorityClasses and Karpenter's NodePools and NodeClaims where served", async () => {
    h = await startHarness();
    const sources = await actorSources(h);
    const objects = h.bff.store.actorObjects;
    expect({
      sources,
      classes: objects
        .priorityClasses()
        .map((c) => `${c.name}=${c.value}`)
        .sort(),
      pools: objects.nodePools().map((p) => p.name),
      claims: objects
        .nodeClaims()
        .map((c) => `${c.name}@${c.nodeName ?? ''}`)
        .sort(),
    }).toStrictEqual({
      sources: [
        { id: 'nodeclaims.karpenter.sh', state: 'live', objects: 2 },
        { id: 'nodepools.karpenter.sh', state: 'live', objects: 1 },
        { id: 'priorityclasses.scheduling.k8s.io', state: 'live', objects: 4 },
      ],
      classes: [
        'batch-low=-1000',
        'critical=1000000',
        'system-cluster-critical=2000000000',
        'system-node-critical=2000001000',
      ],
      pools: ['flex'],
      claims: ['flex-m4q7z@flex-2', 'flex-x8k2p@flex-1'],
    });
  });

  it('shows NodePools and NodeClaims absent on a cluster without Karpenter', async () => {
    h = await startHarness({ sim: { unservedGroups: ['karpenter.sh'] } });
    const sources = await actorSources(h);
    expect({
      sources,
      pools: h.bff.store.actorObjects.nodePools(),
      claims: h.bff.store.actorObjects.nodeClaims(),
    }).toStrictEqual({
      sources: [
        {
          id: 'nodeclaims.karpenter.sh',
          state: 'absent',
          objects: 0,
          reason: 'Karpenter is not installed (karpenter.sh/v1 is not served)',
        },
        {
          id: 'nodepools.karpenter.sh',
          state: 'absent',
          objects: 0,
          reason: 'Karpenter is not installed (karpenter.sh/v1 is not served)',
        },
        { id: 'priorityclasses.scheduling.k8s.io', state: 'live', objects: 4 },
      ],
      pools: [],
      claims: [],
    });
  });
});
