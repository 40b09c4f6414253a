import type { PdbRow } from '@pdbscope/shared/api';
import { describe, expect, it } from 'vitest';
import { zkRow } from '../__fixtures__/fake-store.js';
import { rowEvent } from './row-events.js';

describe('rowEvent', () => {
  const ref = { kind: 'PodDisruptionBudget' as const, namespace: 'data', name: 'zookeeper' };
  const blocked: PdbRow = {
    ...zkRow,
    currentHealthy: 2,
    disruptionsAllowed: 0,
    flags: { ...zkRow.flags, blocking: true },
  };
  it('says added, changed, removed, or nothing', () => {
    expect([
      rowEvent(ref, undefined, zkRow),
      rowEvent(ref, zkRow, blocked),
      rowEvent(ref, zkRow, structuredClone(zkRow)),
      rowEvent(ref, zkRow, undefined),
      rowEvent(ref, undefined, undefined),
    ]).toStrictEqual([
      { type: 'budget-added', budget: zkRow },
      { type: 'budget-changed', budget: blocked },
      undefined,
      { type: 'budget-removed', ref },
      undefined,
    ]);
  });
});
