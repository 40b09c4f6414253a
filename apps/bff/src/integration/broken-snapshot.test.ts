import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  BudgetListResponse,
  ClusterResponse,
  FindingsResponse,
  SourceState,
} from '@pdbscope/shared/api';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startBff } from '../server.js';
import { getJson } from './harness.js';

const SNAPSHOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/shared/src/snapshot/__fixtures__/cluster.yaml',
);
const dir = mkdtempSync(path.join(tmpdir(), 'pdbscope-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The BFF on this file's content: its snapshot source and what /readyz answers. */
async function served(name: string, content: string | Buffer) {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  const bff = await startBff({
    source: { kind: 'snapshot', file },
    logger: pino({ level: 'silent' }),
    port: 0,
  });
  try {
    const cluster = (await getJson<ClusterResponse>(bff, '/api/cluster')).body;
    const ready = await fetch(`${bff.url}/readyz`);
    await ready.arrayBuffer();
    const source = cluster.sources.find((s) => s.id === 'snapshot') as SourceState;
    const readable = ready.status === 200;
    const findings = readable
      ? (await getJson<FindingsResponse>(bff, '/api/findings')).body
      : { items: [] };
    const budgets = readable
      ? (await getJson<BudgetListResponse>(bff, '/api/budgets')).body
      : { items: [] };
    return { source, ready: ready.status, clusterReady: cluster.ready, findings, budgets };
  } finally {
    await bff.close();
  }
}

describe('a snapshot that says what is wrong', () => {
  it('a file cut at 60% is an error state with the parser message and position, not ready', async () => {
    const text = readFileSync(SNAPSHOT, 'utf8');
    const cut = await served('cut.yaml', text.slice(0, Math.floor(text.length * 0.6)));
    expect([cut.source.state, cut.ready, cut.clusterReady]).toStrictEqual(['degraded', 503, false]);
    expect(cut.source.reason).toMatch(/^the snapshot could not be read: document 1 .*line \d+/);
  });

  it('garbage, binary and an empty file are visible errors, never an empty healthy cluster', async () => {
    const answers = await Promise.all([
      served('garbage.txt', 'this is not : a : snapshot ]['),
      served('binary.bin', Buffer.from([0, 159, 146, 150, 255, 0, 1, 2])),
      served('empty.yaml', ''),
    ]);
    expect(answers.map((a) => [a.source.state, a.ready, a.source.objects])).toStrictEqual([
      ['degraded', 503, 0],
      ['degraded', 503, 0],
      ['degraded', 503, 0],
    ]);
    for (const a of answers) expect(a.source.reason).toMatch(/^the snapshot /);
    expect(answers[2]?.source.reason).toBe(
      'the snapshot holds no object pdbscope reads (pods, budgets, workloads, nodes)',
    );
  });

  it('lists each unreadable object with why, as a finding too, and reports duplicates instead of replacing', async () => {
    const pdb = (name: string, min: string) =>
      `- apiVersion: policy/v1\n  kind: PodDisruptionBudget\n  metadata: {name: ${name}, namespace: shop}\n  spec: {minAvailable: ${min}, selector: {matchLabels: {app: web}}}\n`;
    const text = `apiVersion: v1\nkind: List\nitems:\n${pdb('web', '1')}${pdb('web', '2')}- apiVersion: policy/v1\n  kind: PodDisruptionBudget\n  metadata: {namespace: shop}\n`;
    const answer = await served('dupes.yaml', text);
    expect([answer.source.state, answer.source.objects, answer.ready]).toStrictEqual([
      'live',
      1,
      200,
    ]);
    expect(answer.source.unreadable).toStrictEqual([
      {
        position: 'document 1, items[1] (line 8)',
        object: 'PodDisruptionBudget shop/web',
        error:
          'a duplicate: the PodDisruptionBudget of this namespace and name at document 1, items[0] (line 4) came first and is kept',
      },
      {
        position: 'document 1, items[2] (line 12)',
        object: 'PodDisruptionBudget shop/(no name)',
        error: 'PodDisruptionBudget without metadata.name',
      },
    ]);
    expect(
      answer.findings.items
        .filter((f) => f.rule === 'unreadable-object')
        .map((f) => [f.severity, f.subject, f.message]),
    ).toStrictEqual([
      [
        'warning',
        { kind: 'PodDisruptionBudget', namespace: 'shop', name: 'web' },
        'PodDisruptionBudget shop/web at document 1, items[1] (line 8) could not be read: a duplicate: the PodDisruptionBudget of this namespace and name at document 1, items[0] (line 4) came first and is kept. It is left out of every budget, pod and node shown.',
      ],
      [
        'warning',
        { kind: 'Snapshot', namespace: '', name: 'document 1, items[2] (line 12)' },
        'PodDisruptionBudget shop/(no name) at document 1, items[2] (line 12) could not be read: PodDisruptionBudget without metadata.name. It is left out of every budget, pod and node shown.',
      ],
    ]);
    // The budget kept is the first one.
    expect(
      answer.budgets.items.map((b) => [b.name, b.kind === 'PodDisruptionBudget' && b.minAvailable]),
    ).toStrictEqual([['web', 1]]);
  });
});
