import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kubeconfigFor, kubeconfigForClusters } from './kubeconfig.js';

describe('kubeconfigFor', () => {
  it('writes one cluster, context and token user, skipping TLS verification for plain http', () => {
    expect(parse(kubeconfigFor('http://127.0.0.1:40123', { namespace: 'shop' }))).toStrictEqual({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [
        {
          name: 'pdbscope-sim',
          cluster: { server: 'http://127.0.0.1:40123', 'insecure-skip-tls-verify': true },
        },
      ],
      contexts: [
        {
          name: 'pdbscope-sim',
          context: { cluster: 'pdbscope-sim', user: 'pdbscope-sim', namespace: 'shop' },
        },
      ],
      'current-context': 'pdbscope-sim',
      users: [{ name: 'pdbscope-sim', user: { token: 'pdbscope-sim' } }],
      preferences: {},
    });
  });

  it('is accepted by client-node 1.4 under the chosen context name', () => {
    const kc = new KubeConfig();
    kc.loadFromString(kubeconfigFor('http://127.0.0.1:40123', { context: 'demo' }));
    expect([
      kc.getCurrentContext(),
      kc.getCurrentCluster()?.server,
      kc.getCurrentCluster()?.skipTLSVerify,
    ]).toStrictEqual(['demo', 'http://127.0.0.1:40123', true]);
  });
});

describe('kubeconfigForClusters', () => {
  it('writes a context, cluster and user for each simulator, the first current', () => {
    const text = kubeconfigForClusters([
      { url: 'http://127.0.0.1:40123', context: 'alpha' },
      { url: 'http://127.0.0.1:40124', context: 'beta' },
    ]);
    expect(parse(text)).toStrictEqual({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: ['alpha', 'beta'].map((name, i) => ({
        name,
        cluster: { server: `http://127.0.0.1:4012${3 + i}`, 'insecure-skip-tls-verify': true },
      })),
      contexts: ['alpha', 'beta'].map((name) => ({
        name,
        context: { cluster: name, user: name },
      })),
      'current-context': 'alpha',
      users: ['alpha', 'beta'].map((name) => ({ name, user: { token: 'pdbscope-sim' } })),
      preferences: {},
    });
    const kc = new KubeConfig();
    kc.loadFromString(text);
    kc.setCurrentContext('beta');
    expect(kc.getCurrentCluster()?.server).toBe('http://127.0.0.1:40124');
  });
});
