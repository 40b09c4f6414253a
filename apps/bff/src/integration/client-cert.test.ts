import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certPluginUser, pem, type CertPluginUser } from '../__fixtures__/cert-plugin.js';
import { allLive, converged, startHarness, type Harness } from './harness.js';

let h: Harness;
let plugin: CertPluginUser | undefined;

beforeAll(async () => {
  h = await startHarness({
    sim: { tls: { cert: pem('server.crt'), key: pem('server.key'), ca: pem('ca.crt') } },
    // Certificates that live a second: client-node runs the plugin again and again.
    kubeconfig: (sim) => (plugin = certPluginUser(sim.url, 1000)).kubeconfig,
    tuning: { listPageSize: 5 },
  });
  await h.bff.ready();
});

afterAll(async () => {
  await h.close();
  plugin?.remove();
});

describe('the BFF over TLS with an exec plugin that rotates client certificates', () => {
  it('moves to the new certificate when the old one is revoked: every source live again', async () => {
    await converged(h);
    plugin?.use('b');
    h.sim.faults.revokeClientCert('client-a');
    // Every watch ends with 410: each source relists, in pages, and watches again.
    h.sim.faults.expireWatches();
    h.sim.faults.setPodReady('zookeeper', 'zookeeper-2', false);
    await converged(h);
    await allLive(h.bff);
    const issued = plugin?.issued() ?? [];
    expect([issued[0], issued.includes('b')]).toStrictEqual(['a', true]);
  });
});
