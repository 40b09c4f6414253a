import { describe, expect, it } from 'vitest';
import type { Overlap } from '@pdbscope/shared/api';
import { overlapMatrix } from './matrix.js';

const zk = { kind: 'PodDisruptionBudget', namespace: 'kafka', name: 'zookeeper' } as const;
const zkAll = { kind: 'PodDisruptionBudget', namespace: 'kafka', name: 'zookeeper-all' } as const;
const pub = { kind: 'PodUnavailableBudget', namespace: 'kafka', name: 'zk-pub' } as const;

function overlap(kind: Overlap['kind'], budgets: Overlap['budgets']): Overlap {
  return {
    id: budgets.map((b) => b.name).join('+'),
    kind,
    budgets,
    detectedBy: ['static-analysis'],
    pods: [],
    podCount: 0,
    message: '',
  };
}

describe('overlapMatrix', () => {
  it('marks each pair once per direction, live winning over potential', () => {
    const matrix = overlapMatrix(
      [
        overlap('potential', [zk, zkAll]),
        overlap('live', [zk, zkAll]),
        overlap('potential', [zk, pub]),
      ],
      10,
    );
    expect(matrix.budgets).toStrictEqual([zk, zkAll, pub]);
    expect([...matrix.cells.entries()].sort()).toStrictEqual([
      ['0,1', 'live'],
      ['0,2', 'potential'],
      ['1,0', 'live'],
      ['2,0', 'potential'],
    ]);
    expect(matrix.omitted).toBe(0);
  });

  it('draws the most-overlapping budgets first and says how many were left out', () => {
    const matrix = overlapMatrix(
      [overlap('live', [zk, zkAll]), overlap('potential', [zk, pub])],
      1,
    );
    expect(matrix.budgets).toStrictEqual([zk]);
    expect(matrix.cells.size).toBe(0);
    expect(matrix.omitted).toBe(2);
  });
});
