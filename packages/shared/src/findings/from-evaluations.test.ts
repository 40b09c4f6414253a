import { describe, expect, it } from 'vitest';
import { syncPdb } from '../budgets/sync.js';
import { workloadLookupFromList } from '../budgets/workload-lookup.js';
import { syncPub } from '../pub/sync.js';
import { pdb, pod, pub } from '../overlaps/__fixtures__/objects.js';
import { budgetFactsFromEvaluations } from './from-evaluations.js';

const NOW = new Date('2024-05-01T12:00:00Z');
const workloads = workloadLookupFromList([]);

describe('budgetFactsFromEvaluations', () => {
  it('carries the selection and sync, and validates the spec', () => {
    const bad = pdb('shop', 'bad', {
      selector: { matchLabels: { app: 'web' } },
      minAvailable: 'abc%',
    });
    const pods = [pod('shop', 'web-0', { app: 'web' })];
    const sync = syncPdb({ pdb: bad, pods, workloads, now: NOW });
    const thePub = pub('shop', 'web-pub', {
      selector: { matchLabels: { app: 'web' } },
      maxUnavailable: 1,
    });
    const pubSync = syncPub({ pub: thePub, pods, workloads, now: NOW });
    const facts = budgetFactsFromEvaluations([
      { kind: 'PodDisruptionBudget', budget: bad, pods, sync },
      { kind: 'PodUnavailableBudget', budget: thePub, pods: pubSync.pods, sync: pubSync },
    ]);
    expect(facts).toStrictEqual([
      {
        budget: bad,
        pods,
        recomputed: sync,
        validation: [
          {
            field: 'spec.minAvailable',
            type: 'FieldValueInvalid',
            value: 'abc%',
            detail:
              "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
          },
        ],
      },
      {
        budget: thePub,
        pods: pubSync.pods,
        recomputed: { status: pubSync.status },
        validation: [],
      },
    ]);
    expect(sync.syncFailed).toStrictEqual(true);
  });
});
