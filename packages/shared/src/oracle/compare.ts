// Compares an oracle `actual` with a scenario's `expect`, with docs/oracle.md's renamings:
// `xContains` → `x` holds the substring; `eventsInclude` → `events` ⊇; `errorsContain` → some
// error holds each substring. Records compare on the expected keys; these maps compare exactly.
const EXACT_KEYS = new Set(['disruptedPods', 'unavailablePods', 'pdbStatusAfter', 'labels']);

export interface Mismatch {
  path: string;
  expected: unknown;
  actual: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isRecord(v)) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortKeys(v[k])]),
  );
}

function compareInto(expected: unknown, actual: unknown, path: string, out: Mismatch[]): void {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      out.push({ path, expected, actual });
      return;
    }
    expected.forEach((e, i) => compareInto(e, actual[i], `${path}[${i}]`, out));
    return;
  }
  if (!isRecord(expected)) {
    if (!deepEqual(expected, actual)) out.push({ path, expected, actual });
    return;
  }
  if (!isRecord(actual)) {
    out.push({ path, expected, actual });
    return;
  }
  for (const [key, e] of Object.entries(expected)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (key === 'eventsInclude') {
      const events = Array.isArray(actual['events']) ? (actual['events'] as unknown[]) : [];
      for (const r of e as unknown[])
        if (!events.includes(r)) out.push({ path: at, expected: r, actual: events });
    } else if (key === 'errorsContain') {
      const errors = Array.isArray(actual['errors'])
        ? (actual['errors'] as unknown[]).map(String)
        : [];
      for (const s of e as string[])
        if (!errors.some((x) => x.includes(s))) out.push({ path: at, expected: s, actual: errors });
    } else if (key.endsWith('Contains') && typeof e === 'string') {
      const field = key.slice(0, -'Contains'.length);
      const a = actual[field];
      if (typeof a !== 'string' || !a.includes(e)) out.push({ path: at, expected: e, actual: a });
    } else if (EXACT_KEYS.has(key)) {
      if (!deepEqual(e, actual[key])) out.push({ path: at, expected: e, actual: actual[key] });
    } else {
      compareInto(e, actual[key], at, out);
    }
  }
}

/**
 * Every way `actual` disagrees with `expect` for one scenario. For kind `eviction`, `expect` is the
 * list of each request's `expect`, compared with `actual.evictions` in order.
 */
export function compareActual(expected: unknown, actual: unknown): Mismatch[] {
  const out: Mismatch[] = [];
  compareInto(expected, actual, '', out);
  return out;
}
