import { describe, expect, it } from 'vitest';
import type { Budget } from '../model/budget.js';
import { labelSelectorMatches } from '../selectors/selector.js';
import { analyzeOverlaps } from './analyze.js';
import { pdb, pod, pub } from './__fixtures__/objects.js';

const pods = [
  pod('shop', 'web-0', { app: 'web', tier: 'frontend' }),
  pod('shop', 'web-1', { app: 'web' }),
  pod('shop', 'api-0', { app: 'api' }),
];

function podsOf(budget: Budget) {
  if (budget.kind === 'PodUnavailableBudget' && budget.spec.targetRef) return [];
  return pods.filter(
    (p) => p.namespace === budget.namespace && labelSelectorMatches(budget.spec.selector, p.labels),
  );
}

const ref = (kind: string, name: string) => ({ kind, namespace: 'shop', name });

describe('analyzeOverlaps', () => {
  it('merges live, static and OpenKruise rules per pair and keeps potential overlaps apart', () => {
    const budgets = [
      pdb('shop', 'web', { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 }),
      pdb('shop', 'frontend', {
        selector: { matchLabels: { tier: 'frontend' } },
        maxUnavailable: 1,
      }),
      pdb('shop', 'canary', {
        selector: { matchLabels: { app: 'web', track: 'canary' } },
        maxUnavailable: 1,
      }),
      pdb('shop', 'api', { selector: { matchLabels: { app: 'api' } }, minAvailable: 1 }),
      pdb('shop', 'broken', {
        selector: { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] },
      }),
    ];
    const report = analyzeOverlaps({ budgets, podsOf });
    const web = ref('PodDisruptionBudget', 'web');
    const frontend = ref('PodDisruptionBudget', 'frontend');
    const canary = ref('PodDisruptionBudget', 'canary');
    // Pairs are oriented by a stable order of the budgets (creation, then kind/namespace/name).
    expect(report).toStrictEqual({
      live: [
        {
          a: frontend,
          b: web,
          rules: ['live-pods', 'static-analysis'],
          sharedPods: [ref('Pod', 'web-0')],
          evictionFails: true,
          witness: { tier: 'frontend', app: 'web' },
        },
      ],
      potential: [
        {
          a: ref('PodDisruptionBudget', 'api'),
          b: frontend,
          rules: ['static-analysis'],
          sharedPods: [],
          evictionFails: true,
          witness: { app: 'api', tier: 'frontend' },
        },
        {
          a: canary,
          b: web,
          rules: ['static-analysis'],
          sharedPods: [],
          evictionFails: true,
          witness: { app: 'web', track: 'canary' },
        },
        {
          a: canary,
          b: frontend,
          rules: ['static-analysis'],
          sharedPods: [],
          evictionFails: true,
          witness: { app: 'web', track: 'canary', tier: 'frontend' },
        },
      ],
      kruiseConflicts: [],
      podsWithMultipleBudgets: [
        { pod: ref('Pod', 'web-0'), budgets: [frontend, web], evictionFails: true },
      ],
      invalidSelectors: [
        {
          budget: ref('PodDisruptionBudget', 'broken'),
          error: '"Gt" is not a valid label selector operator',
        },
      ],
      staticTruncated: false,
    });
  });

  it("flags PUB pairs by OpenKruise's rule, which misses subset selectors that static analysis catches", () => {
    const budgets = [
      pub('shop', 'web-a', {
        selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['web', 'api'] }] },
        maxUnavailable: 1,
      }),
      pub('shop', 'web-b', { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 }),
      pub('shop', 'web-frontend', {
        selector: { matchLabels: { app: 'web', tier: 'frontend' } },
        maxUnavailable: 1,
      }),
      pub('shop', 'by-ref-v1', {
        targetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
        maxUnavailable: 1,
      }),
      pub('shop', 'by-ref-v1beta2', {
        targetRef: { apiVersion: 'apps/v1beta2', kind: 'Deployment', name: 'web' },
        maxUnavailable: 1,
      }),
    ];
    const report = analyzeOverlaps({ budgets, podsOf });
    const [a, b, f, r1, r2] = ['web-a', 'web-b', 'web-frontend', 'by-ref-v1', 'by-ref-v1beta2'].map(
      (n) => ref('PodUnavailableBudget', n),
    );
    expect(report.kruiseConflicts).toStrictEqual([
      {
        a: r1,
        b: r2,
        rule: 'kruise-target-ref',
        message:
          'pub.spec.targetReference is in conflict with other PodUnavailableBudget by-ref-v1',
      },
      {
        a,
        b,
        rule: 'kruise-loose-selector',
        message: 'pub.spec.selector is in conflict with other PodUnavailableBudget web-a',
      },
    ]);
    expect(report.live.map((p) => [p.a.name, p.b.name, p.rules, p.evictionFails])).toStrictEqual([
      ['web-a', 'web-b', ['live-pods', 'static-analysis', 'kruise-admission'], false],
      ['web-a', 'web-frontend', ['live-pods', 'static-analysis'], false],
      ['web-b', 'web-frontend', ['live-pods', 'static-analysis'], false],
    ]);
    expect([report.potential, f]).toStrictEqual([[], ref('PodUnavailableBudget', 'web-frontend')]);
  });
});
