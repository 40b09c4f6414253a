import type { SourceState } from '@pdbscope/shared/api';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '@pdbscope/sim/clock';
import { SourceReadiness } from './source-readiness.js';

const clock = new ManualClock('2026-11-21T19:40:00Z');

function source(id: string, settled: boolean) {
  const state: SourceState = {
    id,
    resource: `v1 ${id}`,
    state: settled ? 'live' : 'syncing',
    since: '2026-11-21T19:00:00.000Z',
    objects: 0,
    forbiddenNamespaces: [],
  };
  return { snapshot: () => state, settled };
}

/** Readiness whose log lines and the times it told the store to build the test reads. */
function readiness() {
  const lines: { level: number; msg: string }[] = [];
  let settled = 0;
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  const r = new SourceReadiness({
    logger,
    clock,
    hub: { publish: () => {} },
    store: {
      apply: (change) => {
        if (change.type === 'sources-settled') settled += 1;
      },
    },
  });
  return { r, lines, settledCount: () => settled };
}

describe('SourceReadiness', () => {
  it('settles once, when the last source has synced and the step before the build has run', async () => {
    const { r, settledCount } = readiness();
    r.add('pods', source('pods', true));
    r.add('nodes', source('nodes', false));
    let release: () => void = () => {};
    r.setBeforeBuild(() => new Promise<void>((resolve) => (release = resolve)));
    r.check();
    const whileSyncing = settledCount();
    r.add('nodes', source('nodes', true));
    r.check();
    r.check();
    const duringStep = settledCount();
    release();
    await new Promise((resolve) => setImmediate(resolve));
    r.check();
    expect([whileSyncing, duringStep, settledCount(), r.settled]).toStrictEqual([0, 0, 1, true]);
  });

  it('shows a failed step as a degraded state and an error line, and settles anyway', async () => {
    const { r, lines, settledCount } = readiness();
    r.add('pods', source('pods', true));
    r.setBeforeBuild(() => Promise.reject(new Error('scale of Rollout shop/web: 500')));
    r.check();
    await new Promise((resolve) => setImmediate(resolve));
    expect({
      settled: settledCount(),
      states: r.states(),
      log: lines.map((l) => [l.level, l.msg]),
    }).toStrictEqual({
      settled: 1,
      states: [
        {
          id: 'before-first-build',
          resource: "owners' scales, read before the first build",
          state: 'degraded',
          reason: 'scale of Rollout shop/web: 500',
          since: '2026-11-21T19:40:00.000Z',
          objects: 0,
          forbiddenNamespaces: [],
        },
        source('pods', true).snapshot(),
      ],
      log: [[50, 'the step before the first build failed: building without it']],
    });
  });

  it('stops waiting for a source that is removed', () => {
    const { r, settledCount } = readiness();
    r.add('pods@billing', source('pods@billing', true));
    r.add('pods@cart', source('pods@cart', false));
    r.check();
    expect([
      settledCount(),
      r.remove('pods@cart'),
      r.remove('pods@cart'),
      settledCount(),
    ]).toStrictEqual([0, true, false, 1]);
  });
});
