import { describe, expect, it } from 'vitest';
import fixture from '../snapshot/__fixtures__/cluster.yaml?raw';
import { readSnapshot } from '../snapshot/read.js';
import type { CombinationLimits } from '../upgrade/combination.js';
import { planUpgrade } from '../upgrade/plan.js';
import { loadCluster } from './cluster.js';
import { runCli, type CliEnvironment } from './run.js';
import { formatUpgrade } from './upgrade.js';

const NOW = new Date('2024-04-28T10:00:00Z');
const readFile: CliEnvironment['readFile'] = (path) =>
  path === 'cluster.yaml' ? { ok: true, value: fixture } : { ok: false, error: 'no such file' };
const run = (...argv: string[]) => runCli({ argv, readFile, now: NOW });
const pool = ['--nodes', 'kind-worker,kind-worker2,kind-worker3'];

describe('pdbscope upgrade', () => {
  it('exits 3 when the upgrade stalls, naming the node, the pods, the budgets and ranked fixes', () => {
    const result = run('upgrade', 'cluster.yaml', ...pool, '--json');
    const { forecast, fixes } = JSON.parse(result.stdout) as {
      forecast: {
        verdict: string;
        stall: { node: string; reasons: string[]; budgets: { name: string }[] };
      };
      fixes: { outcome: string; title: string; parts?: unknown[] }[];
    };
    expect([result.exitCode, forecast.verdict]).toStrictEqual([3, 'stalls']);
    expect(forecast.stall.budgets.map((b) => b.name).length).toBeGreaterThan(0);
    expect(fixes.length).toBeGreaterThan(0);
    const text = run('upgrade', 'cluster.yaml', ...pool);
    expect(text.exitCode).toBe(3);
    expect(text.stdout).toContain('Step 1 stalls on kind-worker: 2 pods');
    expect(text.stdout).toContain('Fixes, best first');
    // No single change completes it: a 500 (two budgets) and a budget at 0 on the same node.
    expect(text.stdout).toContain(
      '  1. These 2 changes together, the fewest that let it complete (no single one is enough) — completes in 3 step(s):\n' +
        "       - Raise PodDisruptionBudget db/postgres's maxUnavailable to 1; costs: 1 of its 1 pods may be unavailable at once during the upgrade\n" +
        '       - Delete PodDisruptionBudget shop/api (overlaps another); costs: its pods stay protected only by the other budget\n',
    );
    expect(fixes[0]).toMatchObject({ outcome: 'completes', parts: [{}, {}] });
  });

  it('says when a combination may not be the smallest, or only gets furthest', () => {
    const { index } = loadCluster(readSnapshot(fixture), NOW);
    const plan = (combination: CombinationLimits) => {
      const p = planUpgrade(index, { nodes: pool[1]?.split(',') ?? [], combination }, NOW);
      if (!p.ok) throw new Error(p.error);
      return formatUpgrade(p.value.forecast, p.value.fixes).split('\n');
    };
    // The smallest search limited to its forecasts: one forecast does not finish it, growing the
    // furthest fix a stall at a time does, and two changes are as few as the stall needs.
    const one = { maxChanges: 4, maxForecasts: 1, maxFurthestChanges: 4, maxFurthestForecasts: 8 };
    expect(plan(one)).toContain(
      '  1. These 2 changes together, the fewest that let it complete (no single one is enough) — completes in 3 step(s):',
    );
    // No forecast beyond the single fixes': nothing combined.
    const none = { ...one, maxForecasts: 0, maxFurthestForecasts: 0 };
    expect(plan(none).filter((l) => l.includes('changes together'))).toStrictEqual([]);
  });

  it('exits 0 when the forecast completes', () => {
    const result = run('upgrade', 'cluster.yaml', '--nodes', 'kind-worker3');
    expect([result.exitCode, result.stdout.trimEnd().split('\n').at(-1)]).toStrictEqual([
      0,
      'The upgrade completes in 1 step(s), about 90 s (readiness: 4 workload(s) measured, 30 s otherwise).',
    ]);
  });

  it('exits 2 for a node the snapshot does not have', () => {
    const result = run('upgrade', 'cluster.yaml', '--nodes', 'no-pods-here-is-unknown');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('unknown node: no-pods-here-is-unknown');
  });

  it('exits 2 on bad usage: no pool, a selector matching nothing, a negative count', () => {
    expect(run('upgrade', 'cluster.yaml').stderr).toContain(
      'upgrade needs either --selector KEY=VALUE or --nodes A,B',
    );
    const none = run('upgrade', 'cluster.yaml', '--selector', 'pool=none');
    expect([none.exitCode, none.stderr.split('\n')[0]]).toStrictEqual([
      2,
      'pdbscope: node selector "pool=none" matches no node',
    ]);
    const negative = run('upgrade', 'cluster.yaml', ...pool, '--max-surge', '-1');
    expect([negative.exitCode, negative.stderr.split('\n')[0]]).toStrictEqual([
      2,
      'pdbscope: --max-surge needs a whole number ≥ 0, got "-1"',
    ]);
    expect(run('evaluate', 'cluster.yaml', '--max-surge', '1').stderr).toContain(
      '--max-surge only goes with upgrade, not evaluate',
    );
  });
});
