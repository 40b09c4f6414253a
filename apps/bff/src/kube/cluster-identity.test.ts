import type { ClusterIdentityChange } from '@pdbscope/shared/api';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '@pdbscope/sim/clock';
import {
  ClusterIdentity,
  KUBE_SYSTEM_PATH,
  ResourceVersionTracker,
  uidChanged,
} from './cluster-identity.js';

describe('ResourceVersionTracker', () => {
  it('says why when a numeric version goes back, and starts again from a relist', () => {
    const t = new ResourceVersionTracker();
    expect([t.seen('1000200'), t.seen('1000250'), t.seen('1000250')]).toStrictEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(t.seen('500125')).toBe(
      'resourceVersion went back from 1000250 to 500125: the cluster was restored or replaced',
    );
    t.restart('500125');
    expect([t.seen('500126'), t.seen('500100')]).toStrictEqual([
      undefined,
      'resourceVersion went back from 500126 to 500100: the cluster was restored or replaced',
    ]);
  });

  it('compares beyond 2^53 exactly, and never once a version is not a decimal integer', () => {
    const t = new ResourceVersionTracker();
    expect([t.seen('9007199254740993'), t.seen('9007199254740992')]).toStrictEqual([
      undefined,
      'resourceVersion went back from 9007199254740993 to 9007199254740992: the cluster was restored or replaced',
    ]);
    const opaque = new ResourceVersionTracker();
    expect([opaque.seen('20'), opaque.seen('abc'), opaque.seen('10')]).toStrictEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('uidChanged', () => {
  it('is a reason only when both UIDs are known and differ', () => {
    expect([
      uidChanged({ key: 'a/p', held: 'u1', arrived: 'u1' }),
      uidChanged({ key: 'a/p', held: undefined, arrived: 'u1' }),
      uidChanged({ key: 'a/p', held: 'u1', arrived: '' }),
      uidChanged({ key: 'a/p', held: 'u1', arrived: 'u2' }),
    ]).toStrictEqual([
      undefined,
      undefined,
      undefined,
      'a/p changed its UID from u1 to u2 without being deleted: the cluster was restored or replaced',
    ]);
  });
});

const kubeSystem = (uid: string) => ({
  status: 200,
  body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-system', uid } },
});

/** A ClusterIdentity over answers the test sets, with its log lines, events and relists. */
function identity() {
  const clock = new ManualClock(new Date('2026-11-24T06:00:00Z'));
  let answer: { status: number; body: unknown } = kubeSystem('4a1d-old');
  const paths: string[] = [];
  const lines: { level: number; msg: string; cause?: string }[] = [];
  const published: ClusterIdentityChange[] = [];
  const relists: string[] = [];
  const watch = new ClusterIdentity({
    http: {
      get: (path) => {
        paths.push(path);
        return Promise.resolve(answer);
      },
    },
    clock,
    logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
    relistAll: (reason) => relists.push(reason),
    publish: (change) => published.push(change),
    everyMs: 1000,
    quietMs: 5000,
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    watch,
    clock,
    paths,
    lines,
    published,
    relists,
    settle,
    answer: (a: { status: number; body: unknown }) => (answer = a),
  };
}

describe('ClusterIdentity', () => {
  it('reads the kube-system UID at start and on its interval; a new one relists everything', async () => {
    const t = identity();
    t.watch.start();
    await t.settle();
    t.clock.advance(1000);
    await t.settle();
    expect([t.paths, t.published, t.relists]).toStrictEqual([
      [KUBE_SYSTEM_PATH, KUBE_SYSTEM_PATH],
      [],
      [],
    ]);
    t.answer(kubeSystem('9c7e-new'));
    t.clock.advance(1000);
    await t.settle();
    const reason =
      'the kube-system namespace changed its UID from 4a1d-old to 9c7e-new: another cluster answers at this address';
    expect([t.published, t.relists]).toStrictEqual([
      [
        {
          at: '2026-11-24T06:00:02.000Z',
          cause: 'kube-system-uid-changed',
          reason,
          sourceId: 'namespaces/kube-system',
        },
      ],
      [reason],
    ]);
    expect(t.lines.filter((l) => l.level === 40).map((l) => [l.msg, l.cause])).toStrictEqual([
      ['the cluster was restored or replaced: relisting everything', 'kube-system-uid-changed'],
    ]);
    t.watch.stop();
  });

  it('announces what a source noticed once, folds what others notice in the quiet time, then reads kube-system again', async () => {
    const t = identity();
    t.watch.start();
    await t.settle();
    const rewound = {
      cause: 'resource-version-rewound' as const,
      reason: 'resourceVersion went back from 2400 to 1200: the cluster was restored or replaced',
    };
    t.answer(kubeSystem('9c7e-new'));
    t.watch.noticed({ ...rewound, sourceId: 'pods' });
    t.watch.noticed({ ...rewound, sourceId: 'nodes' });
    await t.settle();
    t.clock.advance(4000);
    await t.settle();
    // The kube-system UID read after the restore is the new cluster's: taken, not a second change.
    expect([t.published.map((c) => [c.cause, c.sourceId]), t.relists.length]).toStrictEqual([
      [['resource-version-rewound', 'pods']],
      1,
    ]);
    t.clock.advance(2000);
    t.watch.noticed({ ...rewound, sourceId: 'nodes' });
    expect(t.published.map((c) => [c.cause, c.sourceId, c.at])).toStrictEqual([
      ['resource-version-rewound', 'pods', '2026-11-24T06:00:00.000Z'],
      ['resource-version-rewound', 'nodes', '2026-11-24T06:00:06.000Z'],
    ]);
    t.watch.stop();
  });

  it('without leave to read kube-system (403) says so once and relies on the sources', async () => {
    const t = identity();
    t.answer({ status: 403, body: { kind: 'Status', code: 403 } });
    t.watch.start();
    await t.settle();
    for (let round = 0; round < 3; round++) {
      t.clock.advance(1000);
      await t.settle();
    }
    expect([t.paths.length, t.published, t.lines.map((l) => [l.level, l.msg])]).toStrictEqual([
      4,
      [],
      [
        [
          30,
          'the kube-system namespace cannot be read: the cluster identity is checked by resourceVersions and UIDs only',
        ],
      ],
    ]);
    t.watch.stop();
  });
});
