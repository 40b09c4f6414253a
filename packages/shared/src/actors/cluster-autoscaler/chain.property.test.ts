import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { podFromObject } from '../../model/convert.js';
import type { PodView } from '../../model/pod.js';
import { combineStatuses, defaultRules, drainable } from './chain.js';
import { CLUSTER_AUTOSCALER_DEFAULTS } from './options.js';
import type { DrainabilityRule } from './rules.js';
import type { DrainOutcome, DrainStatus } from './status.js';

const OUTCOMES: readonly DrainOutcome[] = [
  'UndefinedOutcome',
  'DrainOk',
  'BlockDrain',
  'SkipDrain',
  'WaitForCompletion',
];

const status: fc.Arbitrary<DrainStatus> = fc
  .record({
    outcome: fc.constantFrom(...OUTCOMES),
    overrides: fc.oneof(
      { weight: 3, arbitrary: fc.constant([] as DrainOutcome[]) },
      { weight: 1, arbitrary: fc.subarray([...OUTCOMES], { minLength: 1 }) },
    ),
  })
  .map(({ outcome, overrides }) => ({
    outcome,
    blockingReason: outcome === 'BlockDrain' ? 'NotEnoughPdb' : 'NoReason',
    ...(overrides.length > 0 ? { overrides } : {}),
  }));

const POD = ((): PodView => {
  const r = podFromObject({ metadata: { name: 'web-7c9d-x7k2p', namespace: 'shop' } });
  if (!r.ok) throw new Error(r.error);
  return r.value;
})();

/** Rules that return the given statuses, counting how many of them ran. */
function scripted(statuses: readonly DrainStatus[], ran: { count: number }): DrainabilityRule[] {
  return statuses.map((s, i) => ({
    name: `rule-${i}`,
    drainable: () => {
      ran.count = Math.max(ran.count, i + 1);
      return s;
    },
  }));
}

describe('Rules.Drainable', () => {
  it('without overrides, returns the first status that decides and runs no rule after it', () => {
    fc.assert(
      fc.property(
        fc.array(status.map((s) => ({ outcome: s.outcome, blockingReason: s.blockingReason }))),
        (statuses) => {
          const ran = { count: 0 };
          const v = drainable(scripted(statuses, ran), { pod: POD, pdbs: [] }, { nowNs: 0n });
          const first = statuses.findIndex((s) => s.outcome !== 'UndefinedOutcome');
          expect(v.status).toStrictEqual(
            first === -1
              ? { outcome: 'UndefinedOutcome', blockingReason: 'NoReason' }
              : statuses[first],
          );
          expect(v.rule).toBe(first === -1 ? undefined : `rule-${first}`);
          expect(ran.count).toBe(first === -1 ? statuses.length : first + 1);
        },
      ),
    );
  });

  it('returns the earliest remembered status overriding the first later outcome it lists', () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 8 }), (statuses) => {
        const ran = { count: 0 };
        const v = drainable(scripted(statuses, ran), { pod: POD, pdbs: [] }, { nowNs: 0n });
        // The first status (without overrides) that an earlier overriding status lists, or that decides.
        const overriding = (i: number) =>
          statuses
            .slice(0, i)
            .findIndex((s) => s.overrides?.includes(statuses[i]?.outcome as DrainOutcome) ?? false);
        const trigger = statuses.findIndex(
          (s, i) =>
            (s.overrides === undefined || s.overrides.length === 0) &&
            (overriding(i) !== -1 || s.outcome !== 'UndefinedOutcome'),
        );
        const winner =
          trigger === -1 ? -1 : overriding(trigger) === -1 ? trigger : overriding(trigger);
        expect(v.status).toStrictEqual(
          winner === -1
            ? { outcome: 'UndefinedOutcome', blockingReason: 'NoReason' }
            : statuses[winner],
        );
        expect(v.rule).toBe(winner === -1 ? undefined : `rule-${winner}`);
        expect(ran.count).toBe(trigger === -1 ? statuses.length : trigger + 1);
        // The lazy chain and the combination of every status agree.
        expect(
          combineStatuses(statuses.map((s, i) => ({ rule: `rule-${i}`, status: s }))),
        ).toStrictEqual(v);
      }),
    );
  });

  it('registers the optional rules exactly when their flags are on, in CA’s order', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (system, local, custom) => {
        const names = defaultRules({
          ...CLUSTER_AUTOSCALER_DEFAULTS,
          skipNodesWithSystemPods: system,
          skipNodesWithLocalStorage: local,
          skipNodesWithCustomControllerPods: custom,
        }).map((r) => r.name);
        expect(names).toStrictEqual(
          [
            'Mirror',
            'LongTerminating',
            custom && 'ReplicaCount',
            'DaemonSet',
            'SafeToEvict',
            'Terminal',
            'OnCompletion',
            'Replicated',
            system && 'System',
            'NotSafeToEvict',
            local && 'LocalStorage',
            'PDB',
          ].filter((n) => n !== false),
        );
      }),
    );
  });
});
