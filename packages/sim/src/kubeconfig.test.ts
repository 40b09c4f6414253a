import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kubeconfigFor } from './kubeconfig.js';

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
