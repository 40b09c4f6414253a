import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execPluginUser, type ExecPluginUser } from './exec-plugin.js';
import { allLive, converged, simControl, startHarness, type Harness } from './harness.js';

// Long enough for the plugin to run (a node process: seconds on a busy machine) well within it.
const TOKEN_TTL_MS = 5_000;

let h: Harness;
let plugin: ExecPluginUser | undefined;

beforeAll(async () => {
  h = await startHarness({
    kubeconfig: (sim) => (plugin = execPluginUser(sim, TOKEN_TTL_MS)).kubeconfig,
    tuning: { listPageSize: 5 },
  });
  await h.bff.ready();
});

afterAll(async () => {
  await h.close();
  plugin?.remove();
});

describe('the BFF with an exec plugin whose tokens expire', () => {
  it('stays live across token expiry: a paged relist with a new token', async () => {
    await converged(h);
    const first = plugin?.issued()[0] ?? '';
    await new Promise((resolve) => setTimeout(resolve, TOKEN_TTL_MS + 200));
    // The first token is refused now, as kube-apiserver refuses an expired one.
    const refused = await fetch(`${h.sim.url}/api/v1/pods`, {
      headers: { Authorization: `Bearer ${first}` },
    });
    await refused.arrayBuffer();
    // Every watch ends with 410: each source relists, in pages of 5, after its token expired.
    await simControl(h.sim, '/_sim/faults/expire-watches');
    await simControl(h.sim, '/_sim/pods/zookeeper/zookeeper-2/ready', { ready: false });
    await converged(h);
    await allLive(h.bff);
    expect([refused.status, (plugin?.issued() ?? []).length >= 2]).toStrictEqual([401, true]);
  });
});
