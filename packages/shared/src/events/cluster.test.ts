import { describe, expect, it } from 'vitest';
import { budgetSummary, cluster, source } from '../testing/index.js';
import { reduceCluster } from './cluster.js';
import { parseServerEvent } from './parse.js';

const at = '2026-11-21T19:40:00Z';

describe('reduceCluster', () => {
  const base = cluster();

  it('replaces a source by id and takes the readiness the event carries', () => {
    const degraded = {
      ...source('pods', 'degraded'),
      reason: 'watch: connect ECONNREFUSED',
      lastEventAt: '2026-11-21T19:39:59Z',
    };
    expect(
      reduceCluster(base, {
        type: 'source-changed',
        id: 'e1-11',
        at,
        source: degraded,
        ready: true,
      }),
    ).toStrictEqual({
      ...base,
      sources: [degraded, source('nodes', 'live')],
      lastEventAt: '2026-11-21T19:39:59Z',
      eventId: 'e1-11',
    });
  });

  it('appends a source it did not know', () => {
    const pubs = source('podunavailablebudgets.policy.kruise.io', 'syncing');
    expect(
      reduceCluster(base, { type: 'source-changed', id: 'e1-12', at, source: pubs, ready: false }),
    ).toStrictEqual({
      ...base,
      sources: [...base.sources, pubs],
      ready: false,
      eventId: 'e1-12',
    });
  });

  it('returns the same object when nothing changed', () => {
    expect(
      reduceCluster(base, {
        type: 'source-changed',
        id: 'e1-13',
        at,
        source: source('pods', 'live'),
        ready: true,
      }),
    ).toBe(base);
    expect(
      reduceCluster(base, {
        type: 'summary-changed',
        id: 'e1-14',
        at,
        summary: budgetSummary({ budgets: 7 }),
        counts: base.counts,
      }),
    ).toBe(base);
    expect(reduceCluster(base, { type: 'resync', id: 'e1-15', at, reason: 'restarted' })).toBe(
      base,
    );
  });

  it('drops a removed source and takes the readiness the event carries', () => {
    expect(
      reduceCluster(base, {
        type: 'source-removed',
        id: 'e1-17',
        at,
        sourceId: 'pods',
        ready: true,
      }),
    ).toStrictEqual({ ...base, sources: [source('nodes', 'live')], eventId: 'e1-17' });
    expect(
      reduceCluster(base, {
        type: 'source-removed',
        id: 'e1-18',
        at,
        sourceId: 'pods@cart',
        ready: false,
      }),
    ).toStrictEqual({ ...base, ready: false, eventId: 'e1-18' });
  });

  it('returns the same object when the removed source was not there', () => {
    expect(
      reduceCluster(base, {
        type: 'source-removed',
        id: 'e1-19',
        at,
        sourceId: 'pods@cart',
        ready: true,
      }),
    ).toBe(base);
  });

  it('becomes ready with the counts the ready event carries, sources untouched', () => {
    const syncing = { ...base, ready: false, counts: { ...base.counts, pods: 12 } };
    expect(
      reduceCluster(syncing, { type: 'ready', id: 'e1-20', at, counts: base.counts }),
    ).toStrictEqual({ ...base, eventId: 'e1-20' });
  });

  it('keeps the last cluster identity change the event carries', () => {
    const change = {
      at,
      cause: 'kube-system-uid-changed' as const,
      reason:
        'the kube-system namespace changed its UID from 9d0e4a98 to 5b53cb73: another cluster answers at this address',
      sourceId: 'cluster',
    };
    const event = { type: 'cluster-identity-changed' as const, id: 'e1-21', at, change };
    expect(parseServerEvent(JSON.stringify(event))).toStrictEqual(event);
    expect(reduceCluster(base, event)).toStrictEqual({
      ...base,
      identityChange: change,
      eventId: 'e1-21',
    });
  });

  it('takes the whole new cluster when the BFF watches another context, nothing of the old one', () => {
    const other = {
      ...cluster(),
      source: 'kubeconfig' as const,
      context: 'staging',
      server: 'https://staging.example:6443',
      ready: false,
      sources: [source('pods', 'syncing')],
      eventId: 'e1-30',
    };
    const withChange = {
      ...base,
      identityChange: {
        at,
        cause: 'uid-changed' as const,
        reason: 'pods shop/web-1 has another UID',
        sourceId: 'pods',
      },
    };
    expect(
      reduceCluster(withChange, { type: 'context-changed', id: 'e1-31', at, cluster: other }),
    ).toStrictEqual({ ...other, eventId: 'e1-31' });
  });

  it('takes new counts', () => {
    const counts = { ...base.counts, pods: 41 };
    const summary = budgetSummary({ budgets: 7 });
    expect(
      reduceCluster(base, { type: 'summary-changed', id: 'e1-16', at, summary, counts }),
    ).toStrictEqual({ ...base, counts, eventId: 'e1-16' });
  });
});

describe('parseServerEvent', () => {
  it('reads a valid event and refuses anything else without throwing', () => {
    const event = { type: 'resync', id: 'e2-1', at, reason: 'the server restarted' };
    expect(parseServerEvent(JSON.stringify(event))).toStrictEqual(event);
    expect([
      parseServerEvent('{'),
      parseServerEvent('{"type":"budget-added"}'),
      parseServerEvent('null'),
    ]).toStrictEqual([undefined, undefined, undefined]);
  });
});
