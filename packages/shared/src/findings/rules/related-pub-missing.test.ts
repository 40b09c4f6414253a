import { describe, expect, it } from 'vitest';
import { pod, pub } from '../../budgets/__fixtures__/objects.js';
import type { OverlapGroupReport } from '../../overlaps/groups.js';
import { evaluateFindings } from '../table.js';
import { relatedPubMissing } from './related-pub-missing.js';

const NOW = new Date('2024-05-01T12:00:00Z');
const noOverlaps: OverlapGroupReport = {
  groups: [],
  podsWithMultipleBudgets: [],
  invalidSelectors: [],
  staticTruncated: false,
};
const marked = (name: string, pubName: string) =>
  pod(name, {
    labels: { app: 'matchmaker' },
    annotations: { 'pub.kruise.io/related-pub': pubName, 'kruise.io/related-pub': pubName },
  });
const matchmakerPub = pub('matchmaker', {
  selector: { matchLabels: { app: 'matchmaker' } },
  maxUnavailable: 1,
});

describe('related-pub-missing', () => {
  it('reports pods naming a PodUnavailableBudget the snapshot does not hold, once per budget', () => {
    const pods = [marked('matchmaker-0', 'matchmaker'), marked('matchmaker-1', 'matchmaker')];
    const findings = evaluateFindings(
      { now: NOW, budgets: [], pods, workloads: [], overlaps: noOverlaps },
      [relatedPubMissing],
    );
    expect(findings).toStrictEqual([
      {
        id: 'related-pub-missing:PodUnavailableBudget/default/matchmaker',
        kind: 'related-pub-missing',
        severity: 'warning',
        object: { kind: 'PodUnavailableBudget', namespace: 'default', name: 'matchmaker' },
        message:
          "2 pod(s) (matchmaker-0, matchmaker-1) name the OpenKruise PodUnavailableBudget default/matchmaker in pub.kruise.io/related-pub, but no such budget is in what was read: the PodUnavailableBudgets are probably missing (a snapshot taken without them?), so OpenKruise's protection of these pods is not shown.",
        remedy:
          'Include podunavailablebudgets.policy.kruise.io in the snapshot: kubectl get pods,pdb,deploy,rs,sts,rc,nodes$(kubectl api-resources -o name | grep -qx podunavailablebudgets.policy.kruise.io && echo ,podunavailablebudgets.policy.kruise.io) -A -o yaml > FILE',
        related: [
          { kind: 'Pod', namespace: 'default', name: 'matchmaker-0' },
          { kind: 'Pod', namespace: 'default', name: 'matchmaker-1' },
        ],
      },
    ]);
  });

  it('says nothing when the named budget is there', () => {
    const pods = [marked('matchmaker-0', 'matchmaker')];
    expect(
      evaluateFindings(
        {
          now: NOW,
          budgets: [{ budget: matchmakerPub, pods, validation: [] }],
          pods,
          workloads: [],
          overlaps: noOverlaps,
        },
        [relatedPubMissing],
      ),
    ).toStrictEqual([]);
  });
});
