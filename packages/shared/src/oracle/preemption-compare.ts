// Compares a `preemption` scenario's `actual` with its `expect` as the actors' file's conventions
// say: victims compare as sets, `chosenNodeOneOf` accepts any of its nodes, `candidatesComplete`
// says whether the candidate map is the whole set, `notEvicted` pods must not be victims of the
// chosen node, `numPDBViolations` only where asserted; `versionSensitive` is about the expectation.
import { compareActual, type Mismatch } from './compare.js';

type Json = Record<string, unknown>;

const record = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

function compareCandidates(expect: Json, complete: boolean, actual: unknown, out: Mismatch[]) {
  const got = record(actual);
  if (complete && !sameSet(Object.keys(expect), Object.keys(got)))
    out.push({ path: 'candidates', expected: Object.keys(expect), actual: Object.keys(got) });
  for (const [node, e] of Object.entries(expect)) {
    const want = record(e);
    const have = got[node];
    if (have === undefined) {
      out.push({ path: `candidates.${node}`, expected: want, actual: undefined });
      continue;
    }
    const victims = strings(record(have)['victims']);
    if (!sameSet(strings(want['victims']), victims))
      out.push({ path: `candidates.${node}.victims`, expected: want['victims'], actual: victims });
    if (
      want['numPDBViolations'] !== undefined &&
      want['numPDBViolations'] !== record(have)['numPDBViolations']
    )
      out.push({
        path: `candidates.${node}.numPDBViolations`,
        expected: want['numPDBViolations'],
        actual: record(have)['numPDBViolations'],
      });
  }
}

/** Every way a preemption scenario's `actual` disagrees with its `expect`. */
export function comparePreemption(expect: unknown, actual: unknown): Mismatch[] {
  const want = record(expect);
  const got = record(actual);
  const out: Mismatch[] = [];
  for (const [key, e] of Object.entries(want)) {
    switch (key) {
      case 'versionSensitive':
      case 'candidatesComplete':
        break;
      case 'chosenNodeOneOf':
        if (!strings(e).includes(String(got['chosenNode'])))
          out.push({ path: key, expected: e, actual: got['chosenNode'] });
        break;
      case 'candidates':
        compareCandidates(record(e), want['candidatesComplete'] !== false, got[key], out);
        break;
      case 'notEvicted': {
        const kept = strings(got[key]);
        for (const pod of strings(e))
          if (!kept.includes(pod)) out.push({ path: key, expected: pod, actual: kept });
        break;
      }
      default:
        out.push(...compareActual({ [key]: e }, { [key]: got[key] }));
    }
  }
  return out;
}
