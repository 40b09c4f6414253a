import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareActual, DEFAULT_NOW, readScenarioFile, runScenario } from '../src/oracle/index.js';

// The Cluster Autoscaler and Karpenter scenarios of the actors' oracle (docs/actors.md §2, §3),
// each through the command's code path, every expected field compared.
const ACTORS = fileURLToPath(new URL('../oracle/actors.json', import.meta.url));
const parsed = readScenarioFile(JSON.parse(readFileSync(ACTORS, 'utf8')));
if (!parsed.ok) throw new Error(parsed.error);
const KINDS = ['ca-drainability', 'karpenter-disruption'];
const scenarios = parsed.value.scenarios.filter((s) => KINDS.includes(s.kind));

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields about the expectation itself, never outputs. */
const META = new Set(['asserted', 'versionSensitive', 'blockingPdbsOrderInsensitive']);
/** Pod lists CA's test compares as sets. */
const POD_SETS = new Set(['podsToMove', 'daemonSetPods', 'onCompletionPods']);

const sorted = (v: unknown): unknown => (Array.isArray(v) ? [...(v as string[])].sort() : v);

/**
 * The expectation in the shape of `actual`, and the actual value made comparable: metadata
 * dropped, sets sorted on both sides, `xContains` lists and `eventsAbsent` checked here (they
 * become `true` when they hold).
 */
function comparable(expected: Json, actual: Json): { expected: Json; actual: Json } {
  const e: Json = {};
  const a: Json = { ...actual };
  for (const [key, value] of Object.entries(expected)) {
    if (META.has(key)) continue;
    if (key === 'perPod' && isRecord(value) && isRecord(actual['perPod'])) {
      const pods: Json = {};
      for (const [pod, entry] of Object.entries(value))
        pods[pod] = isRecord(entry)
          ? Object.fromEntries(Object.entries(entry).filter(([k]) => !META.has(k)))
          : entry;
      e[key] = pods;
    } else if (
      POD_SETS.has(key) ||
      (key === 'blockingPdbs' && expected['blockingPdbsOrderInsensitive'])
    ) {
      e[key] = sorted(value);
      a[key] = sorted(actual[key]);
    } else if (key.endsWith('Contains') && Array.isArray(value)) {
      const field = key.slice(0, -'Contains'.length);
      const text = actual[field];
      e[key] = true;
      a[key] = typeof text === 'string' && value.every((part) => text.includes(String(part)));
    } else if (key === 'eventsAbsent' && Array.isArray(value)) {
      const events = Array.isArray(actual['events']) ? (actual['events'] as unknown[]) : [];
      e[key] = true;
      a[key] = value.every((absent) => !events.some((ev) => String(ev).includes(String(absent))));
    } else e[key] = value;
  }
  return { expected: e, actual: a };
}

describe('oracle: Cluster Autoscaler and Karpenter scenarios agree with the engine', () => {
  it('has the public scenarios of both kinds', () => {
    expect(scenarios.filter((s) => s.kind === 'ca-drainability')).toHaveLength(89);
    expect(scenarios.filter((s) => s.kind === 'karpenter-disruption')).toHaveLength(47);
  });

  it.each(scenarios.map((s) => [s.id, s] as const))('%s', (_id, s) => {
    const result = runScenario(s, parsed.value.defaultNow ?? DEFAULT_NOW);
    // getPodsToMove's `error` is a boolean output; a string means "could not evaluate".
    expect(typeof result.actual['error']).not.toBe('string');
    const { expected, actual } = comparable((s as { expect?: Json }).expect ?? {}, result.actual);
    expect(compareActual(expected, actual)).toStrictEqual([]);
  });
});
