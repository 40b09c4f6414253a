import { ClusterIndex } from '@pdbscope/shared/index';
import { describe, expect, it } from 'vitest';
import { zookeeper } from './__fixtures__/zookeeper.js';
import { whatIfAnswer } from './what-if.js';

const now = new Date('2026-11-21T19:40:00Z');
const zk = { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' } as const;
const selector = 'selector:\n  matchLabels:\n    app.kubernetes.io/name: zookeeper\n';

function index() {
  const { sts, pods, pdb } = zookeeper({ reported: { currentHealthy: 3, disruptionsAllowed: 1 } });
  return new ClusterIndex({ now }, { pods, budgets: [pdb], workloads: [sts] });
}

describe('the what-if answer', () => {
  it("answers a budget's spec edit on a view of the index, which it never writes", () => {
    const idx = index();
    const answer = whatIfAnswer(idx, {
      budgetSpecs: [{ budget: zk, spec: `maxUnavailable: 0\n${selector}` }],
    });
    if ('refused' in answer) throw new Error(JSON.stringify(answer.refused));
    expect(answer.budgets).toStrictEqual([
      {
        budget: zk,
        before: {
          minAvailable: null,
          maxUnavailable: 1,
          selected: 3,
          expected: 3,
          desiredHealthy: 2,
          currentHealthy: 3,
          allowed: 1,
        },
        after: {
          minAvailable: null,
          maxUnavailable: 0,
          selected: 3,
          expected: 3,
          desiredHealthy: 3,
          currentHealthy: 3,
          allowed: 0,
        },
        meanwhile: null,
        syncPending: true,
      },
    ]);
    expect(answer.nodes.map((n) => [n.node, n.before.state, n.after.state])).toStrictEqual(
      idx.nodeNames().map((node) => [node, 'drainable', 'stuck']),
    );
    expect(idx.budget(zk)?.budget.spec.maxUnavailable).toBe(1);
  });

  it('names the edit and the line of a spec that is not YAML, or not a mapping', () => {
    expect(
      whatIfAnswer(index(), {
        budgetSpecs: [{ budget: zk, spec: 'maxUnavailable: 1\nmaxUnavailable: 2\n' }],
      }),
    ).toStrictEqual({
      refused: [
        {
          path: 'budgetSpecs[0].spec (line 2)',
          message: 'Map keys must be unique',
        },
      ],
    });
    expect(whatIfAnswer(index(), { budgetSpecs: [{ budget: zk, spec: '- 1' }] })).toStrictEqual({
      refused: [
        { path: 'budgetSpecs[0].spec', message: 'spec must be a mapping (minAvailable: 1, …)' },
      ],
    });
  });
});
