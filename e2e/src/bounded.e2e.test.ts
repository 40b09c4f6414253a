import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BudgetDetailResponseSchema,
  FindingsResponseSchema,
  OverlapPairsResponseSchema,
  OverlapsResponseSchema,
} from '@pdbscope/shared/api';
import { startStack, type Stack } from './stack.js';

// The denial of service of issue 11: anyone allowed to create budgets in a namespace creates
// 2,000 over the same 5 pods. Pairwise, that was 2 million pairs: a 23-s block, then 2.8 GB.
const BUDGETS = 2_000;
const PODS = 5;
const NAMESPACE = 'crowd';

function scenario(): unknown {
  const items: unknown[] = [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE } }];
  for (let i = 0; i < PODS; i++) {
    items.push({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `web-${i}`, namespace: NAMESPACE, labels: { app: 'web' } },
      spec: { nodeName: 'worker-1', containers: [{ name: 'web', image: 'nginx:1.27' }] },
    });
  }
  for (let i = 0; i < BUDGETS; i++) {
    items.push({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: `web-${String(i).padStart(4, '0')}`, namespace: NAMESPACE },
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
    });
  }
  return { apiVersion: 'v1', kind: 'List', items };
}

let dir: string;
let stack: Stack;
const healthz: { status: number | string }[] = [];
let polling = true;
let poller: Promise<void>;

async function pollHealthz(url: string): Promise<void> {
  while (polling) {
    try {
      // A block like the old 23-s analysis would leave this unanswered.
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      healthz.push({ status: res.status });
    } catch (error) {
      healthz.push({ status: String(error) });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function get<T>(
  url: string,
  schema: { parse(data: unknown): T },
): Promise<{ body: T; bytes: number }> {
  const res = await fetch(url);
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${text}`);
  return { body: schema.parse(JSON.parse(text)), bytes: Buffer.byteLength(text) };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pdbscope-crowd-'));
  const file = path.join(dir, 'crowd.json');
  await writeFile(file, JSON.stringify(scenario()));
  stack = await startStack({ sim: { scenario: file, activity: false, readyDelayMs: 0 } });
  poller = pollHealthz(stack.url);
});

afterAll(async () => {
  polling = false;
  await poller;
  await stack?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('2,000 budgets over the same 5 pods', () => {
  it('are one overlap group, opened into pairs a bounded page at a time', async () => {
    const overlaps = await get(`${stack.url}/api/overlaps`, OverlapsResponseSchema);
    const [group] = overlaps.body.items;
    if (!group) throw new Error('no overlap group');
    expect({
      total: overlaps.body.total,
      budgetCount: group.budgetCount,
      listed: group.budgets.length,
      podCount: group.podCount,
      kind: group.kind,
      evictionFails: group.evictionFails,
      detectedBy: group.detectedBy,
    }).toStrictEqual({
      total: 1,
      budgetCount: BUDGETS,
      listed: 50,
      podCount: PODS,
      kind: 'live',
      evictionFails: true,
      detectedBy: ['live-pods', 'static-analysis'],
    });
    expect(overlaps.bytes).toBeLessThan(50_000);
    const pairs = await get(
      `${stack.url}/api/overlaps/${encodeURIComponent(group.id)}/pairs?limit=50`,
      OverlapPairsResponseSchema,
    );
    expect([pairs.body.items.length, pairs.body.next]).toStrictEqual([50, '0.51']);
    const next = await get(
      `${stack.url}/api/overlaps/${encodeURIComponent(group.id)}/pairs?limit=50&cursor=${pairs.body.next ?? ''}`,
      OverlapPairsResponseSchema,
    );
    expect(next.body.items[0]?.budgets.map((b) => b.name)).toStrictEqual(['web-0000', 'web-0051']);
  });

  it('make one finding for the group, and findings answer in bounded pages', async () => {
    const all = await get(`${stack.url}/api/findings?limit=20`, FindingsResponseSchema);
    expect(all.body.items.length).toBeLessThanOrEqual(20);
    expect(all.bytes).toBeLessThan(100_000);
    const group = await get(
      `${stack.url}/api/findings?rule=pods-under-multiple-budgets`,
      FindingsResponseSchema,
    );
    expect([group.body.total, group.body.items[0]?.severity]).toStrictEqual([1, 'error']);
    const detail = await get(
      `${stack.url}/api/budgets/PodDisruptionBudget/${NAMESPACE}/web-1000`,
      BudgetDetailResponseSchema,
    );
    expect(detail.body.overlaps.length).toBe(100);
  });

  it('keep the BFF under 600 MB resident, /healthz answering throughout', async () => {
    const metrics = await (await fetch(`${stack.url}/metrics`)).text();
    const rss = Number(/^process_resident_memory_bytes (\d+(?:\.\d+)?)/m.exec(metrics)?.[1]);
    expect(rss).toBeGreaterThan(0);
    expect(rss).toBeLessThan(600 * 1024 * 1024);
    expect(healthz.length).toBeGreaterThan(0);
    expect(healthz.filter((h) => h.status !== 200)).toStrictEqual([]);
  });
});
