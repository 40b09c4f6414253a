import { describe, expect, it } from 'vitest';
import { labelSelectorMatches } from '../selectors/selector.js';
import { selectorsIntersect } from './static.js';
import type { LabelSelector } from '../model/labels.js';

const web: LabelSelector = { matchLabels: { app: 'web' } };
const webFrontend: LabelSelector = { matchLabels: { app: 'web', tier: 'frontend' } };
const db: LabelSelector = { matchLabels: { app: 'db' } };

describe('selectorsIntersect', () => {
  it('finds the superset selector overlapping its subset, with a witness carrying both keys', () => {
    expect(selectorsIntersect(web, webFrontend)).toStrictEqual({
      overlap: true,
      witness: { app: 'web', tier: 'frontend' },
    });
  });

  it('reports disjoint matchLabels with the conflicting key', () => {
    expect(selectorsIntersect(web, db)).toStrictEqual({
      overlap: false,
      reason: 'key "app": app=web and app=db leave no value in common',
    });
  });

  it('intersects In sets and removes NotIn values', () => {
    const a: LabelSelector = {
      matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b', 'c'] }],
    };
    const b: LabelSelector = {
      matchExpressions: [
        { key: 'zone', operator: 'In', values: ['b', 'c', 'd'] },
        { key: 'zone', operator: 'NotIn', values: ['b'] },
      ],
    };
    expect(selectorsIntersect(a, b)).toStrictEqual({ overlap: true, witness: { zone: 'c' } });
  });

  it('leaves a NotIn-only key out of the witness, since an absent key satisfies NotIn', () => {
    const a: LabelSelector = {
      matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['prod'] }],
    };
    expect(selectorsIntersect(a, web)).toStrictEqual({ overlap: true, witness: { app: 'web' } });
  });

  it('picks a fresh value for Exists that NotIn does not exclude', () => {
    const a: LabelSelector = { matchExpressions: [{ key: 'role', operator: 'Exists' }] };
    const b: LabelSelector = {
      matchExpressions: [{ key: 'role', operator: 'NotIn', values: ['x', 'x1'] }],
    };
    expect(selectorsIntersect(a, b)).toStrictEqual({ overlap: true, witness: { role: 'x2' } });
  });

  it('finds Exists and DoesNotExist on the same key disjoint', () => {
    const a: LabelSelector = { matchExpressions: [{ key: 'canary', operator: 'Exists' }] };
    const b: LabelSelector = { matchExpressions: [{ key: 'canary', operator: 'DoesNotExist' }] };
    expect(selectorsIntersect(a, b)).toStrictEqual({
      overlap: false,
      reason:
        'key "canary": canary and !canary cannot both hold (the key must be present and absent)',
    });
  });

  it('finds In and NotIn of the same values disjoint', () => {
    const a: LabelSelector = {
      matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['web'] }],
    };
    expect(selectorsIntersect(web, a)).toStrictEqual({
      overlap: false,
      reason: 'key "app": app=web and app notin (web) leave no value in common',
    });
  });

  it('treats {} as matching everything and nil as matching nothing', () => {
    expect(selectorsIntersect({}, web)).toStrictEqual({ overlap: true, witness: { app: 'web' } });
    expect(selectorsIntersect({}, {})).toStrictEqual({ overlap: true, witness: {} });
    expect(selectorsIntersect(null, web)).toStrictEqual({
      overlap: false,
      reason: 'selector a matches nothing: a nil selector matches no pod',
    });
    expect(selectorsIntersect(web, undefined)).toStrictEqual({
      overlap: false,
      reason: 'selector b matches nothing: a nil selector matches no pod',
    });
  });

  it('detects a selector that contradicts itself', () => {
    const self: LabelSelector = {
      matchLabels: { app: 'web' },
      matchExpressions: [{ key: 'app', operator: 'In', values: ['db'] }],
    };
    expect(selectorsIntersect({}, self)).toStrictEqual({
      overlap: false,
      reason:
        'selector b matches nothing: key "app": app=web and app in (db) leave no value in common',
    });
  });

  it('returns an unparsable selector as its own result instead of throwing', () => {
    const bad: LabelSelector = {
      matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }],
    };
    expect(selectorsIntersect(web, bad)).toStrictEqual({
      overlap: false,
      reason: 'selector b does not parse: "Gt" is not a valid label selector operator',
      invalid: 'b',
      error: '"Gt" is not a valid label selector operator',
    });
  });

  it('matches the v1beta1 empty selector (converted to Exists on the reserved key) only with a witness carrying that key', () => {
    const v1beta1Empty: LabelSelector = {
      matchExpressions: [
        { key: 'pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match', operator: 'Exists' },
      ],
    };
    const result = selectorsIntersect(v1beta1Empty, web);
    expect(result).toStrictEqual({
      overlap: true,
      witness: { app: 'web', 'pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match': 'x' },
    });
  });

  it('returns witnesses that both selectors really match', () => {
    const a: LabelSelector = {
      matchLabels: { 'app.kubernetes.io/name': 'hdfs' },
      matchExpressions: [
        { key: 'app.kubernetes.io/component', operator: 'In', values: ['datanode', 'namenode'] },
      ],
    };
    const b: LabelSelector = {
      matchExpressions: [
        { key: 'app.kubernetes.io/component', operator: 'NotIn', values: ['namenode'] },
        { key: 'app.kubernetes.io/role-group', operator: 'Exists' },
      ],
    };
    const result = selectorsIntersect(a, b);
    expect(result).toStrictEqual({
      overlap: true,
      witness: {
        'app.kubernetes.io/name': 'hdfs',
        'app.kubernetes.io/component': 'datanode',
        'app.kubernetes.io/role-group': 'x',
      },
    });
    if (result.overlap) {
      expect([
        labelSelectorMatches(a, result.witness),
        labelSelectorMatches(b, result.witness),
      ]).toStrictEqual([true, true]);
    }
  });
});
