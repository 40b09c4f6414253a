import { describe, expect, it } from 'vitest';
import { NOW, pdb, pod, pub } from '../budgets/__fixtures__/objects.js';
import { labelSelectorMatches } from '../selectors/selector.js';
import type { PdbView, PubView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { effectiveBlocking } from './effective-blocking.js';

const allowsOne = {
  observedGeneration: 1,
  disruptionsAllowed: 1,
  currentHealthy: 3,
  desiredHealthy: 2,
  expectedPods: 3,
};
const ledger = (name: string, o: { generation?: number; allowed?: number } = {}) =>
  pdb(name, {
    selector: { matchLabels: { app: 'ledger' } },
    maxUnavailable: 1,
    ...(o.generation !== undefined ? { generation: o.generation } : {}),
    status: { ...allowsOne, disruptionsAllowed: o.allowed ?? 1 },
  });
const ledgerPods = ['ledger-0', 'ledger-1', 'ledger-2'].map((n) =>
  pod(n, { labels: { app: 'ledger' } }),
);

/** The index's answer: every budget of the namespace whose selector matches the pod. */
function covering(pdbs: readonly PdbView[], pubs: readonly PubView[] = []) {
  return (p: PodView) => ({
    pdbs: pdbs.filter((b) => labelSelectorMatches(b.spec.selector, p.labels)),
    pubs: pubs.filter((b) => labelSelectorMatches(b.spec.selector, p.labels)),
  });
}

describe('effectiveBlocking', () => {
  it('blocks a budget that allows one when every pod is also under another PDB (each eviction a 500)', () => {
    const a = ledger('ledger');
    const b = ledger('ledger-copy');
    expect(
      effectiveBlocking({ budget: a, pods: ledgerPods, budgetsOf: covering([a, b]), now: NOW }),
    ).toStrictEqual({
      cause: 'multiple-pdbs',
      reason:
        'every one of its 3 pods is under more than one PodDisruptionBudget: each eviction is refused with HTTP 500, whatever the budgets allow',
      refusals: { 'multiple-pdbs': 3 },
    });
  });

  it('does not block when one pod is under this budget alone', () => {
    const a = pdb('ledger-all', {
      selector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] },
      maxUnavailable: 1,
      status: allowsOne,
    });
    const b = ledger('ledger');
    const pods = [...ledgerPods, pod('audit-0', { labels: { app: 'audit' } })];
    expect(
      effectiveBlocking({ budget: a, pods, budgetsOf: covering([a, b]), now: NOW }),
    ).toBeUndefined();
  });

  it('blocks, naming the rules, when every pod is refused for other reasons', () => {
    const stale = ledger('ledger', { generation: 2 });
    expect(
      effectiveBlocking({
        budget: stale,
        pods: ledgerPods,
        budgetsOf: covering([stale]),
        now: NOW,
      }),
    ).toStrictEqual({
      cause: 'every-pod-refused',
      reason: 'none of its 3 pods can be evicted now (3 × the budget is still being processed)',
      refusals: { 'stale-generation': 3 },
    });
  });

  it('says a status that allows nothing blocks, and a budget without pods that allows some does not', () => {
    const none = ledger('ledger', { allowed: 0 });
    const one = ledger('ledger');
    expect([
      effectiveBlocking({ budget: none, pods: [], budgetsOf: covering([none]), now: NOW }),
      effectiveBlocking({ budget: one, pods: [], budgetsOf: covering([one]), now: NOW }),
    ]).toStrictEqual([
      {
        cause: 'allows-none',
        reason: 'it allows 0 disruptions: every eviction of a healthy pod is refused',
        refusals: {},
      },
      undefined,
    ]);
  });

  it('blocks an OpenKruise budget whose pods are each under two PDBs', () => {
    const a = ledger('ledger');
    const b = ledger('ledger-copy');
    const kruise = pub(
      'ledger-pub',
      { selector: { matchLabels: { app: 'ledger' } }, maxUnavailable: 1 },
      {
        status: {
          unavailableAllowed: 1,
          currentAvailable: 3,
          desiredAvailable: 2,
          totalReplicas: 3,
        },
      },
    );
    const annotated = ledgerPods.map((p) => ({
      ...p,
      annotations: { 'pub.kruise.io/related-pub': 'ledger-pub' },
    }));
    expect(
      effectiveBlocking({
        budget: kruise,
        pods: annotated,
        budgetsOf: covering([a, b], [kruise]),
        now: NOW,
      })?.refusals,
    ).toStrictEqual({ 'multiple-pdbs': 3 });
  });
});
