import { execFile, spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeconfigFor } from '../../kubeconfig.js';
import { ManualClock, ObjectStore } from '../../store/index.js';
import type { SimServer, SimServerOptions } from '../create-server.js';
import { createSimServer } from '../create-server.js';

export const KUBECTL = process.env.KUBECTL ?? '/usr/bin/kubectl';

export interface Harness {
  store: ObjectStore;
  clock: ManualClock;
  server: SimServer;
  kubeconfig: string;
  kubectl(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  spawnKubectl(args: string[]): ChildProcessWithoutNullStreams;
  close(): Promise<void>;
}

/**
 * A store on a manual clock, seeded, served on a free loopback port, with a kubeconfig for it;
 * `serving` plays a server without protobuf or watch-list.
 */
export async function startHarness(
  seed: (store: ObjectStore) => void,
  start = '2024-05-01T11:00:00Z',
  serving: Pick<SimServerOptions, 'protobuf' | 'watchList'> = {},
): Promise<Harness> {
  const clock = new ManualClock(start);
  let n = 0;
  const store = new ObjectStore({
    clock,
    uid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  });
  seed(store);
  const server = await createSimServer({ store, clock, ...serving });
  const dir = mkdtempSync(join(tmpdir(), 'pdbscope-sim-'));
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigFor(server.url));
  const env = {
    ...process.env,
    KUBECONFIG: kubeconfig,
    HOME: dir,
    KUBECACHEDIR: join(dir, 'cache'),
  };
  return {
    store,
    clock,
    server,
    kubeconfig,
    kubectl: (args) =>
      new Promise((resolve) => {
        execFile(KUBECTL, args, { env, timeout: 60_000 }, (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
          resolve({ code, stdout, stderr });
        });
      }),
    spawnKubectl: (args) => spawn(KUBECTL, args, { env }),
    close: async () => {
      await server.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
