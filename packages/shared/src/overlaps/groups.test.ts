import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Budget } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { refKey } from '../model/refs.js';
import { labelSelectorMatches } from '../selectors/selector.js';
import { generateCluster } from '../synthetic/generate.js';
import { clusterViews } from '../synthetic/views.js';
import { pdb, pod, pub } from './__fixtures__/objects.js';
import { analyzeOverlaps } from './analyze.js';
import { overlapGroups, overlapGroupsCounted } from './groups.js';
import { overlapPairsPage, overlapsOfMember } from './pairs.js';

function selections(budgets: readonly Budget[], pods: readonly PodView[]) {
  const selected = new Map<Budget, PodView[]>(
    budgets.map((b) => [
      b,
      b.kind === 'PodDisruptionBudget' || !b.spec.targetRef
        ? pods.filter(
            (p) => p.namespace === b.namespace && labelSelectorMatches(b.spec.selector, p.labels),
          )
        : [],
    ]),
  );
  return { budgets, podsOf: (b: Budget) => selected.get(b) ?? [] };
}

describe('overlapGroups', () => {
  it('makes 2,000 budgets over the same 5 pods one group, with a bounded number of intersections', () => {
    const pods = Array.from({ length: 5 }, (_, i) => pod('shop', `web-${i}`, { app: 'web' }));
    const budgets = Array.from({ length: 2_000 }, (_, i) =>
      pdb('shop', `web-${String(i).padStart(4, '0')}`, {
        minAvailable: 1,
        selector: { matchLabels: { app: 'web' } },
      }),
    );
    const { report, staticChecks } = overlapGroupsCounted(selections(budgets, pods));
    const [group] = report.groups;
    expect({
      groups: report.groups.length,
      id: group?.id,
      members: group?.budgets.length,
      rules: group?.rules,
      sharedPods: group?.sharedPods.map((p) => p.name),
      evictionFails: group?.evictionFails,
      witness: group?.witness,
      podsWithMultipleBudgets: report.podsWithMultipleBudgets.map((p) => p.budgets.length),
      staticChecks,
    }).toStrictEqual({
      groups: 1,
      id: 'PodDisruptionBudget/shop/web-0000',
      members: 2_000,
      rules: ['live-pods', 'static-analysis'],
      sharedPods: ['web-0', 'web-1', 'web-2', 'web-3', 'web-4'],
      evictionFails: true,
      witness: { app: 'web' },
      podsWithMultipleBudgets: [2_000, 2_000, 2_000, 2_000, 2_000],
      staticChecks: 0,
    });
  });

  it('links 300 different selectors over the same pods with far fewer intersections than pairs', () => {
    const pods = [pod('shop', 'web-0', { app: 'web', tier: 'front' })];
    const budgets = Array.from({ length: 300 }, (_, i) =>
      pdb('shop', `b-${i}`, {
        maxUnavailable: 1,
        selector: {
          matchLabels: { app: 'web' },
          matchExpressions: [{ key: `other-${i}`, operator: 'DoesNotExist' }],
        },
      }),
    );
    const { report, staticChecks } = overlapGroupsCounted(selections(budgets, pods));
    expect([report.groups.length, report.groups[0]?.budgets.length, staticChecks]).toStrictEqual([
      1, 300, 1,
    ]);
  });

  it('groups are the connected components of the pairs analyzeOverlaps lists, on generated clusters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), (seed) => {
        const views = clusterViews(
          generateCluster({ seed, pods: 300, nodes: 6, budgets: 60, namespaces: 3 }),
        );
        const input = selections(views.budgets, views.pods);
        const pairs = analyzeOverlaps(input);
        const report = overlapGroups(input);
        // Union the pairs' endpoints naively, then compare the member sets.
        const component = new Map<string, Set<string>>();
        const setOf = (k: string) => {
          let s = component.get(k);
          if (!s) component.set(k, (s = new Set([k])));
          return s;
        };
        for (const p of [
          ...pairs.live,
          ...pairs.potential,
          ...pairs.kruiseConflicts.map((c) => ({ a: c.a, b: c.b })),
        ]) {
          const a = setOf(refKey(p.a));
          const b = setOf(refKey(p.b));
          if (a === b) continue;
          for (const k of b) {
            a.add(k);
            component.set(k, a);
          }
        }
        const expected = [...new Set(component.values())].map((s) => [...s].sort()).sort();
        const got = report.groups.map((g) => g.budgets.map(refKey)).sort();
        expect(got).toStrictEqual(expected);
        const sharedExpected = new Set(pairs.live.flatMap((p) => p.sharedPods.map(refKey)));
        expect(new Set(report.groups.flatMap((g) => g.sharedPods.map(refKey)))).toStrictEqual(
          sharedExpected,
        );
      }),
      { numRuns: 25 },
    );
  });

  it('links OpenKruise conflicts once per link, not once per pair', () => {
    const pubs = Array.from({ length: 50 }, (_, i) =>
      pub('shop', `pub-${i}`, {
        maxUnavailable: 1,
        targetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'cart' },
      }),
    );
    const report = overlapGroups({ budgets: pubs, podsOf: () => [] });
    expect([
      report.groups.length,
      report.groups[0]?.budgets.length,
      report.groups[0]?.rules,
      report.groups[0]?.kruiseConflicts.length,
    ]).toStrictEqual([1, 50, ['kruise-admission'], 49]);
  });
});

describe('pairs of a group, on demand', () => {
  const pods = Array.from({ length: 3 }, (_, i) => pod('shop', `web-${i}`, { app: 'web' }));
  const budgets = Array.from({ length: 40 }, (_, i) =>
    pdb('shop', `web-${String(i).padStart(2, '0')}`, {
      minAvailable: 1,
      selector: { matchLabels: { app: 'web' } },
    }),
  );
  const { podsOf } = selections(budgets, pods);

  it('pages through every pair, each page bounded, the same pairs as analyzeOverlaps', () => {
    const seen: string[] = [];
    let page = overlapPairsPage({ members: budgets, podsOf, limit: 100 });
    seen.push(...page.pairs.map((p) => `${p.a.name}+${p.b.name}`));
    let pages = 1;
    while (page.next) {
      page = overlapPairsPage({ members: budgets, podsOf, limit: 100, from: page.next });
      expect(page.pairs.length).toBeLessThanOrEqual(100);
      seen.push(...page.pairs.map((p) => `${p.a.name}+${p.b.name}`));
      pages++;
    }
    const all = analyzeOverlaps({ budgets, podsOf }).live.map((p) => `${p.a.name}+${p.b.name}`);
    expect([pages, seen.length, [...seen].sort()]).toStrictEqual([8, 780, [...all].sort()]);
  });

  it("lists one member's overlaps with the others, up to a limit, with shared pods and rules", () => {
    const first = budgets[5] as Budget;
    const got = overlapsOfMember({ budget: first, members: budgets, podsOf, limit: 3 });
    expect(got.map((p) => [p.b.name, p.rules, p.sharedPods.length, p.evictionFails])).toStrictEqual(
      [
        ['web-00', ['live-pods', 'static-analysis'], 3, true],
        ['web-01', ['live-pods', 'static-analysis'], 3, true],
        ['web-02', ['live-pods', 'static-analysis'], 3, true],
      ],
    );
  });
});
