import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decideEviction, pdbFromObject, podFromObject, pubFromObject } from '@pdbscope/shared';
import type { KubeObject } from '../store/index.js';
import { ManualClock, ObjectStore } from '../store/index.js';
import { createSimServer } from './create-server.js';

interface EvictionCase {
  pod: string;
  options?: {
    dryRun?: string[];
    urlName?: string;
    preconditions?: { uid?: string; resourceVersion?: string };
  };
  faults?: Record<string, boolean>;
  expect: {
    allowed: boolean;
    code: number;
    reason?: string;
    message?: string;
    messageContains?: string;
    causes?: unknown[];
    retryAfterSeconds?: number;
    podDeleted?: boolean;
    pdbStatusAfter?: {
      disruptionsAllowed: number;
      disruptedPodsAdded: string[];
      condition?: Record<string, string>;
    };
  };
}

interface Scenario {
  id: string;
  kind: string;
  name: string;
  now?: string;
  pdbs: KubeObject[];
  pubs?: KubeObject[];
  pods: KubeObject[];
  evictions: EvictionCase[];
}

const oracle = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve('@pdbscope/shared/oracle/scenarios.json'),
    'utf8',
  ),
) as { defaultNow: string; scenarios: Scenario[] };

// Storage faults (a pod delete answering 409) belong to the engine's oracle; HTTP cannot inject them.
const scenarios = oracle.scenarios.filter(
  (s) => s.kind === 'eviction' && s.evictions.every((e) => e.faults === undefined),
);

async function evict(s: Scenario, e: EvictionCase): Promise<void> {
  const clock = new ManualClock(s.now ?? oracle.defaultNow);
  const store = new ObjectStore({ clock });
  for (const p of s.pods) expect(store.create('pods', p, { seed: true }).ok).toBe(true);
  for (const p of s.pdbs)
    expect(store.create('poddisruptionbudgets', p, { seed: true }).ok).toBe(true);
  for (const p of s.pubs ?? [])
    expect(store.create('podunavailablebudgets', p, { seed: true }).ok).toBe(true);
  const [namespace = '', name = ''] = e.pod.split('/');
  const pdbsBefore = store.list('poddisruptionbudgets', { namespace });
  const engine = decideEviction({
    namespace,
    podName: name,
    pod: s.pods
      .map(podFromObject)
      .flatMap((c) =>
        c.ok && c.value.namespace === namespace && c.value.name === (e.options?.urlName ?? name)
          ? [c.value]
          : [],
      )[0],
    pdbs: (pdbsBefore.ok ? pdbsBefore.value.items : [])
      .map(pdbFromObject)
      .flatMap((c) => (c.ok ? [c.value] : [])),
    pubs: (s.pubs ?? []).map(pubFromObject).flatMap((c) => (c.ok ? [c.value] : [])),
    options: {
      dryRun: e.options?.dryRun?.includes('All') ?? false,
      urlName: e.options?.urlName ?? name,
      ...(e.options?.preconditions === undefined ? {} : { preconditions: e.options.preconditions }),
    },
    now: clock.now(),
  });
  const server = await createSimServer({ store, clock });
  try {
    const url = new URL(
      `/api/v1/namespaces/${namespace}/pods/${e.options?.urlName ?? name}/eviction`,
      server.url,
    );
    if (e.options?.dryRun !== undefined)
      for (const d of e.options.dryRun) url.searchParams.append('dryRun', d);
    const body = {
      apiVersion: 'policy/v1',
      kind: 'Eviction',
      metadata: { name, namespace },
      ...(e.options?.preconditions === undefined
        ? {}
        : { deleteOptions: { preconditions: e.options.preconditions } }),
    };
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const status = (await res.json()) as {
      code: number;
      reason?: string;
      message?: string;
      details?: { causes?: unknown[]; retryAfterSeconds?: number };
    };

    expect(res.status).toBe(engine.httpStatus);
    expect(status).toStrictEqual(engine.status);
    expect(res.headers.get('retry-after')).toBe(
      (engine.retryAfterSeconds ?? 0) > 0 ? String(engine.retryAfterSeconds) : null,
    );
    expect(status.code).toBe(e.expect.code);
    if (e.expect.reason !== undefined) expect(status.reason).toBe(e.expect.reason);
    if (e.expect.message !== undefined) expect(status.message).toBe(e.expect.message);
    if (e.expect.messageContains !== undefined)
      expect(status.message).toContain(e.expect.messageContains);
    if (e.expect.causes !== undefined)
      expect(status.details?.causes ?? []).toStrictEqual(e.expect.causes);
    if (e.expect.retryAfterSeconds !== undefined)
      expect(status.details?.retryAfterSeconds ?? 0).toBe(e.expect.retryAfterSeconds);

    const podAfter = store.get('pods', namespace, name);
    const deleted = podAfter === undefined || podAfter.metadata.deletionTimestamp !== undefined;
    if (e.expect.podDeleted !== undefined) expect(deleted).toBe(e.expect.podDeleted);
    if (podAfter !== undefined && deleted) {
      const conditions = (podAfter.status as { conditions: { type: string; reason?: string }[] })
        .conditions;
      expect(conditions.find((c) => c.type === 'DisruptionTarget')?.reason).toBe(
        'EvictionByEvictionAPI',
      );
    }
    const after = e.expect.pdbStatusAfter;
    if (after !== undefined && engine.budget !== undefined) {
      const stored = store.get('poddisruptionbudgets', namespace, engine.budget.name);
      const before = s.pdbs.find((p) => p.metadata.name === engine.budget?.name);
      const st = stored?.status as {
        disruptionsAllowed: number;
        disruptedPods?: Record<string, string>;
        conditions?: Record<string, string>[];
      };
      const beforePods = Object.keys(
        (before?.status as { disruptedPods?: Record<string, string> } | undefined)?.disruptedPods ??
          {},
      );
      const added = Object.keys(st.disruptedPods ?? {}).filter((p) => !beforePods.includes(p));
      expect({
        disruptionsAllowed: st.disruptionsAllowed,
        disruptedPodsAdded: added,
      }).toStrictEqual({
        disruptionsAllowed: after.disruptionsAllowed,
        disruptedPodsAdded: after.disruptedPodsAdded,
      });
      if (after.condition !== undefined) {
        expect(st.conditions?.find((c) => c.type === after.condition?.type)).toMatchObject(
          after.condition,
        );
      }
    }
  } finally {
    await server.close();
    store.close();
  }
}

describe('POST pods/{name}/eviction agrees with the engine on the oracle scenarios', () => {
  it('covers the oracle eviction scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(25);
  });
  for (const s of scenarios) {
    it(`${s.id}: ${s.name}`, async () => {
      for (const e of s.evictions) await evict(s, e);
    });
  }
});
