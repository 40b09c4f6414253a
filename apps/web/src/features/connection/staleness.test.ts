import { describe, expect, it } from 'vitest';
import type { SourceState } from '@pdbscope/shared/api';
import type { StreamStatus } from '../../api/stream-status.js';
import { staleFor, staleness } from './staleness.js';

const open: StreamStatus = {
  state: 'open',
  since: Date.parse('2026-11-21T19:00:00Z'),
  attempts: 0,
};

function source(id: string, state: SourceState['state'], since: string): SourceState {
  return { id, resource: `v1 ${id}`, state, since, objects: 1, forbiddenNamespaces: [] };
}

describe('staleness', () => {
  it('is nothing while the stream is open and every source the numbers read is good', () => {
    const sources = [
      source('pods', 'live', '2026-11-21T19:00:00Z'),
      source('events', 'degraded', '2026-11-21T19:05:00Z'),
      source('podunavailablebudgets.policy.kruise.io', 'absent', '2026-11-21T19:00:00Z'),
    ];
    expect(staleness({ view: 'budgets', stream: open, sources })).toBeUndefined();
    expect(
      staleness({
        view: 'budgets',
        stream: open,
        sources: [source('nodes', 'degraded', '2026-11-21T19:05:00Z')],
      }),
    ).toBeUndefined();
  });

  it('dates the numbers from the earliest cause: a lost stream or a degraded source they read', () => {
    const away: StreamStatus = {
      state: 'away',
      since: Date.parse('2026-11-21T19:10:00Z'),
      attempts: 3,
    };
    const sources = [
      source('pods@shop', 'degraded', '2026-11-21T19:07:00Z'),
      source('nodes', 'degraded', '2026-11-21T19:02:00Z'),
      source('events@shop', 'degraded', '2026-11-21T19:01:00Z'),
    ];
    expect(staleness({ view: 'budgets', stream: away, sources })).toStrictEqual({
      since: Date.parse('2026-11-21T19:07:00Z'),
      causes: ['live updates lost', 'pods@shop degraded'],
    });
    expect(staleness({ view: 'nodes', stream: open, sources })).toStrictEqual({
      since: Date.parse('2026-11-21T19:02:00Z'),
      causes: ['pods@shop degraded', 'nodes degraded'],
    });
  });
});

describe('staleFor', () => {
  it('moves at most once a minute', () => {
    const since = Date.parse('2026-11-21T19:00:00Z');
    expect(
      [0, 59_000, 60_000, 119_000, 7_199_000, 7_200_000, 172_800_000].map((ms) =>
        staleFor(since, since + ms),
      ),
    ).toStrictEqual(['<1 min', '<1 min', '1 min', '1 min', '119 min', '2 h', '2 d']);
  });
});
