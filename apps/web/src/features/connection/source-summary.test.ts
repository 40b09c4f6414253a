import { describe, expect, it } from 'vitest';
import type { SourceState } from '@pdbscope/shared/api';
import { chipParts, sourceTone, sourcesLabel } from './source-summary.js';

function source(id: string, state: SourceState['state'], extra: Partial<SourceState> = {}) {
  return {
    id,
    resource: `v1 ${id}`,
    state,
    since: '2026-11-21T19:30:00Z',
    objects: 3,
    forbiddenNamespaces: [],
    ...extra,
  } satisfies SourceState;
}

describe('sourcesLabel', () => {
  it('counts degraded sources whether or not the cluster had synced, never "All sources synced"', () => {
    const sources = [source('pods', 'live'), source('nodes', 'degraded'), source('rc', 'degraded')];
    expect(sourcesLabel(sources, true)).toBe('2 of 3 sources degraded');
    expect(sourcesLabel(sources, false)).toBe('2 of 3 sources degraded');
    expect(sourcesLabel([source('snapshot', 'degraded')], false)).toBe('1 of 1 source degraded');
  });

  it('counts refused sources (403) apart, as not visible rather than degraded', () => {
    const refused = [
      source('pods@payments', 'refused'),
      source('poddisruptionbudgets.policy@payments', 'refused'),
      source('pods@shop', 'live'),
    ];
    expect(sourcesLabel(refused, true)).toBe('2 of 3 sources not visible (no permission)');
    expect(sourcesLabel([...refused, source('nodes', 'degraded')], true)).toBe(
      '1 of 4 sources degraded, 2 not visible (no permission)',
    );
  });

  it('says refused credentials (401) first, apart from degraded and not visible', () => {
    const sources = [
      source('pods', 'credentials'),
      source('nodes', 'degraded'),
      source('pods@payments', 'refused'),
      source('poddisruptionbudgets.policy', 'live'),
    ];
    expect(sourcesLabel(sources, true)).toBe(
      '1 of 4 sources: credentials refused (401), renew them; 1 degraded; 1 not visible (no permission)',
    );
    expect(sourcesLabel([source('pods', 'credentials')], false)).toBe(
      '1 of 1 source: credentials refused (401), renew them',
    );
    expect(chipParts(source('pods', 'credentials'))).toStrictEqual({
      symbol: '⚿',
      id: 'pods',
      state: 'credentials refused (401)',
      note: '',
    });
    expect(sourceTone(source('pods', 'credentials'))).toBe('bad');
  });

  it('says how far a sync has got, and that every source is synced once it has', () => {
    const syncing = [source('pods', 'syncing'), source('nodes', 'live'), source('pubs', 'absent')];
    expect(sourcesLabel(syncing, false)).toBe('Syncing: 2 of 3 sources synced');
    const live = [source('pods', 'live'), source('pubs', 'absent')];
    expect(sourcesLabel(live, true)).toBe('All 2 sources synced');
    expect(sourcesLabel([source('snapshot', 'live')], true)).toBe('The source is synced');
  });
});

describe('a source chip', () => {
  it('names the source and its state, and the objects a snapshot could not read', () => {
    const unreadable = [{ position: 'document 3', error: 'not an object' }];
    expect(chipParts(source('pods@shop', 'degraded'))).toStrictEqual({
      symbol: '✕',
      id: 'pods@shop',
      state: 'degraded',
      note: '',
    });
    expect(chipParts(source('snapshot', 'live', { unreadable }))).toStrictEqual({
      symbol: '✓',
      id: 'snapshot',
      state: 'live',
      note: ' · 1 unreadable',
    });
    expect(
      [
        source('a', 'live'),
        source('b', 'live', { unreadable }),
        source('c', 'syncing'),
        source('d', 'degraded'),
        source('e', 'absent'),
        source('f@shop', 'refused'),
      ].map(sourceTone),
    ).toStrictEqual(['good', 'warn', 'warn', 'bad', 'quiet', 'warn']);
    expect(chipParts(source('pods@payments', 'refused'))).toStrictEqual({
      symbol: '⊘',
      id: 'pods@payments',
      state: 'not visible: no permission to list pods in payments',
      note: '',
    });
  });
});
