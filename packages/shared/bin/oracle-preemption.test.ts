import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { comparePreemption } from '../src/oracle/preemption-compare.js';
import { readScenarioFile, runScenario, type Scenario } from '../src/oracle/index.js';

// The project's copy of the actors' public scenarios (docs/actors.md); each cites its upstream test.
const ACTORS = fileURLToPath(new URL('../oracle/actors.json', import.meta.url));
const ORACLE_BIN = fileURLToPath(new URL('./oracle.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const parsed = readScenarioFile(JSON.parse(readFileSync(ACTORS, 'utf8')));
if (!parsed.ok) throw new Error(parsed.error);
type WithExpect = Scenario & { expect?: unknown };
const scenarios = parsed.value.scenarios.filter((s) => s.kind === 'preemption') as WithExpect[];

describe('oracle: every public preemption scenario agrees with the engine', () => {
  it('has the scenarios it was written for', () => {
    expect(scenarios.length).toBe(39);
  });

  it.each(scenarios.map((s) => [s.id, s] as const))('%s', (_id, s) => {
    const { actual } = runScenario(s);
    expect(actual['error']).toBeUndefined();
    expect(comparePreemption(s.expect, actual)).toStrictEqual([]);
  });
});

describe('comparePreemption', () => {
  const actual = {
    chosenNode: 'node1',
    candidates: {
      node1: { victims: ['p1.2', 'p1.1'], numPDBViolations: 0 },
      node3: { victims: ['p3.1'], numPDBViolations: 1 },
    },
    notEvicted: ['p2.1', 'p3.1'],
    status: 'Success',
  };

  it('compares victims as sets and only the listed candidates when the map is partial', () => {
    expect(
      comparePreemption(
        {
          chosenNodeOneOf: ['node1', 'node2'],
          candidates: { node1: { victims: ['p1.1', 'p1.2'] } },
          candidatesComplete: false,
          notEvicted: ['p3.1'],
          versionSensitive: true,
        },
        actual,
      ),
    ).toStrictEqual([]);
  });

  it('names each disagreement: a missing candidate, a victim set, a count, a node, an eviction', () => {
    expect(
      comparePreemption(
        {
          chosenNodeOneOf: ['node2'],
          candidates: { node1: { victims: ['p1.1'], numPDBViolations: 1 } },
          candidatesComplete: true,
          notEvicted: ['p1.1'],
          status: 'Unschedulable',
        },
        actual,
      ),
    ).toStrictEqual([
      { path: 'chosenNodeOneOf', expected: ['node2'], actual: 'node1' },
      { path: 'candidates', expected: ['node1'], actual: ['node1', 'node3'] },
      { path: 'candidates.node1.victims', expected: ['p1.1'], actual: ['p1.2', 'p1.1'] },
      { path: 'candidates.node1.numPDBViolations', expected: 1, actual: 0 },
      { path: 'notEvicted', expected: 'p1.1', actual: ['p2.1', 'p3.1'] },
      { path: 'status', expected: 'Unschedulable', actual: 'Success' },
    ]);
  });

  it('keeps pdbFilter in order', () => {
    const filter = (violating: string[], nonViolating: string[]) => ({
      pdbFilter: { violating: violating.map((pod) => ({ pod, violateCount: 1 })), nonViolating },
    });
    expect(
      comparePreemption(filter([], ['a', 'b']), filter([], ['b', 'a'])).map((m) => m.path),
    ).toStrictEqual(['pdbFilter.nonViolating[0]', 'pdbFilter.nonViolating[1]']);
  });
});

describe('oracle command on the actors file', () => {
  it('answers each preemption scenario as the engine does, through the same code path', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', ORACLE_BIN, ACTORS], {
      encoding: 'utf8',
      cwd: REPO_ROOT,
    });
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { results: { id: string; actual: unknown }[] };
    const byId = new Map(out.results.map((x) => [x.id, x.actual]));
    expect(scenarios.map((s) => byId.get(s.id))).toStrictEqual(
      scenarios.map((s) => runScenario(s).actual),
    );
  });
});
