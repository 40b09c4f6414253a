import { startSim, type SimHandle } from '@pdbscope/sim';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kubeConfigFromString } from '../kube/kubeconfig.js';
import { startBff, type Bff } from '../server.js';
import { execPluginUser, type ExecPluginUser } from './exec-plugin.js';
import { freshList, indexContents, simControl } from './harness.js';

const TOKEN_TTL_MS = 1_500;

let sim: SimHandle;
let bff: Bff;
let plugin: ExecPluginUser;

async function converged(): Promise<void> {
  await vi.waitFor(
    async () => {
      const index = bff.store.index;
      if (!index) throw new Error('not ready');
      expect(indexContents(index, bff.store.namespaces())).toStrictEqual(await freshList(sim));
    },
    { timeout: 15_000, interval: 100 },
  );
}

beforeAll(async () => {
  sim = await startSim({ port: 0, demo: true, activity: false, readyDelayMs: 0 });
  plugin = execPluginUser(sim, TOKEN_TTL_MS);
  bff = await startBff({
    source: { kind: 'cluster', cluster: kubeConfigFromString(plugin.kubeconfig) },
    logger: pino({ level: 'silent' }),
    port: 0,
    tuning: {
      backoff: { initialMs: 20, maxMs: 200 },
      watchTimeoutSeconds: 30,
      watchdogMs: 60_000,
      listPageSize: 5,
    },
  });
  await bff.ready();
});

afterAll(async () => {
  await bff.close();
  await sim.close();
  plugin.remove();
});

describe('the BFF with an exec plugin whose tokens expire', () => {
  it('stays live across token expiry: a paged relist with a new token', async () => {
    await converged();
    const first = plugin.issued()[0] ?? '';
    await new Promise((resolve) => setTimeout(resolve, TOKEN_TTL_MS + 200));
    // The first token is refused now, as kube-apiserver refuses an expired one.
    const refused = await fetch(`${sim.url}/api/v1/pods`, {
      headers: { Authorization: `Bearer ${first}` },
    });
    await refused.arrayBuffer();
    // Every watch ends with 410: each source relists, in pages of 5, after its token expired.
    await simControl(sim, '/_sim/faults/expire-watches');
    await simControl(sim, '/_sim/pods/zookeeper/zookeeper-2/ready', { ready: false });
    await converged();
    await vi.waitFor(
      () =>
        expect(
          bff.store.sourceStates().filter((s) => s.state !== 'live' && s.state !== 'absent'),
        ).toStrictEqual([]),
      { timeout: 10_000 },
    );
    expect([refused.status, plugin.issued().length >= 2]).toStrictEqual([401, true]);
  });
});
