import { describe, expect, it } from 'vitest';
import type { Labels } from '../model/labels.js';
import { guessPoolProvider } from './provider-guess.js';

/** Nodes as the Nodes list has them: a GKE pool, an EKS node group, an AKS pool, a plain pool. */
const NODES: { name: string; labels: Labels }[] = [
  {
    name: 'gke-prod-gpu-10',
    labels: { 'pdbscope.dev/pool': 'gpu', 'cloud.google.com/gke-nodepool': 'gpu-pool' },
  },
  {
    name: 'gke-prod-gpu-2',
    labels: { 'pdbscope.dev/pool': 'gpu', 'cloud.google.com/gke-nodepool': 'gpu-pool-b' },
  },
  {
    name: 'ip-10-0-1-17.ec2.internal',
    labels: { 'pdbscope.dev/pool': 'batch', 'eks.amazonaws.com/nodegroup': 'batch' },
  },
  {
    name: 'aks-user-12345678-vmss000000',
    labels: { 'kubernetes.azure.com/agentpool': 'user', agentpool: 'user' },
  },
  { name: 'worker-1', labels: { 'pdbscope.dev/pool': 'general' } },
];

describe('guessPoolProvider', () => {
  it("names each provider by its pool label, from the pool's first node in upgrade order", () => {
    expect({
      gke: guessPoolProvider(NODES, 'pdbscope.dev/pool=gpu'),
      eks: guessPoolProvider(NODES, 'eks.amazonaws.com/nodegroup=batch'),
      aks: guessPoolProvider(NODES, 'agentpool=user'),
    }).toStrictEqual({
      // gke-prod-gpu-2 comes before gke-prod-gpu-10, as the forecast upgrades them.
      gke: {
        provider: 'gke',
        label: 'cloud.google.com/gke-nodepool',
        value: 'gpu-pool-b',
        node: 'gke-prod-gpu-2',
      },
      eks: {
        provider: 'eks',
        label: 'eks.amazonaws.com/nodegroup',
        value: 'batch',
        node: 'ip-10-0-1-17.ec2.internal',
      },
      // The current label before the deprecated one.
      aks: {
        provider: 'aks',
        label: 'kubernetes.azure.com/agentpool',
        value: 'user',
        node: 'aks-user-12345678-vmss000000',
      },
    });
  });

  it('guesses nothing for a pool without such labels, a selector matching nothing, or one that does not read', () => {
    expect([
      guessPoolProvider(NODES, 'pdbscope.dev/pool=general'),
      guessPoolProvider(NODES, 'pdbscope.dev/pool=none'),
      guessPoolProvider(NODES, 'pdbscope.dev/pool in (gpu)'),
      guessPoolProvider([], 'pdbscope.dev/pool=gpu'),
    ]).toStrictEqual([undefined, undefined, undefined, undefined]);
  });

  it('reads != as the forecast does: nodes without the value, or without the label', () => {
    expect(
      guessPoolProvider(NODES, 'pdbscope.dev/pool!=gpu,pdbscope.dev/pool!=batch'),
    ).toStrictEqual({
      provider: 'aks',
      label: 'kubernetes.azure.com/agentpool',
      value: 'user',
      node: 'aks-user-12345678-vmss000000',
    });
  });
});
