import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SCENARIO_DIR, loadScenario } from './load.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdbscope-scenario-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function kinds(objects: { kind: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of objects) out[o.kind] = (out[o.kind] ?? 0) + 1;
  return out;
}

describe('loadScenario', () => {
  it('loads the demo set: nodes, namespaces, workloads, written-out pods and budgets', async () => {
    const result = await loadScenario(DEMO_SCENARIO_DIR);
    if (!result.ok) throw new Error(result.error);
    expect(kinds(result.value.objects)).toStrictEqual({
      PriorityClass: 2,
      NodePool: 1,
      Node: 16,
      NodeClaim: 2,
      Namespace: 11,
      Deployment: 17,
      StatefulSet: 10,
      DaemonSet: 1,
      Job: 2,
      Pod: 7,
      PodDisruptionBudget: 22,
      PodUnavailableBudget: 3,
    });
  });

  it('loads every YAML and JSON file of a directory, subdirectories included, in name order', async () => {
    await mkdir(join(dir, 'b'));
    await writeFile(
      join(dir, 'b', 'pod.yaml'),
      'apiVersion: v1\nkind: Pod\nmetadata: { name: second, namespace: x }\n',
    );
    await writeFile(
      join(dir, 'a.json'),
      JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } }),
    );
    await writeFile(join(dir, 'notes.txt'), 'not a scenario');
    const result = await loadScenario(dir);
    expect(result.ok && result.value.objects.map((o) => o.metadata.name)).toStrictEqual([
      'x',
      'second',
    ]);
  });

  it('fails with the file named when one document is malformed', async () => {
    const file = join(dir, 'broken.yaml');
    await writeFile(file, 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: "unterminated\n');
    const result = await loadScenario(file);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.startsWith(`${file}:`)).toBe(true);
  });

  it('says so when the path does not exist or holds no scenario file', async () => {
    const missing = join(dir, 'missing.yaml');
    const result = await loadScenario(missing);
    expect(!result.ok && result.error).toMatch(
      new RegExp(`^cannot read scenario ${missing}: ENOENT`),
    );
    expect(await loadScenario(dir)).toStrictEqual({
      ok: false,
      error: `scenario directory ${dir} has no .yaml, .yml or .json file`,
    });
  });
});
