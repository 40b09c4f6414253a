import { describe, expect, it } from 'vitest';
import type { Budget } from '../model/budget.js';
import { labelSelectorMatches } from '../selectors/selector.js';
import { liveSharing } from './live.js';
import { pdb, pod, pub } from './__fixtures__/objects.js';

const pods = [
  pod('shop', 'web-0', { app: 'web', tier: 'frontend' }),
  pod('shop', 'web-1', { app: 'web', tier: 'frontend' }),
  pod('shop', 'web-2', { app: 'web' }),
  pod('shop', 'db-0', { app: 'db' }),
];

function podsOf(budget: Budget) {
  const selector = budget.spec.selector;
  return pods.filter(
    (p) => p.namespace === budget.namespace && labelSelectorMatches(selector, p.labels),
  );
}

describe('liveSharing', () => {
  it('finds the pairs and the pods under more than one budget, with the 500 only for two PDBs', () => {
    const budgets = [
      pdb('shop', 'web', { selector: { matchLabels: { app: 'web' } }, minAvailable: 1 }),
      pdb('shop', 'frontend', {
        selector: { matchLabels: { tier: 'frontend' } },
        maxUnavailable: 1,
      }),
      pub('shop', 'web-pub', {
        selector: { matchLabels: { app: 'web', tier: 'frontend' } },
        maxUnavailable: 1,
      }),
      pdb('shop', 'db', { selector: { matchLabels: { app: 'db' } }, minAvailable: 1 }),
    ];
    const web = { kind: 'PodDisruptionBudget', namespace: 'shop', name: 'web' };
    const frontend = { kind: 'PodDisruptionBudget', namespace: 'shop', name: 'frontend' };
    const webPub = { kind: 'PodUnavailableBudget', namespace: 'shop', name: 'web-pub' };
    const web0 = { kind: 'Pod', namespace: 'shop', name: 'web-0' };
    const web1 = { kind: 'Pod', namespace: 'shop', name: 'web-1' };
    expect(liveSharing({ budgets, podsOf })).toStrictEqual({
      pairs: [
        { a: web, b: frontend, sharedPods: [web0, web1], evictionFails: true },
        { a: web, b: webPub, sharedPods: [web0, web1], evictionFails: false },
        { a: frontend, b: webPub, sharedPods: [web0, web1], evictionFails: false },
      ],
      podsWithMultipleBudgets: [
        { pod: web0, budgets: [web, frontend, webPub], evictionFails: true },
        { pod: web1, budgets: [web, frontend, webPub], evictionFails: true },
      ],
    });
  });

  it('reports nothing when every pod has at most one budget', () => {
    const budgets = [
      pdb('shop', 'db', { selector: { matchLabels: { app: 'db' } }, minAvailable: 1 }),
    ];
    expect(liveSharing({ budgets, podsOf })).toStrictEqual({
      pairs: [],
      podsWithMultipleBudgets: [],
    });
  });
});
