import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pdbscope/sim/clock';
import { parse, stringify } from 'yaml';
import { createBffMetrics } from './bff-metrics.js';

const run = promisify(execFile);
const MONITORING = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../deploy/monitoring',
);

let dir: string;
let rules: { groups: { rules: { alert: string; expr: string }[] }[] };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pdbscope-rules-'));
  const resource = parse(await readFile(path.join(MONITORING, 'prometheus-rule.yaml'), 'utf8')) as {
    kind: string;
    spec: typeof rules;
  };
  expect(resource.kind).toBe('PrometheusRule');
  rules = resource.spec;
  // promtool reads plain rule files: the PrometheusRule's spec is one.
  await writeFile(path.join(dir, 'rules.yaml'), stringify(rules));
  await copyFile(
    path.join(MONITORING, 'prometheus-rule.test.yaml'),
    path.join(dir, 'prometheus-rule.test.yaml'),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every family name GET /metrics declares (HELP lines are there even without a sample). */
async function exposedNames(): Promise<Set<string>> {
  const text = await createBffMetrics({
    rows: () => [],
    analysis: () => undefined,
    sources: () => [],
    ready: () => true,
    sseClients: () => 0,
    analysisMs: () => undefined,
    clock: new ManualClock(),
  }).exposition.metrics();
  return new Set([...text.matchAll(/^# HELP (\S+) /gm)].map((m) => m[1] as string));
}

const namesIn = (expr: string) =>
  [...expr.matchAll(/\b((?:pdbscope|process|nodejs)_[a-z_]+)\b/g)].map((m) => m[1] as string);

describe('deploy/monitoring', () => {
  it('has rules promtool accepts', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', path.join(dir, 'rules.yaml')]);
    expect(stdout).toContain('SUCCESS: 9 rules found');
  });

  it("passes promtool's unit tests of the blocking, overlap and degraded-watch alerts", async () => {
    const { stdout } = await run('promtool', [
      'test',
      'rules',
      path.join(dir, 'prometheus-rule.test.yaml'),
    ]);
    expect(stdout).toContain('SUCCESS');
  });

  it('keeps the cluster label in every alert, so a fleet routes each to its cluster', () => {
    // Every aggregation must group by the label; absent() cannot (it is the one-cluster alert,
    // PdbscopeClusterAbsent being the fleet's).
    const dropping = rules.groups
      .flatMap((g) => g.rules)
      .filter((r) => r.alert !== 'PdbscopeAbsent')
      .flatMap((r) =>
        [...r.expr.matchAll(/\b(sum|min|max|avg|count)\s*(?:by\s*\(([^)]*)\))?\s*\(/g)]
          .filter(
            (m) =>
              !(m[2] ?? '')
                .split(',')
                .map((l) => l.trim())
                .includes('cluster'),
          )
          .map((m) => `${r.alert}: ${m[0]}`),
      );
    expect(dropping).toStrictEqual([]);
  });

  it("has a fleet's scrape configuration promtool accepts", async () => {
    const { stdout } = await run('promtool', [
      'check',
      'config',
      '--syntax-only',
      path.join(MONITORING, 'fleet-prometheus.yaml'),
    ]);
    expect(stdout).toContain('SUCCESS');
  });

  it('alerts and charts only on series the BFF exposes', async () => {
    const exposed = await exposedNames();
    const dashboard = JSON.parse(
      await readFile(path.join(MONITORING, 'grafana-dashboard.json'), 'utf8'),
    ) as { panels: { title: string; targets?: { expr: string }[] }[] };
    const used = [
      ...rules.groups.flatMap((g) => g.rules.map((r) => r.expr)),
      ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)),
    ].flatMap(namesIn);
    expect(used.length).toBeGreaterThan(20);
    expect([...new Set(used)].filter((n) => !exposed.has(n))).toStrictEqual([]);
  });
});
