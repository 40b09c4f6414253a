import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  compareActual,
  DEFAULT_NOW,
  readScenarioFile,
  runScenario,
  type Scenario,
} from '../src/oracle/index.js';

// The project's copy of the public scenarios (docs/oracle.md); each cites its upstream test.
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCENARIOS = fileURLToPath(new URL('../oracle/scenarios.json', import.meta.url));
const ORACLE_BIN = fileURLToPath(new URL('./oracle.ts', import.meta.url));

const parsed = readScenarioFile(JSON.parse(readFileSync(SCENARIOS, 'utf8')));
if (!parsed.ok) throw new Error(parsed.error);
const file = parsed.value;
type WithExpect = Omit<Scenario, 'evictions'> & {
  expect?: unknown;
  evictions?: readonly { expect?: unknown }[];
};

/** What a scenario expects, in the shape of `actual` (evictions: one expect per request). */
function expectationOf(s: WithExpect): unknown {
  if (s.kind === 'eviction') return { evictions: (s.evictions ?? []).map((e) => e.expect ?? {}) };
  return s.expect;
}

describe('oracle: every public scenario agrees with the engine', () => {
  it('has the scenarios it was written for', () => {
    expect(file.scenarios.length).toBeGreaterThanOrEqual(119);
  });

  it.each(file.scenarios.map((s) => [s.id, s] as const))('%s', (_id, s) => {
    const result = runScenario(s, file.defaultNow ?? DEFAULT_NOW);
    // label-selector's `error` is a boolean result; a string `error` means "could not evaluate".
    expect(typeof result.actual['error']).not.toBe('string');
    expect(compareActual(expectationOf(s as unknown as WithExpect), result.actual)).toStrictEqual(
      [],
    );
  });
});

describe('oracle command', () => {
  const run = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', ORACLE_BIN, ...args], {
      encoding: 'utf8',
      cwd: REPO_ROOT,
    });

  it('exits non-zero with a message when the file cannot be read', () => {
    const r = run(['/nonexistent/scenarios.json']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('cannot read /nonexistent/scenarios.json');
    expect(r.stdout).toBe('');
  });

  it('exits non-zero when the file is not JSON', () => {
    const r = run([ORACLE_BIN]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('is not valid JSON');
  });

  it('prints one result per scenario, in file order, and exits 0', () => {
    const r = run([SCENARIOS]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { results: { id: string }[] };
    expect(out.results.map((x) => x.id)).toStrictEqual(file.scenarios.map((s) => s.id));
  });
});
