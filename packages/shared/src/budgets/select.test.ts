import { describe, expect, it } from 'vitest';
import { pdb, pod } from './__fixtures__/objects.js';
import { pdbForPodEvent, pdbsForPod, selectPdbPods } from './select.js';

const web = pod('web-0', { labels: { app: 'web', tier: 'fe' } });
const bare = pod('naked', { labels: {} });

describe('selectPdbPods', () => {
  it('selects by labels in the namespace, whatever the phase', () => {
    const done = pod('web-done', { phase: 'Succeeded' });
    const other = pod('web-other-ns', { namespace: 'prod' });
    expect(selectPdbPods(pdb('web'), [web, done, other, bare])).toStrictEqual({
      ok: true,
      value: [web, done],
    });
  });

  it('selects nothing for an absent selector and everything for {} (policy/v1)', () => {
    expect(selectPdbPods(pdb('nil', { selector: null }), [web, bare])).toStrictEqual({
      ok: true,
      value: [],
    });
    expect(selectPdbPods(pdb('all', { selector: {} }), [web, bare])).toStrictEqual({
      ok: true,
      value: [web, bare],
    });
  });

  it('selects nothing for a stored policy/v1beta1 {}', () => {
    expect(
      selectPdbPods(pdb('old', { selector: {}, apiVersion: 'policy/v1beta1' }), [web, bare]),
    ).toStrictEqual({ ok: true, value: [] });
  });

  it('returns the conversion error of a bad selector', () => {
    const bad = pdb('bad', {
      selector: { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] },
    });
    expect(selectPdbPods(bad, [web])).toStrictEqual({
      ok: false,
      error:
        "values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty",
    });
    const exists = pdb('bad', {
      selector: { matchExpressions: [{ key: 'app', operator: 'Exists', values: ['a', 'b'] }] },
    });
    expect(selectPdbPods(exists, [web])).toStrictEqual({
      ok: false,
      error:
        'values: Invalid value: []string{"a", "b"}: values set must be empty for exists and does not exist',
    });
  });

  it('reports every problem of one requirement together, as Go aggregates them, but an unknown operator alone', () => {
    const both = pdb('bad', {
      selector: { matchExpressions: [{ key: '-bad', operator: 'In', values: [] }] },
    });
    expect(selectPdbPods(both, [web])).toStrictEqual({
      ok: false,
      error:
        "[key: Invalid value: \"-bad\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty]",
    });
    const op = pdb('bad', {
      selector: { matchExpressions: [{ key: '-bad', operator: 'Gt', values: [] }] },
    });
    expect(selectPdbPods(op, [web])).toStrictEqual({
      ok: false,
      error: '"Gt" is not a valid label selector operator',
    });
  });
});

describe('pdbsForPod / pdbForPodEvent', () => {
  const a = pdb('a');
  const b = pdb('b', { selector: { matchLabels: { tier: 'fe' } } });
  const broken = pdb('broken', {
    selector: { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] },
  });

  it('skips PDBs whose selector does not convert', () => {
    expect(pdbsForPod(web, [broken, a]).map((p) => p.name)).toStrictEqual(['a']);
  });

  it('enqueues the first PDB and warns on the pod when several match', () => {
    expect(pdbForPodEvent(web, [a, b])).toStrictEqual({
      pdb: a,
      event: {
        type: 'Warning',
        reason: 'MultiplePodDisruptionBudgets',
        message:
          'Pod "default"/"web-0" matches multiple PodDisruptionBudgets.  Chose "a" arbitrarily.',
        object: { kind: 'Pod', namespace: 'default', name: 'web-0' },
      },
    });
    expect(pdbForPodEvent(bare, [a, b])).toStrictEqual({});
  });
});
