import { describe, expect, it } from 'vitest';
import { parseGoTime } from '../go/time.js';
import { testPdb, testPod } from './__fixtures__/objects.js';
import { newCandidate, type DisruptionClass } from './candidate.js';
import type { StateNode } from './node-state.js';

const NOW = parseGoTime('2024-05-01T12:00:00Z') as bigint;

const claim = (over: Partial<NonNullable<StateNode['nodeClaim']>> = {}) => ({
  labels: { 'karpenter.sh/nodepool': 'general' },
  annotations: {},
  conditions: [],
  ...over,
});
const node = (over: Partial<NonNullable<StateNode['node']>> = {}) => ({
  labels: {
    'karpenter.sh/nodepool': 'general',
    'karpenter.sh/initialized': 'true',
    'karpenter.sh/registered': 'true',
  },
  annotations: {},
  ready: true,
  ...over,
});

function verdictOf(
  state: StateNode,
  pods = [testPod('web-7c9d-x7k2p')],
  cls: DisruptionClass = 'graceful',
) {
  const pdbs = [testPdb('web', { maxUnavailable: 1 }, 0)];
  return newCandidate({
    state,
    pods: pods.map((pod) => ({ pod, pdbs: pod.labels['app'] === 'web' ? pdbs : [] })),
    nodePoolExists: (name) => name === 'general',
    disruptionClass: cls,
    nowNs: NOW,
  });
}

function verdict(...args: Parameters<typeof verdictOf>) {
  const v = verdictOf(...args);
  return [v.disruptable, v.stage, v.message, v.event];
}

describe('NewCandidate', () => {
  it('refuses at the node first, publishing the sentence-cased error only for a managed node', () => {
    expect([
      verdict({ node: node() }),
      verdict({ nodeClaim: claim() }),
      verdict({
        nodeClaim: claim(),
        node: node({
          labels: { 'karpenter.sh/nodepool': 'general', 'karpenter.sh/registered': 'true' },
        }),
      }),
      verdict({ nodeClaim: claim({ deletionTimestamp: '2024-05-01T11:00:00Z' }), node: node() }),
      verdict({ nodeClaim: claim(), node: node(), nominated: true }),
      verdict({
        nodeClaim: claim(),
        node: node({ annotations: { 'karpenter.sh/do-not-disrupt': 'true' } }),
      }),
      verdict({
        nodeClaim: claim(),
        node: node({ annotations: { 'karpenter.sh/do-not-disrupt': '1h' } }),
      }),
    ]).toStrictEqual([
      [false, 'node', "node isn't managed by karpenter", undefined],
      [
        false,
        'node',
        'nodeclaim does not have an associated node',
        'Nodeclaim does not have an associated node',
      ],
      [false, 'node', "node isn't initialized", "Node isn't initialized"],
      [
        false,
        'node',
        'node is deleting or marked for deletion',
        'Node is deleting or marked for deletion',
      ],
      [false, 'node', 'node is nominated for a pending pod', 'Node is nominated for a pending pod'],
      [
        false,
        'node',
        'disruption is blocked through the "karpenter.sh/do-not-disrupt" annotation',
        'Disruption is blocked through the "karpenter.sh/do-not-disrupt" annotation',
      ],
      // A duration means nothing on a node; the pod's PDB then refuses.
      [
        false,
        'pods',
        'pdb prevents pod evictions (PodDisruptionBudget=[shop/web])',
        'Pdb prevents pod evictions (PodDisruptionBudget=[shop/web])',
      ],
    ]);
  });

  it('publishes DisruptionBlocked on the Node and on the NodeClaim, after the pods’ own events', () => {
    const pod = testPod('batch-1', {
      labels: { app: 'batch' },
      annotations: { 'karpenter.sh/do-not-disrupt': '2h' },
    });
    const message = 'Pod has "karpenter.sh/do-not-disrupt" annotation (Pod=shop/batch-1)';
    expect(verdictOf({ nodeClaim: claim(), node: node() }, [pod]).events).toStrictEqual([
      {
        reason: 'DoNotDisruptUntil',
        on: 'Pod',
        message: 'The karpenter.sh/do-not-disrupt grace period will elapse at 2024-05-01T13:00:00Z',
      },
      { reason: 'DisruptionBlocked', message, on: 'Node' },
      { reason: 'DisruptionBlocked', message, on: 'NodeClaim' },
    ]);
    // Without its Node, only the NodeClaim hears of it; an unmanaged node hears nothing.
    expect([
      verdictOf({ nodeClaim: claim() }).events.map((e) => e.on),
      verdictOf({ node: node() }).events,
    ]).toStrictEqual([['NodeClaim'], []]);
  });

  it('reads the NodeClaim’s metadata until the node registered', () => {
    const unregistered = node({
      labels: { 'karpenter.sh/initialized': 'true' },
      annotations: { 'karpenter.sh/do-not-disrupt': 'true' },
    });
    expect([
      verdict({ nodeClaim: claim(), node: unregistered }, []),
      verdict({ nodeClaim: claim({ labels: {} }), node: node() }, []),
      verdict({ nodeClaim: claim({ labels: {} }), node: unregistered }, []),
      verdict(
        {
          nodeClaim: claim(),
          node: node({ labels: { ...node().labels, 'karpenter.sh/nodepool': 'gpu' } }),
        },
        [],
      ),
    ]).toStrictEqual([
      [true, undefined, undefined, undefined],
      [true, undefined, undefined, undefined],
      [
        false,
        'node',
        "node doesn't have required label (label=karpenter.sh/nodepool)",
        "Node doesn't have required label (label=karpenter.sh/nodepool)",
      ],
      [false, 'nodepool', 'nodepool not found (NodePool=gpu)', 'NodePool not found (NodePool=gpu)'],
    ]);
  });

  it('lets an eventual disruption past pod errors only with a terminationGracePeriod', () => {
    const protectedPod = testPod('batch-1', {
      labels: { app: 'batch' },
      annotations: { 'karpenter.sh/do-not-disrupt': 'true' },
    });
    const state = { nodeClaim: claim({ terminationGracePeriod: '24h' }), node: node() };
    expect([
      verdict(state, [protectedPod], 'eventual'),
      verdict(state, [protectedPod], 'graceful'),
      verdict({ nodeClaim: claim(), node: node() }, [protectedPod], 'eventual'),
    ]).toStrictEqual([
      [true, undefined, undefined, undefined],
      [
        false,
        'pods',
        'pod has "karpenter.sh/do-not-disrupt" annotation (Pod=shop/batch-1)',
        'Pod has "karpenter.sh/do-not-disrupt" annotation (Pod=shop/batch-1)',
      ],
      [
        false,
        'pods',
        'pod has "karpenter.sh/do-not-disrupt" annotation (Pod=shop/batch-1)',
        'Pod has "karpenter.sh/do-not-disrupt" annotation (Pod=shop/batch-1)',
      ],
    ]);
  });
});
