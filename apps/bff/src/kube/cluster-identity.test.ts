import { describe, expect, it } from 'vitest';
import { ResourceVersionTracker, uidChanged } from './cluster-identity.js';

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
