import http from 'node:http';
import { startSim, type SimHandle, type StartSimOptions } from '@pdbscope/sim';
import { expect, vi } from 'vitest';
import type { ServerEvent } from '@pdbscope/shared/api';
import { parseServerEvent } from '@pdbscope/shared/events';
import type { ClusterIndex } from '@pdbscope/shared/index';
import { pino } from 'pino';
import { KubeHttp } from '../kube/http.js';
import { kubeConfigFromString } from '../kube/kubeconfig.js';
import { listAllPages } from '../kube/paged-list.js';
import {
  NODES,
  PODS,
  WORKLOADS,
  collectionPath,
  pdbSpec,
  projector,
  pubSpec,
  type ClusterObject,
  type ResourceSpec,
} from '../kube/resources.js';
import { startBff, type Bff, type StartBffOptions } from '../server.js';
import { protobufSchemaFor } from '../kube/wire.js';

export interface Harness {
  sim: SimHandle;
  bff: Bff;
  close(): Promise<void>;
}

/** The simulated demo cluster (no background activity) and a BFF connected to it over HTTP. */
export async function startHarness(
  options: Partial<
    Pick<
      StartBffOptions,
      'namespaces' | 'allowDryRunVerify' | 'logger' | 'publicUrl' | 'clock' | 'caOptions' | 'wire'
    >
  > & {
    beforeBff?: (sim: SimHandle) => void;
    /** The simulator's options beyond the demo's (e.g. `tls`, or a `clock` that holds it still). */
    sim?: Pick<
      StartSimOptions,
      'tls' | 'clock' | 'unservedGroups' | 'protobuf' | 'watchList' | 'generate' | 'demo'
    >;
    /** The BFF's kubeconfig (default: the simulator's own, with its token accepted for good). */
    kubeconfig?: (sim: SimHandle) => string;
    /** Sources' tuning beyond the short backoff every harness has. */
    tuning?: StartBffOptions['tuning'];
  } = {},
): Promise<Harness> {
  const sim = await startSim({
    port: 0,
    demo: true,
    activity: false,
    readyDelayMs: 0,
    ...options.sim,
  });
  options.beforeBff?.(sim);
  const bff = await startBff({
    source: {
      kind: 'cluster',
      cluster: kubeConfigFromString(options.kubeconfig?.(sim) ?? sim.kubeconfig()),
    },
    logger: options.logger ?? pino({ level: 'silent' }),
    port: 0,
    ...(options.namespaces ? { namespaces: options.namespaces } : {}),
    ...(options.allowDryRunVerify ? { allowDryRunVerify: true } : {}),
    ...(options.publicUrl !== undefined ? { publicUrl: options.publicUrl } : {}),
    ...(options.wire ? { wire: options.wire } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.caOptions !== undefined ? { caOptions: options.caOptions } : {}),
    tuning: {
      backoff: { initialMs: 20, maxMs: 200 },
      watchTimeoutSeconds: 30,
      watchdogMs: 60_000,
      ...options.tuning,
    },
  });
  return {
    sim,
    bff,
    close: async () => {
      await bff.close();
      await sim.close();
    },
  };
}

/**
 * Waits until the BFF's index equals a fresh list of the simulator, read in the BFF's wire form
 * (protobuf unless it was started with `--wire json`): the simulator's JSON shows zeros a real
 * server leaves out (`readyReplicas: 0`), which protobuf's `omitempty` reading drops.
 */
export async function converged(
  h: Pick<Harness, 'sim' | 'bff'>,
  timeoutMs = 15_000,
  wire: 'json' | 'protobuf' = 'protobuf',
): Promise<void> {
  await vi.waitFor(
    async () => {
      const index = h.bff.store.index;
      if (!index) throw new Error('not ready');
      expect(indexContents(index, h.bff.store.namespaces())).toStrictEqual(
        await freshList(h.sim, wire),
      );
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** Waits until no source is anything but live (or absent: not served). */
export async function allLive(bff: Bff, timeoutMs = 10_000): Promise<void> {
  await vi.waitFor(
    () =>
      expect(
        bff.sources.states().filter((s) => s.state !== 'live' && s.state !== 'absent'),
      ).toStrictEqual([]),
    { timeout: timeoutMs },
  );
}

/** POST to the simulator's control endpoints, as a test script would. */
export async function simControl(
  sim: SimHandle,
  path: string,
  body: unknown = {},
): Promise<number> {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

export async function getJson<T>(
  bff: Bff,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${bff.url}${path}`, init);
  return { status: res.status, body: (await res.json()) as T };
}

/** An SSE client on /api/events collecting every event. */
export function listen(
  bff: Bff,
  lastEventId?: string,
): {
  events: ServerEvent[];
  close(): void;
  next(match: (e: ServerEvent) => boolean): Promise<ServerEvent>;
} {
  const events: ServerEvent[] = [];
  const waiters: { match: (e: ServerEvent) => boolean; resolve: (e: ServerEvent) => void }[] = [];
  const url = new URL(`${bff.url}/api/events`);
  const req = http.get(
    {
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: lastEventId ? { 'last-event-id': lastEventId } : {},
    },
    (res) => {
      let buffer = '';
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          const event = data ? parseServerEvent(data) : undefined;
          if (!event) continue;
          events.push(event);
          for (const w of waiters.splice(0)) {
            if (w.match(event)) w.resolve(event);
            else waiters.push(w);
          }
        }
      });
    },
  );
  req.on('error', () => {});
  return {
    events,
    close: () => req.destroy(),
    next: (match) =>
      new Promise((resolve) => {
        const seen = events.find(match);
        if (seen) resolve(seen);
        else waiters.push({ match, resolve });
      }),
  };
}

type Key = string;
const keyOf = (o: ClusterObject): Key =>
  `${o.kind}/${'namespace' in o ? o.namespace : ''}/${o.name}`;

function sorted(objects: Iterable<ClusterObject>): ClusterObject[] {
  return [...objects].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}

/** Everything the simulator holds now, listed afresh and converted as the BFF converts. */
export async function freshList(
  sim: SimHandle,
  wire: 'json' | 'protobuf' = 'protobuf',
): Promise<ClusterObject[]> {
  const http = new KubeHttp(kubeConfigFromString(sim.kubeconfig()).kc);
  const specs: ResourceSpec[] = [PODS, NODES, ...WORKLOADS, pdbSpec('v1'), pubSpec('v1alpha1')];
  const lists = await Promise.all(
    specs.map((spec) =>
      listAllPages({
        http,
        path: collectionPath(spec),
        project: projector(spec, () => {}),
        ...(wire === 'protobuf' ? { protobuf: protobufSchemaFor(collectionPath(spec)) } : {}),
      }).then((l) => l.items.map((h) => h.view)),
    ),
  );
  return sorted(lists.flat());
}

/** Everything the BFF's index holds now. */
export function indexContents(index: ClusterIndex, namespaces: Iterable<string>): ClusterObject[] {
  const out: ClusterObject[] = [...index.nodes(), ...index.workloads()];
  for (const ns of namespaces) out.push(...index.podsInNamespace(ns));
  for (const e of index.budgets()) out.push(e.budget);
  return sorted(out);
}
